import fs = require('node:fs');
import path = require('node:path');

// Every file the tools write themselves (reports, the job summary, the suppressions file, the caches and their key)
// goes through this module, and so does what they read back: never through a symbolic link, never created over
// another file, never out of the repository through a link it commits (issue 44). eslint.config.mjs forbids the
// other ways to write a file outside it.

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
 * Where a write may go. `inside`: the folders whose content someone else chose (the repository, the docs folder):
 * below them no part of the path may be a symbolic link, as a committed link (`docs-json.sarif -> /etc/…`,
 * `reports -> /tmp/…`) would carry the write out of them. Above them, and for a path outside them, the place is the
 * one the user named (a `$GITHUB_STEP_SUMMARY`, `/tmp` that is a link on macOS): followed, all but the file itself.
 */
export interface WritePlace {
  inside?: readonly string[];
  /** The file's permissions when created (0o644, less the umask; 0o600 for a secret). */
  mode?: number;
}

/**
 * Writes `text` to `file` whole or not at all: into a new file beside it (created exclusively, never through a link
 * or into another process's file), then renamed over it. A link at `file` or on its way inside `place.inside` is
 * refused, not replaced: the user meant the file it names, which is never written through. Returns why it could not
 * (a link, a read-only folder, a folder at that path), undefined when written. The one way the tools write a file
 * (eslint.config.mjs forbids the others).
 */
export function writeDataFile(file: string, text: string | Buffer, place: WritePlace = {}): string | undefined {
  const refused = refusedPath(file, place.inside ?? []);
  if (refused) return refused;
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  let fd: number;
  try {
    fd = fs.openSync(temporary, CREATE_NEW, place.mode ?? 0o644);
  } catch (error) {
    return reason(error);
  }
  try {
    writeAll(fd, text);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
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

/**
 * Appends `text` to `file` (a job summary): an existing regular file opened without following a link, or a new one
 * created exclusively; as writeDataFile, no link on the way inside `place.inside`. Why not, or undefined.
 */
export function appendDataFile(file: string, text: string, place: WritePlace = {}): string | undefined {
  const refused = refusedPath(file, place.inside ?? []);
  if (refused) return refused;
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_APPEND | NO_FOLLOW | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return reason(error);
    try {
      fd = fs.openSync(file, CREATE_NEW | fs.constants.O_APPEND, place.mode ?? 0o644);
    } catch (created) {
      return reason(created);
    }
  }
  try {
    if (!fs.fstatSync(fd).isFile()) {
      fs.closeSync(fd);
      return 'it is not a regular file';
    }
    writeAll(fd, text);
    return undefined;
  } catch (error) {
    return reason(error);
  }
}

/**
 * Creates `file` with `data` only if nothing is at that name yet, whole (written aside, then hard-linked in: a reader
 * never sees it half written, a racing creator keeps its own): a secret made once. Why not, or undefined.
 */
export function createDataFile(file: string, data: string | Buffer, place: WritePlace = {}): string | undefined {
  const refused = refusedPath(file, place.inside ?? []);
  if (refused) return refused;
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    writeAll(fs.openSync(temporary, CREATE_NEW, place.mode ?? 0o644), data);
    fs.linkSync(temporary, file);
    return undefined;
  } catch (error) {
    return reason(error);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** Makes `folder` (and the folders above it) as writeDataFile writes a file: no link on the way inside `place.inside`. */
export function makeDataFolder(folder: string, place: WritePlace = {}): string | undefined {
  const refused = refusedPath(folder, place.inside ?? []);
  if (refused) return refused;
  try {
    fs.mkdirSync(folder, { recursive: true, mode: place.mode === undefined ? 0o777 : place.mode | 0o100 });
    // Made meanwhile through a link planted at a missing part: checked again once it exists.
    return refusedPath(folder, place.inside ?? []);
  } catch (error) {
    return reason(error);
  }
}

const CREATE_NEW = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | NO_FOLLOW;

/** Writes all of `data` to `fd` (writeSync may write less), then closes it. */
function writeAll(fd: number, data: string | Buffer): void {
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let done = 0; done < bytes.length; ) done += fs.writeSync(fd, bytes, done, bytes.length - done);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Why `file` may not be written: it is a symbolic link (dangling or not), or a part of its path below one of the
 * `inside` folders that holds it is one. Parts that do not exist yet hold no link.
 */
export function refusedPath(file: string, inside: readonly string[]): string | undefined {
  const target = path.resolve(file);
  const checked = new Set<string>([target]);
  for (const folder of inside) {
    const base = path.resolve(folder);
    const relative = path.relative(base, target);
    if (relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) continue;
    let part = base;
    for (const name of relative.split(path.sep)) checked.add((part = path.join(part, name)));
  }
  for (const part of checked) {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(part);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) return part === target ? 'it is a symbolic link (not written through)' : `${part} is a symbolic link (not written through)`;
  }
  return undefined;
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
    EEXIST: 'a file is already at that name',
    ENXIO: 'it is not a regular file',
    ENOSPC: 'no space left on the device',
  };
  return (code && known[code]) ?? (error instanceof Error ? error.message : String(error));
}
