import fs = require('node:fs');
import path = require('node:path');
import { fileKind, MAX_READ_BYTES, readTextFromDisk } from '../../checker/workspace/docs-workspace';

/** Why the checker would not read DIR/docs.json (it would be checked as an empty text), or undefined. */
export function whyDocsJsonUnreadable(root: string): string | undefined {
  const file = path.join(root, 'docs.json');
  try {
    const real = fs.realpathSync(file);
    if (path.dirname(real) !== fs.realpathSync(root)) return `it is a link to ${real}, outside ${root}`;
    const stat = fs.statSync(real);
    if (!stat.isFile()) return `not a regular file (${fileKind(stat)})`;
    const { size } = stat;
    if (size > MAX_READ_BYTES) return `it is ${megabytes(size)}, over the ${megabytes(MAX_READ_BYTES)} limit`;
    fs.accessSync(real, fs.constants.R_OK);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EACCES' ? 'permission denied' : (error as Error).message;
  }
  return readTextFromDisk(file) === undefined ? 'it is not a regular file' : undefined;
}

/** A byte count as people read it: `65 MB`, `1.5 MB`. */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}
