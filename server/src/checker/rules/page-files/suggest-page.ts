// The page a missing page entry or page link most likely meant: for their quick fixes, not run by every check.
import { FileIndex } from '../../workspace/file-index';
import { isConventionallyNotAPage } from '../../workspace/page-files';
import { isCloseBySegments, nearest } from '../../text/nearest';

const MAX_NAMESAKES = 2_000;

/**
 * For a missing page: the one page with the same file name elsewhere (preferring one that ends with the whole
 * path), the usual result of a move. One pass over the file index, made for a quick fix, not by every check.
 */
export function movedPageSuggestion(files: FileIndex, page: string): string | undefined {
  const name = page.slice(page.lastIndexOf('/') + 1);
  const sameName: string[] = [];
  for (const { page: id, file } of files.pages()) {
    if (isConventionallyNotAPage(file)) continue;
    if (id.endsWith(name) && (id.length === name.length || id.charCodeAt(id.length - name.length - 1) === 47 /* / */)) sameName.push(id);
  }
  // Past this many namesakes (a generated site) no one of them is the obvious answer.
  if (sameName.length > MAX_NAMESAKES) return undefined;
  const others = sameName.filter((p) => p !== page);
  const moved = others.filter((p) => p.endsWith('/' + page));
  if (moved.length === 1) return moved[0];
  return others.length === 1 ? others[0] : undefined;
}

/** A replacement for a missing page, and whether it is close enough to be the fix a writer wants first. */
export interface PageSuggestion {
  page: string;
  close: boolean;
}

/**
 * The page a writer most likely meant by a missing entry, nearest by meaning before nearest by characters: a page
 * of the folder the entry names (`sdks/csharp` when only `sdks/csharp/overview` exists; `realtime/backend/overview`
 * before the one other `backend` page, `ai-chat/backend`); the same file moved to another folder; then the page nearest by characters, close only when every path segment is a
 * typo of the one written (`sdks/csharp` → `sdks/cpp` replaces a whole segment: offered, never first).
 */
export function suggestPage(files: FileIndex, pageIds: readonly string[], page: string): PageSuggestion | undefined {
  const inFolder = pageInFolder(pageIds, page);
  if (inFolder !== undefined) return { page: inFolder, close: true };
  const moved = movedPageSuggestion(files, page);
  if (moved !== undefined) return { page: moved, close: true };
  const near = nearest(page, pageIds, Math.max(2, Math.ceil(page.length / 3)));
  return near === undefined ? undefined : { page: near, close: isCloseBySegments(page, near) };
}

/** Names a folder's first page usually has, the most usual first. */
const FOLDER_LEADS = ['overview', 'introduction', 'intro', 'getting-started', 'quickstart', 'index'];

/** For an entry naming a folder of pages: its overview or introduction, else its shallowest page (first by name). */
function pageInFolder(pageIds: readonly string[], page: string): string | undefined {
  const prefix = `${page.toLowerCase()}/`;
  let best: string | undefined;
  let bestRank = Infinity;
  for (const id of pageIds) {
    if (id.length <= prefix.length || id.slice(0, prefix.length).toLowerCase() !== prefix) continue;
    const rest = id.slice(prefix.length);
    const depth = rest.split('/').length;
    const lead = depth === 1 ? FOLDER_LEADS.indexOf(rest.toLowerCase()) : -1;
    const rank = lead >= 0 ? lead : FOLDER_LEADS.length + depth;
    if (rank < bestRank || (rank === bestRank && best !== undefined && id < best)) {
      best = id;
      bestRank = rank;
    }
  }
  return best;
}
