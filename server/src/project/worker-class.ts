import fs = require('node:fs');
import path = require('node:path');
import type { Worker } from 'node:worker_threads';

/** node:worker_threads, loaded when a first worker starts: it took 6 ms of the CLI's start, which starts none with --no-check-mdx or a warm --cache. */
export function workerClass(): typeof Worker {
  return (require('node:worker_threads') as typeof import('node:worker_threads')).Worker;
}

/**
 * A worker script beside the running bundle (dist/server/<name>.js, from the server's or the CLI's bundle), or its
 * source when running from source (tests under tsx: a worker inherits the `--import tsx` of its process).
 */
export function workerScript(name: string): string | undefined {
  const candidates = [path.join(__dirname, `${name}.js`), path.join(__dirname, '..', 'server', `${name}.js`), path.join(__dirname, `${name}.ts`)];
  return candidates.find((file) => fs.existsSync(file));
}

/**
 * The lifecycle of a worker thread that runs one job at a time: started on first use (`start`), kept alive while it
 * works, and, when idle, neither keeping the process alive nor kept past `idleMs` (its memory is the process's).
 */
export class IdleEndedWorker {
  private worker?: Worker;
  private idleTimer?: NodeJS.Timeout;

  constructor(
    private readonly start: () => Worker,
    private readonly idleMs: number,
  ) {}

  /** The running worker, if any (a handler of an old one's events compares against it). */
  get current(): Worker | undefined {
    return this.worker;
  }

  /** The worker, started if need be, about to work. */
  busy(): Worker {
    clearTimeout(this.idleTimer);
    const worker = (this.worker ??= this.start());
    worker.ref();
    return worker;
  }

  /** Nothing to do: ended after `idleMs` (at once when 0). */
  idle(): void {
    if (this.idleMs <= 0) return this.end();
    this.worker?.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.end(), this.idleMs).unref();
  }

  /** Forgets the worker (it died) without ending it. */
  lost(): void {
    this.worker = undefined;
  }

  end(): void {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }
}
