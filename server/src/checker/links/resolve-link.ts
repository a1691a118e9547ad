// How a link written in a page (or in docs.json) is resolved, written once: page links, navbar and footer links and
// redirect destinations all go through here. What the platform does is written in the README ("Links inside pages").
import path = require('node:path');
import { normalPath } from '../workspace/docs-paths';
import { FileIndex } from '../workspace/file-index';
import { pageIdOf } from '../workspace/page-files';
import { RedirectTable } from './redirects';

/** Site paths (no leading `/`) of the pages the platform generates from OpenAPI specs. */
export interface GeneratedPages {
  has(sitePath: string): boolean;
}

/** What a link may land on in one docs folder. */
export interface LinkTargets {
  files: FileIndex;
  generated?: GeneratedPages;
  redirects?: RedirectTable;
  /** Folders of the docs folder: the platform's checker accepts a link to any folder (see the README). */
  folders?: { has(folder: string): boolean };
  /** The site's base path (`docs` for a site served at `/docs/...`), taken off a link before the tree is asked. */
  basePath?: string;
  /** The folders of the languages of `navigation.languages` ('' for one at the root), with their codes. */
  languages?: readonly PageLanguage[];
}

export interface PageLanguage {
  folder: string;
  code: string;
}

/** A link split as the platform reads it. */
export interface SiteLink {
  /** From the docs root, no leading or trailing `/`, percent-decoded; '' is the site's root. */
  path: string;
  /** The `#fragment` without `#`, decoded, if any. */
  anchor?: string;
  /** Whether the link names no path, only `#anchor` or `?query` (the page it is written in). */
  self: boolean;
  /** The link was relative (`./x`, `../x`, `x`), resolved from the page's folder. */
  relative: boolean;
}

export type Resolution =
  /** A page file, in any of its forms (`p.mdx`, `p.md`, `p/index.mdx`, `p/index.md`). */
  | { kind: 'page'; file: string }
  /** Any other file: an image, a download, a snippet. */
  | { kind: 'file'; file: string }
  /** A page generated from an OpenAPI spec. */
  | { kind: 'generated'; path: string }
  /** A redirect source; `target` is where the chain of redirects ends. */
  | { kind: 'redirect'; destination: string; target: Resolution }
  /** A folder without an index page, or the site's root: accepted, as the platform's checker does. */
  | { kind: 'folder'; path: string }
  /** An absolute URL (`https:`, `mailto:`, any scheme), `//host` or `data:`: not checked. */
  | { kind: 'external' }
  /** Nothing of the site; `chained`: a redirect source, but the chain of redirects is longer than 16 hops. */
  | { kind: 'missing'; path: string; chained?: true };

/** A scheme (`https:`, `mailto:`, `cursor:`) or a protocol-relative `//host`: the platform does not check these. */
const EXTERNAL = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|\/\/)/;

/** Redirect chains longer than this are taken as loops. */
const MAX_REDIRECT_HOPS = 16;

/** A link's `?query` or `#anchor` and all after it ('' when it has neither). */
export function querySuffix(href: string): string {
  const hash = href.indexOf('#');
  const query = href.indexOf('?');
  const start = hash < 0 ? query : query < 0 ? hash : Math.min(hash, query);
  return start < 0 ? '' : href.slice(start);
}

export function isExternalLink(href: string): boolean {
  return EXTERNAL.test(href);
}

/**
 * Splits a link: `#anchor` and `?query` stripped, percent-decoded, backslashes read as `/`, a trailing `/`
 * dropped. A link starting with `.` is relative to the folder of `fromFile` (the page's path, relative to the docs
 * folder); one starting with `/` is from the docs root. Undefined for external links.
 */
export function siteLink(href: string, fromFile = ''): SiteLink | undefined {
  const link = href.trim().replaceAll('\\', '/');
  if (isExternalLink(link)) return undefined;
  const hash = link.indexOf('#');
  const query = link.indexOf('?');
  const end = Math.min(hash < 0 ? link.length : hash, query < 0 ? link.length : query);
  const anchor = hash < 0 ? undefined : decode(link.slice(hash + 1));
  let written = decode(link.slice(0, end));
  const relative = written !== '' && !written.startsWith('/');
  if (written === '') return { path: pageIdOf(fromFile) ?? fromFile, anchor, self: true, relative: false };
  if (written.startsWith('.')) written = `${path.posix.dirname(fromFile)}/${written}`;
  return { path: normalPath(written, true) ?? '', anchor, self: false, relative };
}

/**
 * A site path (`guides/my guide`, `../a b`) written as a link that `siteLink` reads back to the same path: every
 * character that ends or splits a link in markdown, JSX or HTML (white space, line ends, `#`, `?`, `%`, brackets,
 * parentheses, quotes, `<`, `>`, `{`, `}`, back-ticks, `\`, `|`, `^`) and every control, format, private-use,
 * unassigned or separator character is percent-encoded; other letters stay as written.
 */
export function linkPath(sitePath: string): string {
  return sitePath.replace(/[\s#?%()[\]<>"'`{}|^\\]|[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Z}]/gu, (c) => encodeURIComponent(c).replace(/[()'!*]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`));
}

/** What a link written in `fromFile` lands on. */
export function resolveLink(href: string, targets: LinkTargets, fromFile = ''): Resolution {
  const link = siteLink(href, fromFile);
  if (!link) return { kind: 'external' };
  if (link.self) return { kind: 'page', file: fromFile };
  const found = resolveSitePath(link.path, targets);
  // A link written `x/y` (no `./`) reads from the root in the platform's checker, from the page's folder in a
  // browser: either is accepted.
  if (found.kind === 'missing' && link.relative && !href.trim().startsWith('.')) {
    const fromPage = siteLink(`./${href.trim()}`, fromFile);
    if (fromPage) {
      const other = resolveSitePath(fromPage.path, targets);
      if (other.kind !== 'missing') return other;
    }
  }
  return found;
}

/** What a site path (no leading `/`, '' for the root) lands on, following redirects. */
export function resolveSitePath(sitePath: string, targets: LinkTargets, hops = 0): Resolution {
  // Under a base path a link may carry it or not: `/docs/x` and `/x` both name the page `x`.
  const inner = withoutBasePath(sitePath, targets.basePath);
  const found = (inner === undefined ? undefined : inTree(inner, targets)) ?? inTree(sitePath, targets);
  if (found) return found;
  const destination = targets.redirects?.destinationOf(sitePath) ?? (inner === undefined ? undefined : targets.redirects?.destinationOf(inner));
  if (destination !== undefined && hops >= MAX_REDIRECT_HOPS) return { kind: 'missing', path: sitePath, chained: true };
  if (destination !== undefined) {
    const next = siteLink(destination);
    const target = next ? resolveSitePath(next.path, targets, hops + 1) : { kind: 'external' as const };
    return { kind: 'redirect', destination, target };
  }
  return { kind: 'missing', path: sitePath };
}

/** What a site path names in the docs folder itself (no redirect), or undefined. */
function inTree(sitePath: string, targets: LinkTargets): Resolution | undefined {
  const { files } = targets;
  const page = files.pageFile(sitePath);
  if (page !== undefined) return { kind: 'page', file: page };
  if (sitePath !== '' && files.has(sitePath)) return { kind: pageIdOf(sitePath) === undefined ? 'file' : 'page', file: sitePath };
  // The platform matches a page whatever extension a link writes: `/setup.md` lands on `setup.mdx`.
  const written = pageIdOf(sitePath);
  const asPage = written === undefined || written === sitePath ? undefined : files.pageFile(written);
  if (asPage !== undefined) return { kind: 'page', file: asPage };
  if (targets.generated?.has(sitePath)) return { kind: 'generated', path: sitePath };
  // The site's root serves the first page of the navigation when there is no index page.
  if (sitePath === '' || targets.folders?.has(sitePath)) return { kind: 'folder', path: sitePath };
  return undefined;
}

/** A site path with the base path taken off ('' for the base itself), or undefined when it does not start with it. */
export function withoutBasePath(sitePath: string, basePath: string | undefined): string | undefined {
  if (!basePath) return undefined;
  if (sitePath === basePath) return '';
  return sitePath.startsWith(`${basePath}/`) ? sitePath.slice(basePath.length + 1) : undefined;
}

/** Where a chain of redirects ends. */
export function chainEnd(resolution: Resolution): Resolution {
  return resolution.kind === 'redirect' ? chainEnd(resolution.target) : resolution;
}

/** Why a link that lands nowhere does, for a message: '' unless a chain of redirects was too long to follow. */
export function tooLongChain(resolution: Resolution): string {
  const end = chainEnd(resolution);
  return end.kind === 'missing' && end.chained ? `: \`/${end.path}\` is reached through more than ${MAX_REDIRECT_HOPS} redirects, taken as a loop` : '';
}

/** Whether a resolution lands on something that exists (a redirect, where its chain ends). */
export function resolvesToSomething(resolution: Resolution): boolean {
  if (resolution.kind === 'redirect') return resolvesToSomething(resolution.target);
  return resolution.kind !== 'missing';
}

/** Where a chain of redirects ends that lands on nothing: the last destination written, and how many redirects led there. */
export function deadEndOf(resolution: Resolution): { destination: string; hops: number } | undefined {
  let hops = 0;
  let last: string | undefined;
  for (let at = resolution; at.kind === 'redirect'; at = at.target) {
    last = at.destination;
    hops++;
  }
  return last === undefined || resolvesToSomething(resolution) ? undefined : { destination: last, hops };
}

/** The words after a docs.json link that lands on nothing: plain, or naming where its redirects end. */
export function missingTargetWords(resolution: Resolution): string {
  const end = deadEndOf(resolution);
  const what = 'no page, file, generated API page or redirect source of this site';
  if (!end) return `is ${what}`;
  const through = end.hops > 1 ? ` (through ${end.hops} redirects)` : '';
  return `is redirected to '${end.destination}'${through}, which is ${what}`;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
