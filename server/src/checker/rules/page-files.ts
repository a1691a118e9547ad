// SPEC table `pages` and rule 1: each page path names a page file in the docs folder.
import { diagnostic } from '../diagnostics';
import { NavElement } from '../model/docs-model';
import { parseEndpointEntry } from '../openapi/endpoint-entry';
import { resolveDocsPath } from '../workspace/docs-paths';
import { FileIndex } from '../workspace/file-index';
import { RuleContext } from './rule-context';

/**
 * Per file index, the latest check's page entries in order and the file each one found. A keystroke changes one
 * entry: the others, found at the same place with the same text and the index unchanged, are not looked up again.
 */
const latest = new WeakMap<FileIndex, { version: number; written: string[]; found: (string | undefined)[] }>();

export function checkPageFiles({ model, workspace, report }: RuleContext): void {
  const files = workspace.files;
  const last = latest.get(files);
  const previous = last?.version === files.version ? last : undefined;
  const written: string[] = [];
  const found: (string | undefined)[] = [];
  latest.set(files, { version: files.version, written, found });
  for (const element of model.elements) {
    if (element.kind !== 'page' || element.node.type !== 'string') continue;
    const entry = element.node.plain;
    const at = written.push(entry) - 1;
    if (previous !== undefined && previous.written[at] === entry && previous.found[at] !== undefined) {
      found.push(previous.found[at]);
      continue;
    }
    found.push(lookUp(element, entry, files, report));
  }
}

/** The file of one page entry, reporting why there is none. */
function lookUp(element: NavElement, written: string, files: FileIndex, report: RuleContext['report']): string | undefined {
  const resolved = resolveDocsPath(written);
  if (!resolved.inside) {
    report(diagnostic('page-outside-root', element.node, `'${written}' leaves the docs folder: pages must be inside it`));
    return undefined;
  }
  const page = resolved.relative;
  const file = files.pageFile(page);
  if (file !== undefined) return file;
  report(diagnostic('missing-page', element.node, missingPageMessage(page, element), { page, suggestion: movedPage(page, files.pagesNamedLike(page)) }));
  return undefined;
}

function missingPageMessage(page: string, element: NavElement): string {
  if (page === '') return 'Empty page path';
  const looked = `${page}.mdx, ${page}.md, ${page}/index.mdx or ${page}/index.md`;
  const endpointHint =
    parseEndpointEntry(page).kind === 'endpoint' && element.openapi.length === 0
      ? ': endpoint entries need an `openapi` spec on this element or one above it'
      : '';
  return `No page file for '${page}' (looked for ${looked})${endpointHint}`;
}

const MAX_NAMESAKES = 2_000;

/** The one page with the same file name elsewhere (preferring one that ends with the whole path): the usual result of a move. */
function movedPage(page: string, sameName: string[]): string | undefined {
  // Each missing page scans its namesakes: past this many (a generated site), the scans would add up to minutes.
  if (sameName.length > MAX_NAMESAKES) return undefined;
  const others = sameName.filter((p) => p !== page);
  const moved = others.filter((p) => p.endsWith('/' + page));
  if (moved.length === 1) return moved[0];
  return others.length === 1 ? others[0] : undefined;
}
