import path = require('node:path');

export type ResolvedPath = { inside: true; relative: string } | { inside: false };

/**
 * Resolves a path written in docs.json against the docs folder. A leading `/` means the docs folder.
 * Paths that climb out of it, or that are absolute on some platform, are refused.
 */
export function resolveDocsPath(written: string): ResolvedPath {
  const relative = docsRelativePath(written);
  return relative === undefined ? { inside: false } : { inside: true, relative };
}

/** `resolveDocsPath` without a result object, for loops over every entry: the relative path, or undefined outside. */
export function docsRelativePath(written: string): string | undefined {
  // Nearly every entry is written in normal form: it is its own answer (this runs per entry, per keystroke).
  const start = written.charCodeAt(0) === 47 /* / */ ? 1 : 0;
  if (isPlain(written, start)) return start ? written.slice(1) : written;
  if (/^[a-zA-Z]:[\\/]/.test(written) || written.startsWith('\\') || written.startsWith('//') || written.includes('\0')) {
    return undefined;
  }
  return normalPath(written.replace(/\\/g, '/'), false);
}

/**
 * The normal form of a `/`-separated path (no leading or trailing `/`): empty and `.` segments dropped, `..` taking
 * off the segment before it. A `..` at the root stays at the root when `clampAtRoot` (how a site reads its links),
 * else the path is undefined (it leaves the folder). One pass over the segments: path.posix.normalize and join
 * take quadratic time on long paths (a 1 MB `../../…` took 140 s to join; a /\/+$/ search is quadratic too).
 */
export function normalPath(written: string, clampAtRoot: boolean): string | undefined {
  const segments: string[] = [];
  for (const segment of written.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') segments.push(segment);
    else if (segments.pop() === undefined && !clampAtRoot) return undefined;
  }
  return segments.join('/');
}

/**
 * True when `written` from `start` on has no backslash, NUL, empty, `.` or `..` segment, no trailing `/` and
 * no drive letter: then resolving returns it unchanged (less a leading `/`).
 */
function isPlain(written: string, start: number): boolean {
  const end = written.length;
  if (start >= end || written.charCodeAt(1) === 58 /* : */) return false;
  let segment = start;
  for (let i = start; i <= end; i++) {
    const c = i < end ? written.charCodeAt(i) : 47;
    if (c === 92 /* backslash */ || c === 0) return false;
    if (c !== 47) continue;
    const length = i - segment;
    if (length === 0) return false;
    if (written.charCodeAt(segment) === 46 /* . */ && (length === 1 || (length === 2 && written.charCodeAt(segment + 1) === 46))) return false;
    segment = i + 1;
  }
  return true;
}

export function isRemote(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/** An empty, `.` or `..` segment (or an empty path). */
const NOT_NORMAL_SEGMENT = /(?:^|\/)\.{0,2}(?:\/|$)/;

/** Joins a folder and a relative posix path into a platform path. */
export function toAbsolute(root: string, relative: string): string {
  // One concatenation for the normal case: path.join of the split path made each result a rope of its parts, 570
  // bytes a path (the 126,339 page paths of the 100k bench repo held 72 MB of the language server's heap).
  const normal = !NOT_NORMAL_SEGMENT.test(relative) && !path.isAbsolute(relative) && path.isAbsolute(root) && path.normalize(root) === root;
  if (!normal) return path.join(root, relative.split('/').filter((part) => part !== '').join(path.sep));
  const tail = path.sep === '/' ? relative : relative.replaceAll('/', path.sep);
  return root.endsWith(path.sep) ? root + tail : root + path.sep + tail;
}

export function toRelative(root: string, absolute: string): string | undefined {
  const relative = path.relative(root, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}
