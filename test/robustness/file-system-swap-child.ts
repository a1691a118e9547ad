// Child of file-system-swap.test.ts: reads a FIFO through the server's disk reader while `stat` by name reports a
// regular file, as when a page is swapped for a FIFO between a check and the read. Prints what the read gave.
import type * as fs from 'node:fs';
import { readTextFromDisk } from '../../server/src/checker/workspace/docs-workspace';

const [fifo, regular] = process.argv.slice(2);
// The module object itself (a namespace import is read-only): the reader's `fs` reads its properties as it calls them.
const nodeFs = require('node:fs') as typeof fs;
const statSync = nodeFs.statSync;
(nodeFs as { statSync: unknown }).statSync = (file: fs.PathLike, options?: fs.StatSyncOptions) =>
  statSync(file === fifo ? regular : file, options as fs.StatSyncOptions);
process.stdout.write(JSON.stringify({ text: readTextFromDisk(fifo) ?? null, regular: readTextFromDisk(regular) ?? null }));
