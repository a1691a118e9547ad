import * as path from 'node:path';

export type ResolvedPath = { inside: true; relative: string } | { inside: false };

/**
 * Resolves a path written in docs.json against the docs folder. A leading `/` means the docs folder.
 * Paths that climb out of it, or that are absolute on some platform, are refused.
 */
export function resolveDocsPath(written: string): ResolvedPath {
  if (/^[a-zA-Z]:[\\/]/.test(written) || written.startsWith('\\') || written.startsWith('//') || written.includes('\0')) {
    return { inside: false };
  }
  const relative = path.posix.normalize(written.replace(/\\/g, '/').replace(/^\/+/, ''));
  if (relative === '..' || relative.startsWith('../')) return { inside: false };
  return { inside: true, relative: relative === '.' ? '' : relative.replace(/\/+$/, '') };
}

export function isRemote(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/** Joins a folder and a relative posix path into a platform path. */
export function toAbsolute(root: string, relative: string): string {
  return path.join(root, ...relative.split('/'));
}

export function toRelative(root: string, absolute: string): string | undefined {
  const relative = path.relative(root, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}
