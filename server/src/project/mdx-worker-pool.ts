import fs = require('node:fs');
import path = require('node:path');
import type { Worker } from 'node:worker_threads';
import { workerClass } from './worker-class';
import type { MdxSyntaxError } from '../checker/pages/mdx-parse';

export interface MdxRequest {
  id: number;
  text: string;
}

export interface MdxReply {
  id: number;
  error: MdxSyntaxError | undefined;
}

/** A worker's heap: a page whose parse needs more is a page that could not be parsed, not a server gone. */
export const MDX_WORKER_HEAP_MB = 512;
/** An idle worker is ended after this long: its memory is the process's until then. */
const IDLE_WORKER_MS = 10_000;

interface Slot {
  worker?: Worker;
  running?: { id: number; done: (error: MdxSyntaxError | undefined) => void };
}

/**
 * Parses page texts as MDX in up to `size` worker threads (`script`, the bundled mdx-worker.js), one page per worker
 * at a time; the parser is in the worker's bundle only. Workers start on the first page and end when idle. A worker
 * that dies (out of memory) answers its page as one that could not be parsed, and a new one takes the next page.
 */
export class MdxWorkerPool {
  private readonly slots: Slot[];
  private nextId = 1;
  private idleTimer?: NodeJS.Timeout;

  constructor(
    private readonly script: string,
    readonly size = 1,
    private readonly heapMb = MDX_WORKER_HEAP_MB,
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({}));
  }

  /** Whether a worker is free for a page now. */
  get free(): boolean {
    return this.slots.some((slot) => !slot.running);
  }

  /** Parses a text on a free worker (callers check `free`), answering its error or undefined. */
  parse(text: string, done: (error: MdxSyntaxError | undefined) => void): void {
    const slot = this.slots.find((s) => !s.running);
    if (!slot) throw new Error('no free MDX worker');
    clearTimeout(this.idleTimer);
    const worker = this.workerOf(slot);
    worker.ref();
    const id = this.nextId++;
    slot.running = {
      id,
      done: (error) => {
        slot.running = undefined;
        if (slot.worker && !this.slots.some((s) => s.running)) this.idle();
        else slot.worker?.unref();
        done(error);
      },
    };
    const request: MdxRequest = { id, text };
    worker.postMessage(request);
  }

  dispose(): void {
    clearTimeout(this.idleTimer);
    for (const slot of this.slots) this.end(slot);
  }

  private idle(): void {
    // Idle workers do not keep the process alive, and are ended soon.
    for (const slot of this.slots) slot.worker?.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.dispose(), IDLE_WORKER_MS).unref();
  }

  private end(slot: Slot): void {
    const worker = slot.worker;
    slot.worker = undefined;
    void worker?.terminate();
  }

  private workerOf(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const resourceLimits = { maxOldGenerationSizeMb: this.heapMb };
    // From source (tests): the worker loads the TypeScript through tsx, which a worker thread does not inherit.
    const worker = this.script.endsWith('.ts')
      ? new (workerClass())(`require('tsx/cjs'); require(${JSON.stringify(this.script)});`, { eval: true, resourceLimits })
      : new (workerClass())(this.script, { resourceLimits });
    worker.on('message', (reply: MdxReply) => {
      if (slot.running?.id === reply.id) slot.running.done(reply.error);
    });
    const failed = (why: string) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      slot.running?.done({ offset: 0, length: 0, message: `MDX could not be parsed: ${why}.` });
    };
    worker.on('error', (error) => failed(/memory/i.test(error.message) ? this.outOfMemory() : `the parser failed (${error.message})`));
    worker.on('exit', (code) => failed(code === 0 ? 'the parser stopped' : this.outOfMemory()));
    slot.worker = worker;
    return worker;
  }

  private outOfMemory(): string {
    return `parsing it needs more than ${this.heapMb} MB of memory, the limit for one page`;
  }
}

/**
 * The MDX worker script beside the running bundle (dist/server/mdx-worker.js, from the server's or the CLI's bundle),
 * or its source when running from source (tests under tsx: a worker inherits the `--import tsx` of its process).
 */
export function mdxWorkerScript(): string | undefined {
  const candidates = [path.join(__dirname, 'mdx-worker.js'), path.join(__dirname, '..', 'server', 'mdx-worker.js'), path.join(__dirname, 'mdx-worker.ts')];
  return candidates.find((file) => fs.existsSync(file));
}
