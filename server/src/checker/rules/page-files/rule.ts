// SPEC table `pages` and rule 1: each page path names a page file in the docs folder.
import { diagnostic, shown } from '../../diagnostics';
import { NavElement } from '../../model/docs-model';
import { parseEndpointEntry } from '../../openapi/endpoint-entry';
import { docsRelativePath } from '../../workspace/docs-paths';
import { isConventionallyNotAPage } from '../../workspace/page-files';
import { FileIndex } from '../../workspace/file-index';
import { doubled } from '../../typed-arrays';
import { FNV_SEED, fnvStep } from '../../text/fnv';
import { isCloseBySegments, nearest } from '../../text/nearest';
import { CheckResult, RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';

/**
 * The file (an id of `index`, -1 for none) each page element of a checked model found, in element order; undefined
 * when the check did not look its entries up in `index` or the index changed since.
 */
export function foundPageFiles(result: Pick<CheckResult, 'findings'>, index: FileIndex): Int32Array | undefined {
  const found = result.findings.pageFiles;
  return found?.index === index && found.version === index.version ? found.found : undefined;
}

/**
 * A keystroke changes one entry: the others, found at the same place with the same fingerprint of the previous
 * check and the index unchanged, are not looked up again. Fingerprints, not the entries: kept as cut from
 * docs.json, the entries held the last check's whole text alive while the next check built its own.
 */
export function checkPageFiles({ model, workspace, report, previous: before, findings }: RuleContext): void {
  const files = workspace.files;
  const last = before?.pageFiles;
  const previous = last?.index === files && last.version === files.version ? last : undefined;
  let found = new Int32Array(Math.max(16, previous?.found.length ?? 0));
  let fingerprints = new Int32Array(2 * found.length);
  let count = 0;
  for (const element of model.elements) {
    if (element.kind !== 'page' || element.node.type !== 'string') continue;
    const entry = element.node.plain;
    const at = count++;
    if (at === found.length) {
      found = doubled(found);
      fingerprints = doubled(fingerprints);
    }
    fingerprint(entry, fingerprints, 2 * at);
    const unchanged =
      previous !== undefined &&
      2 * at < previous.fingerprints.length &&
      previous.fingerprints[2 * at] === fingerprints[2 * at] &&
      previous.fingerprints[2 * at + 1] === fingerprints[2 * at + 1];
    found[at] = unchanged && previous.found[at] >= 0 ? previous.found[at] : lookUp(element, entry, files, report);
  }
  found = found.slice(0, count);
  findings.pageFiles = { index: files, version: files.version, fingerprints: fingerprints.slice(0, 2 * count), found };
}

/** Two independent 32-bit hashes of `text` (FNV-1a, and a multiply-rotate one seeded with its length) at `at`. */
function fingerprint(text: string, into: Int32Array, at: number): void {
  let a = FNV_SEED;
  let b = text.length ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = fnvStep(a, c);
    b = Math.imul(b + c, 0x9e3779b1);
    b = (b << 13) | (b >>> 19);
  }
  into[at] = a;
  into[at + 1] = b;
}

/** The file (id) of one page entry, reporting why there is none. */
function lookUp(element: NavElement, written: string, files: FileIndex, report: RuleContext['report']): number {
  const page = docsRelativePath(written);
  if (page === undefined) {
    report(diagnostic('page-outside-root', element.node, `'${written}' leaves the docs folder: pages must be inside it`));
    return -1;
  }
  const file = files.pageFileId(page);
  if (file >= 0) return file;
  // Over the file limit the index lacks files: a missing page cannot be told from an unindexed one (the user is told).
  if (files.truncated) return -1;
  // The moved-page suggestion is found when a quick fix asks (`movedPageSuggestion`): a map of every page by file
  // name, kept for it, cost more memory than anything else the check holds besides the file index itself.
  report(diagnostic('missing-page', element.node, missingPageMessage(page, element), { page }));
  return -1;
}

function missingPageMessage(page: string, element: NavElement): string {
  if (page === '') return 'Empty page path';
  const quoted = shown(page);

  const endpointHint =
    parseEndpointEntry(page).kind === 'endpoint' && element.openapi.length === 0
      ? ': endpoint entries need an `openapi` spec on this element or one above it'
      : '';
  // The forms looked for, without the path again: the Problems panel cut the message after it.
  return `No page file for '${quoted}' (.mdx, .md, /index.mdx or /index.md)${endpointHint}`;
}

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

export const rule: RuleModule = {
  folder: 'page-files',
  codes: { 'missing-page': 'error', 'page-outside-root': 'error' },
  namedElsewhere: ['page-outside-root'],
  check: checkPageFiles,
};
