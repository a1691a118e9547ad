import fs = require('node:fs');
import path = require('node:path');

// Files the tools write into a repository themselves (the MDX verdict cache, the suppressions file): read and
// written without following a symbolic link at their path, a planted link is never a way to read or overwrite
// another file.

/** O_NOFOLLOW where the platform has it (not Windows, where lstat below refuses a link instead). */
const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;

/**
 * The text of a regular file of at most `maxBytes`, or why not: a link, a folder, a FIFO or a larger file is not
 * read (a FIFO would block the read). `undefined`: there is no file.
 */
export function readDataFile(file: string, maxBytes: number): { text: string } | { refused: string } | undefined {
  try {
    if (fs.lstatSync(file).isSymbolicLink()) return { refused: 'it is a symbolic link' };
  } catch {
    return undefined;
  }
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | NO_FOLLOW | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { refused: reason(error) };
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return { refused: 'it is not a regular file' };
    if (stat.size > maxBytes) return { refused: `it is larger than ${Math.round(maxBytes / 1024 / 1024)} MB` };
    return { text: fs.readFileSync(fd).toString('utf8') };
  } catch (error) {
    return { refused: reason(error) };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes `text` to `file` whole or not at all: into a new file beside it (created exclusively, so never through a
 * link or into another process's file), then renamed over it (a link at `file` is replaced, not followed). Returns
 * why it could not (a read-only folder, a folder at that path), undefined when written.
 */
export function writeDataFile(file: string, text: string): string | undefined {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    fs.writeFileSync(temporary, text, { flag: 'wx', mode: 0o644 });
  } catch (error) {
    return reason(error);
  }
  try {
    fs.renameSync(temporary, file);
    return undefined;
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    return reason(error);
  }
}

/** A JSON object (not an array, not null): what a data file's parts are checked to be before use. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const known: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'read-only file system',
    EISDIR: 'a folder is at that path',
    ENOENT: 'its folder does not exist',
    ENOTDIR: 'a part of its path is not a folder',
    ELOOP: 'it is a symbolic link',
    ENOSPC: 'no space left on the device',
  };
  return (code && known[code]) ?? (error instanceof Error ? error.message : String(error));
}
