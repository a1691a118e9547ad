import fs = require('node:fs');
import type { Worker } from 'node:worker_threads';
import { IdleEndedWorker, workerClass, workerScript } from './worker-class';
import type { SpecText } from '../checker';
import type { SpecValidation, SpecValidator } from '../checker/openapi/spec-validation';
import type { ValidationReply, ValidationRequest } from './spec-validation-worker';

/** A spec whose validation takes longer than this is not validated (its worker is ended): polar's 2.7 MB spec takes 0.4 s. */
export const SPEC_VALIDATION_MS = 30_000;
/** The validating worker's heap: a spec that needs more is not validated, and the server goes on. */
export const SPEC_VALIDATION_HEAP_MB = 1024;
/**
 * The validating worker's young generation, at most (V8's default is 48 MB; the server's own thread runs with 2 MB
 * semi-spaces, node-flags.ts). Validating the 100k bench repo's 1.4 MB spec in a worker took its process from 43 to 117-119 MB
 * with the default and to 105-107 MB with 8, for the same CPU time (0.9-1.2 s, five runs each; issue 52): the worker
 * runs beside the server's first pass over the pages, at its peak.
 */
export const SPEC_VALIDATION_YOUNG_MB = 8;

/**
 * How long the worker is kept once nothing is queued: not at all. Its heap (some 50-60 MB of the server's RSS while
 * the 100k bench repo's 1.4 MB spec is validated) was kept 10 s after the answer, while the first pass over the
 * pages went on. The bench's server peak (5 runs each, taking turns, load 9-16): kept 10 s 193.6-214.2 MB (median
 * 203.0), ended at once 190.6-207.2 MB (median 197.1); sampled every 0.5 s, the server is some 30 MB lower from the
 * answer on, and the peak itself falls while the validation runs (issue 52). The price: a spec edited in the editor
 * starts a worker for each validation, off the server's thread.
 */
export const SPEC_VALIDATION_IDLE_MS = 0;

interface Job {
  request: SpecText;
  ready: (validation: SpecValidation) => void;
}

/**
 * Validates specs in a worker thread (`script`, the bundled spec-validation-worker.js), one at a time, each within
 * a time budget: past it the worker is ended (a hostile spec cannot hold it) and the spec is said not validated. A
 * queued spec replaced by a newer text of the same file is answered `skipped` at once (its caller has moved on).
 */
export class WorkerSpecValidator implements SpecValidator {
  private readonly worker: IdleEndedWorker;
  private queue: Job[] = [];
  private running?: { id: number; job: Job; timer: NodeJS.Timeout };
  private nextId = 1;

  constructor(
    private readonly script: string,
    private readonly budgetMs = SPEC_VALIDATION_MS,
    private readonly heapMb = SPEC_VALIDATION_HEAP_MB,
    idleMs = SPEC_VALIDATION_IDLE_MS,
  ) {
    this.worker = new IdleEndedWorker(() => this.startWorker(), idleMs);
  }

  /** Whether a worker is running (validating, or idle and not yet ended). */
  get alive(): boolean {
    return this.worker.current !== undefined;
  }

  validate(request: SpecText, ready: (validation: SpecValidation) => void): void {
    for (const older of this.queue.filter((job) => job.request.absolute === request.absolute)) {
      older.ready({ state: 'skipped', note: 'not validated: a newer text replaced it' });
    }
    this.queue = this.queue.filter((job) => job.request.absolute !== request.absolute);
    this.queue.push({ request, ready });
    this.startNext();
  }

  /** Ends the worker; nothing pending is answered. */
  dispose(): void {
    this.queue = [];
    if (this.running) clearTimeout(this.running.timer);
    this.running = undefined;
    this.worker.end();
  }

  private startNext(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return this.worker.idle();
    const worker = this.worker.busy();
    const id = this.nextId++;
    const timer = setTimeout(() => {
      this.worker.end();
      this.finish({ state: 'skipped', note: `not validated: it took longer than ${this.budgetMs / 1000} s` });
    }, this.budgetMs);
    this.running = { id, job, timer };
    worker.postMessage({ id, text: job.request.text } satisfies ValidationRequest);
  }

  private startWorker(): Worker {
    const worker = new (workerClass())(this.script, { resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: SPEC_VALIDATION_YOUNG_MB } });
    worker.on('message', (reply: ValidationReply) => {
      if (this.running?.id === reply.id) this.finish(reply.validation);
    });
    const failed = (why: string) => {
      if (this.worker.current !== worker) return;
      this.worker.lost();
      if (this.running) this.finish({ state: 'skipped', note: `not validated: ${why}` });
    };
    const outOfMemory = `it needs more than ${this.heapMb} MB of memory`;
    worker.on('error', (error) => failed(/memory/i.test(error.message) ? outOfMemory : error.message));
    worker.on('exit', (code) => failed(code === 0 ? 'the validator stopped' : outOfMemory));
    return worker;
  }

  private finish(validation: SpecValidation): void {
    const running = this.running;
    if (!running) return;
    clearTimeout(running.timer);
    this.running = undefined;
    running.job.ready(validation);
    this.startNext();
  }
}

/** The worker-backed validator when its script is there (the bundles), else none: specs are then only read. */
export function specValidatorFor(script: string): WorkerSpecValidator | undefined {
  return fs.existsSync(script) ? new WorkerSpecValidator(script) : undefined;
}

/** The spec validation worker beside the running bundle (dist/server/spec-validation-worker.js), or its source. */
export function specValidationWorkerScript(): string | undefined {
  return workerScript('spec-validation-worker');
}
