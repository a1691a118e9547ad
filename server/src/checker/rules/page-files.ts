// SPEC table `pages` and rule 1: each page path names a page file in the docs folder.
import { diagnostic } from '../diagnostics';
import { NavElement } from '../model/docs-model';
import { parseEndpointEntry } from '../openapi/endpoint-entry';
import { resolveDocsPath } from '../workspace/docs-paths';
import { RuleContext } from './rule-context';

export function checkPageFiles({ model, workspace, report }: RuleContext): void {
  for (const element of model.elements) {
    if (element.kind !== 'page' || element.node.type !== 'string') continue;
    const written = element.node.plain;
    const resolved = resolveDocsPath(written);
    if (!resolved.inside) {
      report(diagnostic('page-outside-root', element.node, `'${written}' leaves the docs folder: pages must be inside it`));
      continue;
    }
    const page = resolved.relative;
    if (workspace.files.pageFile(page) !== undefined) continue;
    report(diagnostic('missing-page', element.node, missingPageMessage(page, element), { page, suggestion: movedPage(page, workspace.files.pagesNamedLike(page)) }));
  }
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

/** The one page with the same file name elsewhere (preferring one that ends with the whole path): the usual result of a move. */
function movedPage(page: string, sameName: string[]): string | undefined {
  const others = sameName.filter((p) => p !== page);
  const moved = others.filter((p) => p.endsWith('/' + page));
  if (moved.length === 1) return moved[0];
  return others.length === 1 ? others[0] : undefined;
}
