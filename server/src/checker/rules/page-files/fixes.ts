import { Diagnostic } from '../../diagnostics';
import { JValue } from '../../json/json-tree';
import { DocsModel } from '../../model/docs-model';
import { docsRelativePath } from '../../workspace/docs-paths';
import { redirectsOf, RedirectTable } from '../../links/redirects';
import { fixOf, nodeUnder, replaceNode } from '../fix-edits';
import { FixContext, RuleFix } from '../rule-module';
import { suggestPage } from './suggest-page';

/** Longer paths are not file names a system accepts: no file is offered for them. */
export const MAX_NEW_PAGE_PATH = 1024;

/** The page entry pointed at the nearest page, or the page it names created. */
export function missingPageFixes(d: Diagnostic, context: FixContext): RuleFix[] {
  const { model, files, pageIds } = context;
  const page = d.data?.page;
  const node = nodeUnder(model, d);
  if (page === undefined || node?.type !== 'string') return [];
  const given = d.data?.suggestion;
  const listed = pagesBeside(model, node);
  let suggestion = given !== undefined ? { page: given, close: true } : page ? suggestPage(files, pageIds, page) : undefined;
  // A page its section lists already would be listed twice (a duplicate-page): the nearest other page, or none.
  if (suggestion && listed.has(suggestion.page)) {
    suggestion = page ? suggestPage(files, pageIds.filter((id) => !listed.has(id)), page) : undefined;
    if (suggestion && listed.has(suggestion.page)) suggestion = undefined;
  }
  const replace = (preferred: boolean) => (suggestion ? fixOf(`Replace with '${suggestion.page}'`, [replaceNode(node, JSON.stringify(suggestion.page))], preferred) : []);
  // Nor is a page created at a URL the site redirects (polar's `merchant-of-record/acceptable-use`): page and
  // redirect would both claim it.
  const redirected = page ? new RedirectTable(redirectsOf(model.root)).destinationOf(page) !== undefined : false;
  const create = page && !redirected ? newPageFix(page, context) : [];
  // A far match (a whole path segment replaced: C# for C++) comes after creating the page the entry names.
  return suggestion?.close ? [...replace(true), ...create] : [...create.map((fix) => ({ ...fix, preferred: true })), ...replace(false)];
}

/** "Create page file '<page>.mdx'", where the client creates files. A file `.mintignore` leaves out is no page: creating it (or writing into the one there) fixes nothing. */
export function newPageFix(page: string, { createFiles, ignores, newPage }: Pick<FixContext, 'createFiles' | 'ignores' | 'newPage'>): RuleFix[] {
  if (page.length > MAX_NEW_PAGE_PATH || !createFiles || !newPage || ignores?.(`${page}.mdx`) !== false) return [];
  return [{ title: `Create page file '${page}.mdx'`, edits: [], creates: [{ path: `${page}.mdx`, text: newPage(page) }] }];
}

/** The pages (as docs paths) listed in the section of the page entry `node`, but for `node` itself. */
function pagesBeside(model: DocsModel, node: JValue): Set<string> {
  const element = model.byNode.get(node);
  const listed = new Set<string>();
  if (!element) return listed;
  for (const other of model.elements) {
    if (other !== element && other.kind === 'page' && other.section === element.section && other.node.type === 'string') {
      const id = docsRelativePath(other.node.plain);
      if (id !== undefined) listed.add(id);
    }
  }
  return listed;
}
