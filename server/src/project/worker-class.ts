import type { Worker } from 'node:worker_threads';

/** node:worker_threads, loaded when a first worker starts: it took 6 ms of the CLI's start, which starts none with --no-check-mdx or a warm --cache. */
export function workerClass(): typeof Worker {
  return (require('node:worker_threads') as typeof import('node:worker_threads')).Worker;
}
