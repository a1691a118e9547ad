// A folder moved whole keeps its URLs with one wildcard redirect (`/old/:slug*` → `/new/:slug*`) instead of one
// redirect per page: a site that moved a 200-page folder got 200 entries in docs.json.
import { redirectKey, redirectsOf, RedirectTable } from '../../checker/links/redirects';
import { pageIdOf } from '../../checker';
import { DocsContext } from '../base/docs-context';
import { MovedUrl, redirectPath, WildcardRedirect } from './rename-redirects';
import { Move, MoveIndex } from './rename-files';

/**
 * The wildcard redirects `moves` allow: for each folder moved whole (a folder move, or every file of a folder
 * moved to one other folder under the same names), `/<from>/:slug*` → `/<to>/:slug*` when no URL of the site
 * after the move lies under the old folder (a page it would hide) and, after the redirects already written, it
 * sends at least two moved URLs to their new ones. A URL it does not cover keeps its own redirect.
 */
export function wildcardRedirects(ctx: DocsContext, moves: MoveIndex, urls: MovedUrl[]): WildcardRedirect[] {
  const files = [...ctx.workspace.files.all()];
  const targetOf = (file: string) => moves.targetOf(file) ?? file;
  const existing = redirectsOf(ctx.model.root);
  const exactSources = new Set(existing.map((r) => redirectKey(r.source)));
  const found: WildcardRedirect[] = [];
  for (const { from, to } of folderPairs(ctx, moves.moves)) {
    // Both literal: a folder name with redirect syntax (`:id`, `*`) would read as a pattern.
    if (!from || !to || redirectPath(from) !== from || redirectPath(to) !== to) continue;
    const under = (path: string, folder: string) => path.startsWith(`${folder}/`);
    if (under(to, from) || under(from, to)) continue;
    const inFolder = files.filter((file) => under(file, from));
    if (!inFolder.every((file) => targetOf(file) === to + file.slice(from.length))) continue;
    if (files.some((file) => under(urlAfter(targetOf(file)), from))) continue;
    const wildcard = { source: `/${from}/:slug*`, destination: `/${to}/:slug*` };
    const table = new RedirectTable([...existing, wildcard]);
    // A URL it does not send to its new one (an earlier pattern catches it; its name has redirect syntax,
    // `levels:append`) keeps an exact redirect of its own, which wins over any pattern.
    const covered = urls.filter((url) => under(url.from, from) && !exactSources.has(url.from) && redirectPath(url.from) === url.from && table.destinationOf(url.from) === `/${url.to}`);
    if (covered.length < 2) continue;
    found.push({ ...wildcard, covers: new Set(covered.map((url) => url.from)) });
  }
  return found;
}

/** The URL path a file answers to: its page id, or its own path for another file (an image is served at it). */
function urlAfter(file: string): string {
  return pageIdOf(file) ?? file;
}

/** Old and new folder of each folder move, and of page moves that keep the file name (deduplicated). */
function folderPairs(ctx: DocsContext, moves: readonly Move[]): Move[] {
  const pairs = new Map<string, Move>();
  const add = (from: string, to: string) => pairs.set(`${from}\n${to}`, { from, to });
  for (const move of moves) {
    if (!ctx.workspace.files.has(move.from)) add(move.from, move.to);
    else {
      const cut = (path: string) => path.lastIndexOf('/');
      const [fromCut, toCut] = [cut(move.from), cut(move.to)];
      if (fromCut > 0 && toCut > 0 && move.from.slice(fromCut) === move.to.slice(toCut)) add(move.from.slice(0, fromCut), move.to.slice(0, toCut));
    }
  }
  return [...pairs.values()];
}
