import type { Worker } from 'node:worker_threads';
import { workerClass, workerScript } from './worker-class';
import type { FreeName } from '../checker/pages/free-names';
import type { MdxSyntaxError } from '../checker/pages/mdx-parse';
import { threadCpuMs } from './thread-cpu';

export interface MdxRequest {
  id: number;
  text: string;
}

export interface MdxReply {
  id: number;
  error: MdxSyntaxError | undefined;
  /** With no error: the page's free names (mdxVerdict), when it has any. */
  names?: readonly FreeName[];
  /** Sent as the parse starts: the time limit counts from then (a new worker first loads the parser). */
  started?: true;
  /** With `started`: the worker's thread (thread-cpu.ts), whose CPU time the limit counts; none: the clock does. */
  thread?: string;
}

/**
 * A worker's heap: a page whose parse needs more is a page that could not be parsed, not a server gone. The largest
 * live pages (fastmcp's and Portkey's changelogs, 228 and 170 kB) parse within 128 MB.
 */
export const MDX_WORKER_HEAP_MB = 256;
/**
 * A worker's young generation, at most (V8's default is 48 MB): the parser's garbage is short-lived, and a worker
 * parsing 300 of Portkey's pages peaked 15-20 MB lower in process RSS with 24 MB than with the default, for 3-5%
 * more CPU; 8 MB and 4 MB cost 41% and 55% more CPU (docs/performance.md, issue 52).
 */
export const MDX_WORKER_YOUNG_MB = 24;
/** Workers at most, whatever the core count: the memory bound is this times the heap (the CLI asked one per core). */
export const MAX_MDX_WORKERS = 2;
/**
 * One parse's CPU time, at most (the worker thread's, where /proc gives it; else the clock's): the worker is then ended
 * (and another started for the next page), and the page is reported as not checked (`mdx-not-checked`). The largest
 * live page took 4.4 s of CPU (7.4 s on a loaded 2-core machine); 16 kB of setext heading pairs or of `1. ` took 15 to
 * 18 s, and 64 kB did not finish.
 */
export const MDX_PARSE_LIMIT_MS = 30_000;
/** How often a running parse's CPU time is read (the limit is then passed by at most this much). */
const CPU_POLL_MS = 250;
/** An idle worker is ended after this long: its memory is the process's until then. */
const IDLE_WORKER_MS = 10_000;

/** A parse's answer: its error, or the page's free names when it parses (none when it has none). */
export type ParseDone = (error: MdxSyntaxError | undefined, names?: readonly FreeName[]) => void;

interface Slot {
  worker?: Worker;
  running?: { id: number; done: ParseDone; start: (thread: string | undefined) => void; timer?: NodeJS.Timeout };
}

/**
 * Parses page texts as MDX in up to `size` worker threads (`script`, the bundled mdx-worker.js; at most
 * MAX_MDX_WORKERS), one page per worker at a time; the parser is in the worker's bundle only. Workers start on the
 * first page and end when idle. A worker that dies (out of memory) answers its page as one that could not be parsed,
 * one that takes longer than `limitMs` is ended and its page answered as not checked, and a new one takes the next
 * page. With keepOneForOpen (and two workers), one is kept for open pages: a hostile page of the folder never holds
 * them all.
 */
export interface MdxPoolLimits {
  heapMb?: number;
  /** A worker's young generation, at most (MDX_WORKER_YOUNG_MB). */
  youngMb?: number;
  /** One parse's CPU time, at most (MDX_PARSE_LIMIT_MS); `parse` may give less. */
  limitMs?: number;
  /** Reads a worker thread's CPU time in ms (tests: a starved thread); default threadCpuMs. */
  cpuOf?: (thread: string) => number | undefined;
  /** Keep one worker for open pages (the language server; the CLI opens none). */
  keepOneForOpen?: boolean;
}

export class MdxWorkerPool {
  private readonly slots: Slot[];
  private readonly heapMb: number;
  private readonly youngMb: number;
  private readonly limitMs: number;
  private readonly keepOneForOpen: boolean;
  private readonly cpuOf: (thread: string) => number | undefined;
  private nextId = 1;
  private idleTimer?: NodeJS.Timeout;

  constructor(
    private readonly script: string,
    size = MAX_MDX_WORKERS,
    limits: MdxPoolLimits = {},
  ) {
    this.heapMb = limits.heapMb ?? MDX_WORKER_HEAP_MB;
    this.youngMb = limits.youngMb ?? MDX_WORKER_YOUNG_MB;
    this.limitMs = limits.limitMs ?? MDX_PARSE_LIMIT_MS;
    this.keepOneForOpen = limits.keepOneForOpen ?? false;
    this.cpuOf = limits.cpuOf ?? threadCpuMs;
    this.slots = Array.from({ length: Math.min(MAX_MDX_WORKERS, Math.max(1, size)) }, () => ({}));
  }

  get size(): number {
    return this.slots.length;
  }

  /** The workers started and not ended. */
  get workers(): number {
    return this.slots.filter((slot) => slot.worker).length;
  }

  /** Whether a worker is free for a page now (for a closed page, one may be kept for open pages: keepOneForOpen). */
  freeFor(open: boolean): boolean {
    const free = this.slots.filter((slot) => !slot.running).length;
    return open || !this.keepOneForOpen || this.slots.length === 1 ? free > 0 : free > 1;
  }

  /**
   * Parses a text on a free worker (callers check `freeFor`), answering its error or undefined; past `limitMs` of the
   * worker's CPU (at most the pool's limit), a `notChecked: 'time'` verdict. Answers the parse's id (for `stop`).
   */
  parse(text: string, done: ParseDone, limitMs = this.limitMs): number {
    const slot = this.slots.find((s) => !s.running);
    if (!slot) throw new Error('no free MDX worker');
    clearTimeout(this.idleTimer);
    const worker = this.workerOf(slot);
    worker.ref();
    const id = this.nextId++;
    const limit = Math.min(limitMs, this.limitMs);
    const tooSlow = () => this.stop(id, { offset: 0, length: 0, message: `MDX not checked: parsing it took over ${limit / 1000} s of CPU, the limit for one page.`, notChecked: 'time' });
    slot.running = {
      id,
      start: (thread) => {
        if (slot.running?.id !== id || slot.running.timer) return;
        const first = thread === undefined ? undefined : this.cpuOf(thread);
        if (thread === undefined || first === undefined) {
          // No thread CPU time here: the clock, from the parse's start.
          slot.running.timer = setTimeout(tooSlow, limit);
          return;
        }
        const poll = () => {
          if (slot.running?.id !== id) return;
          const used = (this.cpuOf(thread) ?? first) - first;
          if (used >= limit) return tooSlow();
          slot.running.timer = setTimeout(poll, Math.min(CPU_POLL_MS, Math.max(10, limit - used)));
        };
        poll();
      },
      done: (error, names) => {
        clearTimeout(slot.running?.timer);
        slot.running = undefined;
        if (slot.worker && !this.slots.some((s) => s.running)) this.idle();
        else slot.worker?.unref();
        done(error, names);
      },
    };
    const request: MdxRequest = { id, text };
    worker.postMessage(request);
    return id;
  }

  /** Ends a running parse (its worker is ended, another starts for the next page), answering it with `verdict`. */
  stop(id: number, verdict: MdxSyntaxError): void {
    const slot = this.slots.find((s) => s.running?.id === id);
    if (!slot?.running) return;
    this.end(slot);
    slot.running.done(verdict);
  }

  /**
   * Ends the idle workers now rather than after IDLE_WORKER_MS (the CLI, its parses done: two idle workers' heaps,
   * some 60 MB each, were the check's peak as it wrote its report); the next parse starts a worker again.
   */
  release(): void {
    if (this.slots.some((slot) => slot.running)) return;
    this.dispose();
  }

  dispose(): void {
    clearTimeout(this.idleTimer);
    for (const slot of this.slots) {
      clearTimeout(slot.running?.timer);
      this.end(slot);
    }
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
    const resourceLimits = { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: this.youngMb };
    // From source (tests): the worker loads the TypeScript through tsx, which a worker thread does not inherit.
    const worker = this.script.endsWith('.ts')
      ? new (workerClass())(`require('tsx/cjs'); require(${JSON.stringify(this.script)});`, { eval: true, resourceLimits })
      : new (workerClass())(this.script, { resourceLimits });
    worker.on('message', (reply: MdxReply) => {
      if (slot.running?.id !== reply.id) return;
      if (reply.started) slot.running.start(reply.thread);
      else slot.running.done(reply.error, reply.error ? undefined : reply.names);
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

/** The MDX worker script beside the running bundle (dist/server/mdx-worker.js), or its source (see workerScript). */
export function mdxWorkerScript(): string | undefined {
  return workerScript('mdx-worker');
}
