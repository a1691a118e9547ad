// What a page or folder move does to the site's URLs: redirect destinations that named a moved URL follow it
// (a wildcard destination under a moved folder too: `/quick-start/:slug*`), and each old URL may get a redirect
// to its new one, so that links from outside keep working after the next deploy.
import { isExternalLink } from '../../checker/links/resolve-link';
import { redirectKey } from '../../checker/links/redirects';
import { JArray, JObject, JValue, pageFileCandidates, pageIdOf, valueOf } from '../../checker';
import { DocsContext } from '../base/docs-context';
import { appendEntries, FileEdit, removeArrayItems, replaceNode } from '../../checker/json/json-edits';
import { pushAll } from '../../checker/text/push-all';
import { MoveIndex } from './rename-files';

/** A moved page's URL path (no leading `/`), before and after. */
export interface MovedUrl {
  from: string;
  to: string;
}

/** One redirect for the URLs of a folder moved whole (see rename-wildcards.ts). */
export interface WildcardRedirect {
  source: string;
  destination: string;
  /** The old URLs (no leading `/`) it redirects to their new ones. */
  covers: Set<string>;
}

/** The URLs of the pages `moves` carry, with the pages they serve after the move. */
export function movedUrls(ctx: DocsContext, moves: MoveIndex): MovedUrl[] {
  const { files } = ctx.workspace;
  const urls: MovedUrl[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    const from = pageIdOf(file);
    const moved = moves.targetOf(file);
    const to = moved === undefined ? undefined : pageIdOf(moved);
    // Only the file that serves its URL (`a.mdx` before `a/index.mdx`) moves the URL; the root page has none to keep.
    if (from === undefined || to === undefined || from === to || from === '' || seen.has(from) || files.pageFile(from) !== file) return;
    seen.add(from);
    urls.push({ from, to });
  };
  for (const move of moves.moves) {
    if (files.has(move.from)) visit(move.from);
    else for (const file of files.all()) if (file.startsWith(`${move.from}/`)) visit(file);
  }
  // A URL another page form still serves after the move (`a/index.mdx` when `a.mdx` moved) is not redirected.
  return urls.filter((url) => !pageFileCandidates(url.from).some((file) => files.has(file) && moves.moveOf(file) === undefined));
}

/**
 * Destinations of `redirects` that land on a moved URL, or under a moved folder, rewritten to the new place; a
 * redirect the move would send to its own source (a move undone: `/x → /y`, then `y` back to `x`) is removed, as
 * a single move from the original place would leave none.
 */
export function redirectDestinationEdits(ctx: DocsContext, moves: MoveIndex, urls: MovedUrl[]): FileEdit[] {
  const byUrl = new Map(urls.map((u) => [u.from, u.to]));
  const folders = moves.moves.filter((m) => !ctx.workspace.files.has(m.from));
  const edits: FileEdit[] = [];
  const list = redirectList(ctx.model.root);
  const loops: number[] = [];
  for (const [index, item] of (list?.items ?? []).entries()) {
    const destination = valueOf(item, 'destination');
    if (destination?.type !== 'string' || isExternalLink(destination.plain)) continue;
    const written = destination.plain;
    const end = written.search(/[#?]/);
    const path = end < 0 ? written : written.slice(0, end);
    const key = redirectKey(path);
    const folder = folders.find((m) => key.startsWith(`${m.from}/`));
    const moved = byUrl.get(key) ?? (folder && folder.to + key.slice(folder.from.length));
    if (moved === undefined) continue;
    const source = valueOf(item, 'source');
    if (source?.type === 'string' && redirectKey(source.plain) === moved) {
      loops.push(index);
      continue;
    }
    const slash = /^\/*/.exec(path)![0];
    const trailing = path.length > slash.length && path.endsWith('/') ? '/' : '';
    edits.push(replaceNode(destination, JSON.stringify(slash + moved + trailing + written.slice(path.length))));
  }
  if (list && loops.length) pushAll(edits, removeArrayItems(list, loops));
  return edits;
}

/**
 * The sources (redirect keys) of the redirects in `redirects` that land where a redirect added by an earlier move
 * of this session sends (`added`): such a place was a stop of the page on its way, never the page's home. Moving
 * on from it adds no redirect from it (a → b, then b → c leaves a → c; a → b, then back, leaves none).
 */
export function transitUrls(ctx: DocsContext, added: ReadonlySet<string>): Set<string> {
  const transit = new Set<string>();
  for (const item of redirectList(ctx.model.root)?.items ?? []) {
    const source = valueOf(item, 'source');
    const destination = valueOf(item, 'destination');
    if (source?.type === 'string' && destination?.type === 'string' && added.has(redirectKey(source.plain))) transit.add(redirectKey(destination.plain));
  }
  return transit;
}

/** Whether a URL (no leading `/`) is a transit place: named, or under a transit folder (`x/:slug*`). */
function inTransit(url: string, transit: ReadonlySet<string>): boolean {
  if (transit.has(url)) return true;
  for (let slash = url.lastIndexOf('/'); slash > 0; slash = url.lastIndexOf('/', slash - 1)) if (transit.has(`${url.slice(0, slash)}/:slug*`)) return true;
  return false;
}

/**
 * A redirect from each old URL to its new one, appended to `redirects` (made when missing); none for a source
 * redirected already. The `wildcards` (see rename-wildcards.ts) come first and stand for the URLs they cover.
 */
export function addedRedirectEdits(
  ctx: DocsContext,
  urls: MovedUrl[],
  wildcards: WildcardRedirect[] = [],
  /** Places an earlier move of the session redirects to (see `transitUrls`): no redirect is added from them. */
  transit: ReadonlySet<string> = new Set(),
  /** Told the source (redirect key) of each redirect added. */
  onAdded?: (source: string) => void,
): FileEdit[] {
  const root = ctx.model.root;
  if (root?.type !== 'object') return [];
  const list = redirectList(root);
  const sources = new Set<string>();
  for (const item of list?.items ?? []) {
    const source = valueOf(item, 'source');
    if (source?.type === 'string') sources.add(redirectKey(source.plain));
  }
  const covered = (url: MovedUrl) => wildcards.some((w) => w.covers.has(url.from));
  const entries = [
    ...wildcards.filter((w) => !sources.has(redirectKey(w.source)) && !transit.has(redirectKey(w.source))).map(({ source, destination }) => ({ source, destination })),
    ...urls
      .filter((u) => !covered(u) && !sources.has(u.from) && !sources.has(redirectKey(redirectPath(u.from))) && !inTransit(u.from, transit) && u.from !== u.to)
      .map((u) => ({ source: `/${redirectPath(u.from)}`, destination: `/${redirectPath(u.to)}` })),
  ];
  if (!entries.length) return [];
  for (const entry of entries) onAdded?.(redirectKey(entry.source));
  return appendEntries(root, list ?? (root as JObject), 'redirects', entries);
}

/**
 * A page's URL path as a redirect writes it literally: the characters redirect paths read as syntax percent-encoded
 * (`*` a wildcard, `:id` a parameter, `(` `)` `+` `{` `}` `[` `]` patterns, `#` and `?` a fragment and a query; `%`
 * and blanks so that the path reads back as written). A page file `*.mdx` made a `/*` redirect that caught every
 * URL of the site, `:id.mdx` a parameter, `g#1?.mdx` a broken redirect.
 */
export function redirectPath(urlPath: string): string {
  return urlPath.replace(/[%*:#?()+{}[\]\s]/g, (char) => (/[*()]/.test(char) ? `%${char.charCodeAt(0).toString(16).toUpperCase()}` : encodeURIComponent(char)));
}

function redirectList(root: JValue | undefined): JArray | undefined {
  const list = root && valueOf(root, 'redirects');
  return list?.type === 'array' ? list : undefined;
}
