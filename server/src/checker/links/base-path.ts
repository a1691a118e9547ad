// A site served under a sub-path (`example.com/docs/...`) writes its redirects with that prefix, which its file tree
// lacks (docs-json-settings note §6: one live site, 195 redirects, every one under `/docs/`). Read as the site's base
// path, the prefix is taken off before a link is looked up in the tree.
import { FileIndex } from '../workspace/file-index';
import { Redirect } from './redirects';
import { isExternalLink, siteLink, withoutBasePath } from './resolve-link';

/** Fewer redirects than this say nothing about a prefix. */
const MIN_REDIRECTS = 3;
/** The share of internal redirect paths (sources and destinations) that must carry the prefix. */
const MIN_SHARE = 0.9;

/** What a base path is detected from: the tree's files and folders. */
export interface TreePaths {
  pageFile(page: string): string | undefined;
  has(file: string): boolean;
  hasFolder(folder: string): boolean;
}

/** The tree of a file index and its folders. */
export function treePaths(files: FileIndex, folders: { has(folder: string): boolean }): TreePaths {
  return { pageFile: (page) => files.pageFile(page), has: (file) => files.has(file), hasFolder: (folder) => folders.has(folder) };
}

/**
 * The prefix (one segment, no `/`) that nearly every internal redirect source and destination carries and the file
 * tree lacks, when more destinations land once it is taken off than with it; undefined otherwise.
 */
export function detectBasePath(redirects: readonly Redirect[], tree: TreePaths): string | undefined {
  const paths: string[] = [];
  const destinations: string[] = [];
  for (const { source, destination } of redirects) {
    const from = siteLink(source)?.path;
    if (from !== undefined) paths.push(from);
    if (isExternalLink(destination.trim())) continue;
    const to = siteLink(destination)?.path;
    if (to === undefined) continue;
    paths.push(to);
    if (!/[:*]/.test(to)) destinations.push(to);
  }
  if (redirects.length < MIN_REDIRECTS || !paths.length) return undefined;
  const first = paths[0].split('/')[0];
  if (!first || /[:*.]/.test(first)) return undefined;
  const prefixed = paths.filter((p) => p === first || p.startsWith(`${first}/`)).length;
  if (prefixed / paths.length < MIN_SHARE) return undefined;
  if (tree.hasFolder(first) || tree.pageFile(first) !== undefined || tree.has(first)) return undefined;
  const exists = (p: string) => p === '' || tree.pageFile(p) !== undefined || tree.has(p) || tree.hasFolder(p);
  let withPrefix = 0;
  let without = 0;
  for (const to of destinations) {
    if (exists(to)) withPrefix++;
    const inner = withoutBasePath(to, first);
    if (inner !== undefined && exists(inner)) without++;
  }
  return without > withPrefix ? first : undefined;
}

/** Links that carry a prefix and land without it: fewer say nothing. */
const MIN_LINKS = 3;
/** The share of the missed paths carrying the prefix that must land without it (a few are truly broken). */
const MIN_LINK_SHARE = 0.75;

/**
 * The prefix (one segment) that the paths the pages' links miss carry (`/docs/x`, with `x` a page) when the tree
 * lacks it and nearly every such path lands once it is taken off: a site served under `/docs` with no redirect to
 * tell it (issue 45). `missing` holds each page's missed paths once.
 */
export function basePathFromMissing(missing: Iterable<string>, tree: TreePaths): string | undefined {
  const counts = new Map<string, { carry: number; land: number }>();
  const exists = (p: string) => tree.pageFile(p) !== undefined || tree.has(p) || tree.hasFolder(p);
  for (const path of missing) {
    const slash = path.indexOf('/');
    if (slash <= 0) continue;
    const first = path.slice(0, slash);
    let count = counts.get(first);
    if (!count) counts.set(first, (count = { carry: 0, land: 0 }));
    count.carry++;
    if (exists(path.slice(slash + 1))) count.land++;
  }
  let found: string | undefined;
  let best = 0;
  for (const [first, { carry, land }] of counts) {
    if (land < MIN_LINKS || land < MIN_LINK_SHARE * carry || land <= best || /[:*.]/.test(first) || exists(first)) continue;
    [found, best] = [first, land];
  }
  return found;
}

/** A base path as a setting or option writes it (`/docs/`, `docs`): no leading or trailing `/`; '' for none. */
export function normalBasePath(written: string): string {
  return written.trim().replace(/^\/+|(?<!\/)\/+$/g, '');
}

/**
 * The base path links are read with: the one a setting gives (`''`: none), else the detected one. `detected` tells
 * which (the check says so once, as information).
 */
export function basePathOf(redirects: readonly Redirect[], tree: TreePaths, setting: string | undefined): { basePath?: string; detected: boolean } {
  if (setting !== undefined) return { basePath: normalBasePath(setting) || undefined, detected: false };
  const basePath = detectBasePath(redirects, tree);
  return { basePath, detected: basePath !== undefined };
}
