import fs = require('node:fs');
import type { Worker } from 'node:worker_threads';
import { IdleEndedWorker, workerClass } from './worker-class';
import { inProcessSpecLoader, LoadedSpec, loadingSpec, readSpec, SpecLoader, SpecText } from '../checker';
import { PackedSpec, unpackSpec } from '../checker/openapi/packed-spec';

export interface SpecRequest {
  id: number;
  file: string;
  text: string;
}

export interface SpecReply {
  id: number;
  spec: PackedSpec;
}

/** The worker's heap: a spec whose reading needs more gets a finding instead of taking the server down. */
export const SPEC_WORKER_HEAP_MB = 1024;
/**
 * YAML specs shorter than this are read at once, in process: the line scanner reads 128 KB in about 3 ms, and
 * YAML it cannot follow, read by the full parser, takes about 100 ms.
 */
export const IN_PROCESS_SPEC_BYTES = 128 * 1024;
/**
 * JSON specs shorter than this too: the JSON pass reads about 15 MB a second (the bench's 1.4 MB spec: 60-100 ms,
 * once per content), and a worker adds 17 MB to the server's peak memory (10k-entry bench repo: 90 -> 107 MB).
 */
export const IN_PROCESS_JSON_SPEC_BYTES = 2 * 1024 * 1024;
/** An idle worker is ended after this long: its memory is the server's until then. */
const IDLE_WORKER_MS = 10_000;

interface Job {
  key: string;
  file: string;
  absolute: string;
  text?: string;
  waiting: ((spec: LoadedSpec) => void)[];
}

/**
 * Reads specs in a worker thread (`script`, the bundled spec-worker.js), one at a time. A `load` of a short
 * spec answers with it; any other answers `loading`, and the spec goes to each caller's `ready` (callers asking
 * for the same file and content while it is read share one parse). Nothing is kept once handed over: the workspaces keep their specs. A job replaced by a
 * newer text of the same file before it started is dropped (typing in a spec queues one parse, not one per key).
 */
export class WorkerSpecLoader implements SpecLoader {
  private readonly worker = new IdleEndedWorker(() => this.startWorker(), IDLE_WORKER_MS);
  private readonly jobs = new Map<string, Job>();
  private queue: Job[] = [];
  private running?: { id: number; job: Job };
  private nextId = 1;

  constructor(
    private readonly script: string,
    private readonly heapMb = SPEC_WORKER_HEAP_MB,
    private readonly inProcessBelow = IN_PROCESS_SPEC_BYTES,
  ) {}

  load({ file, absolute, text, hash }: SpecText, ready: (spec: LoadedSpec) => void): LoadedSpec {
    const limit = /^\s*[{[]/.test(text) ? Math.max(this.inProcessBelow, IN_PROCESS_JSON_SPEC_BYTES) : this.inProcessBelow;
    if (text.length < limit) return readSpec(file, text);
    const key = `${absolute}\0${file}\0${hash}`;
    const job = this.jobs.get(key);
    if (job) {
      job.waiting.push(ready);
      return loadingSpec(file);
    }
    const created: Job = { key, file, absolute, text, waiting: [ready] };
    const older = this.queue.find((queued) => queued.absolute === absolute);
    if (older) {
      // Not started, and its callers have asked for the newer text since (a caller that did not drops the answer).
      this.queue = this.queue.filter((queued) => queued !== older);
      this.jobs.delete(older.key);
    }
    this.jobs.set(key, created);
    this.queue.push(created);
    this.startNext();
    return loadingSpec(file);
  }

  /** Ends the worker; nothing pending is answered. */
  dispose(): void {
    this.worker.end();
    this.queue = [];
    this.jobs.clear();
    this.running = undefined;
  }

  private startNext(): void {
    if (this.running) return;
    const job = this.queue.shift();
    // An idle worker does not keep the process alive (the server ends when its client goes), and is ended soon.
    if (!job) return this.worker.idle();
    const worker = this.worker.busy();
    const id = this.nextId++;
    this.running = { id, job };
    const request: SpecRequest = { id, file: job.file, text: job.text! };
    job.text = undefined;
    worker.postMessage(request);
  }

  private startWorker(): Worker {
    const worker = new (workerClass())(this.script, { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    worker.on('message', (reply: SpecReply) => {
      if (this.running?.id === reply.id) this.finish(unpackSpec(reply.spec));
    });
    const failed = (why: string) => {
      if (this.worker.current !== worker) return;
      this.worker.lost();
      const running = this.running;
      if (running) this.finish({ ok: false, file: running.job.file, problem: 'invalid', message: why });
    };
    worker.on('error', (error) => failed(/memory/i.test(error.message) ? this.outOfMemory() : `reading it failed: ${error.message}`));
    worker.on('exit', (code) => failed(code === 0 ? 'the reader stopped' : this.outOfMemory()));
    return worker;
  }

  private outOfMemory(): string {
    return `reading it needs more than ${this.heapMb} MB of memory, the limit for one spec`;
  }

  private finish(spec: LoadedSpec): void {
    const job = this.running!.job;
    this.running = undefined;
    this.jobs.delete(job.key);
    for (const ready of job.waiting) ready(spec);
    this.startNext();
  }
}

/** The worker-backed loader when its script is there (the bundled server), else reading in process. */
export function specLoaderFor(script: string): SpecLoader & { dispose?: () => void } {
  return fs.existsSync(script) ? new WorkerSpecLoader(script) : inProcessSpecLoader;
}
