import { CodeAction, CodeActionKind, Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { KIND_TITLE, NavElement, pageIdOf, resolveDocsPath } from '../../checker';
import { DocsContext } from '../base/docs-context';
import { appendToArray } from '../../checker/json/json-edits';
import { toChanges } from '../base/text-edits';
import { elementName } from '../docs-json/symbols';

export const MAX_TARGETS = 3;

/** "Add to group" fixes for an orphan page: the groups whose pages share most of its folder come first. */
export function addToNavigationActions(ctx: DocsContext, pageFile: string, diagnostic?: LspDiagnostic): CodeAction[] {
  const page = pageIdOf(pageFile);
  if (page === undefined) return [];
  const folders = page.split('/').slice(0, -1);
  const candidates: { element: NavElement; score: number; order: number }[] = [];
  ctx.model.elements.forEach((element, order) => {
    const pages = element.node.type === 'object' ? element.node.props.find((p) => p.key === 'pages') : undefined;
    if (!pages || pages.value.type !== 'array') return;
    let score = 0;
    for (const child of element.children) {
      if (child.kind !== 'page' || child.node.type !== 'string') continue;
      const resolved = resolveDocsPath(child.node.plain);
      if (resolved.inside) score = Math.max(score, sharedFolders(folders, resolved.relative.split('/').slice(0, -1)));
    }
    candidates.push({ element, score, order });
  });
  candidates.sort((a, b) => b.score - a.score || Number(b.element.kind === 'group') - Number(a.element.kind === 'group') || a.order - b.order);
  const actions: CodeAction[] = [];
  for (const { element } of candidates.slice(0, MAX_TARGETS)) {
    const pages = element.node.type === 'object' ? element.node.props.find((p) => p.key === 'pages')?.value : undefined;
    const edits = pages?.type === 'array' ? appendToArray(ctx.model.root, pages, page) : [];
    if (!edits.length) continue;
    const where = element.kind === 'navigation' ? 'the navigation' : `${KIND_TITLE[element.kind]} '${elementName(element)}'`;
    actions.push({
      title: `Add '${page}' to ${where}`,
      kind: CodeActionKind.QuickFix,
      diagnostics: diagnostic ? [diagnostic] : undefined,
      isPreferred: actions.length === 0,
      edit: { changes: toChanges(edits, ctx.uriOf) },
    });
  }
  return actions;
}

function sharedFolders(a: string[], b: string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
