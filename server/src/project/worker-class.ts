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
