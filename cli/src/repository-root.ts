import fs = require('node:fs');
import path = require('node:path');
import { pathExists } from './path-exists';

/**
 * The root of the git repository that holds `folder`: the nearest folder at or above it with a `.git` (a folder, or
 * the file of a worktree or submodule). Outside a repository: `cwd` (the current folder) when it holds `folder`, else
 * `folder` itself. Found by looking, not by running git: a repository's configuration must not make us run anything
 * (core.fsmonitor and the like).
 */
export function repositoryRoot(folder: string, cwd: string): string {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    if (pathExists(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) break;
  }
  const inside = path.relative(cwd, folder);
  return inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside) ? folder : cwd;
}


/** A file relative to the docs folder (`guide.mdx`), relative to `base` instead (`docs/guide.mdx`), with `/`. */
export function rebasedPath(docsRoot: string, file: string, base: string): string {
  return path.relative(base, path.join(docsRoot, file.split('/').filter((part) => part !== '').join(path.sep))).split(path.sep).join('/');
}
