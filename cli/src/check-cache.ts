import fs = require('node:fs');
import path = require('node:path');
import { version } from '../../package.json';
import { mdxCacheKey, MdxVerdictCache } from '../../server/src/service/language-service';

/**
 * The cache's name in the docs folder, its default place. Not the current folder, as eslint's `.eslintcache`: a
 * check is of one docs folder, which lies in the repository, wherever it is run from; a cache in it is never written
 * outside the repository, and one line of .gitignore (`.docs-json-cache`) keeps it out of commits.
 */
export const CACHE_NAME = '.docs-json-cache';

/** Where `--cache` keeps its file: `--cache-location`, a file, or a folder (an existing one, or a path ending in /). */
export function cacheFile(root: string, cwd: string, location: string | undefined): string {
  if (location === undefined) return path.join(root, CACHE_NAME);
  const named = path.resolve(cwd, location);
  const folder = /[\\/]$/.test(location) || isFolder(named);
  // A place the user named is made if missing.
  try {
    fs.mkdirSync(folder ? named : path.dirname(named), { recursive: true });
  } catch {
    // Said when the cache is written.
  }
  return folder ? path.join(named, CACHE_NAME) : named;
}

/** The MDX verdicts cached for this version of the CLI and its MDX parser (`mdxWorker`, the bundle that holds it). */
export function openMdxCache(file: string, mdxWorker: string): MdxVerdictCache {
  return new MdxVerdictCache(file, mdxCacheKey(version, mdxWorker));
}

function isFolder(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}
