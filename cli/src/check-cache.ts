import fs = require('node:fs');
import path = require('node:path');
import { version } from '../../package.json';
import { cacheSecret, makeDataFolder, mdxCacheKey, MdxVerdictCache, siteCacheFolder, userCacheFolder } from '../../server/src/language';
import { LINK_CACHE_NAME } from './external-links/link-cache';
import { pathExists } from './path-exists';

/**
 * The cache's name in a folder `--cache-location` names, and its old default place in the docs folder: a cache there
 * is never read now (issue 44: a committed one was believed), only said once.
 */
export const CACHE_NAME = '.docs-json-cache';

/** Where `--cache` keeps its files, and the key that seals them. */
export interface CachePlace {
  /** The MDX verdicts. */
  mdx: string;
  /** The external links' verdicts (`--check-external`). */
  links: string;
  /** This user's cache key (cache-seal.ts). */
  secret: Buffer;
  /** The folders the cache's path must not leave through a link (the repository). */
  inside: readonly string[];
}

/**
 * The cache's place: by default the user's cache folder (`~/.cache/docs-json-tools/sites/<hash of the docs folder>/`),
 * outside the repository; else `--cache-location`, a file or a folder (an existing one, or a path ending in /), made
 * if missing. Either way sealed with this user's key, which lives in the user's cache folder. Why there is no cache
 * (no user cache folder, a key that cannot be read): a note, the check runs without.
 */
export function cachePlace(root: string, cwd: string, location: string | undefined, env: NodeJS.ProcessEnv, repoRoot: string): CachePlace | { refused: string } {
  const user = userCacheFolder(env);
  if (!user) return { refused: 'there is no user cache folder (set XDG_CACHE_HOME or HOME) to keep it and its key in' };
  const secret = cacheSecret(user);
  if (!Buffer.isBuffer(secret)) return { refused: secret.refused };
  const inside = [repoRoot, root];
  if (location === undefined) {
    const folder = siteCacheFolder(user, root);
    const failed = makeDataFolder(folder, { mode: 0o700 });
    if (failed) return { refused: `cannot make ${folder}: ${failed}` };
    return { mdx: path.join(folder, 'mdx-verdicts.json'), links: path.join(folder, 'external-links.json'), secret, inside };
  }
  const named = path.resolve(cwd, location);
  const isFolder = /[\\/]$/.test(location) || isDirectory(named);
  const folder = isFolder ? named : path.dirname(named);
  // A place the user named is made if missing (said when the cache is written, if it cannot be).
  makeDataFolder(folder, { inside });
  return { mdx: isFolder ? path.join(named, CACHE_NAME) : named, links: path.join(folder, LINK_CACHE_NAME), secret, inside };
}

/**
 * The caches of the old default place (the docs folder) when there are any and they are not the place in use: they
 * are not read, and the check says so once.
 */
export function plantedCacheNote(root: string, place: CachePlace): string | undefined {
  const found = [CACHE_NAME, LINK_CACHE_NAME].filter((name) => {
    const file = path.join(root, name);
    return file !== place.mdx && file !== place.links && pathExists(file);
  });
  if (!found.length) return undefined;
  return `ignored ${found.join(' and ')} in ${root}: a cache inside the repository is never believed; --cache keeps its files in ${path.dirname(place.mdx)} (delete ${found.length === 1 ? 'it' : 'them'})`;
}

/** The MDX verdicts cached for this version of the CLI and its MDX parser (`mdxWorker`, the bundle that holds it). */
export function openMdxCache(place: CachePlace, mdxWorker: string): MdxVerdictCache {
  return new MdxVerdictCache(place.mdx, mdxCacheKey(version, mdxWorker), place.secret, place.inside);
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}

