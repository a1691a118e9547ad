// Quick fix of an unknown icon in a page (issue 36): the nearest name of the site's icon library, from the
// server's own finding at the diagnostic's range (never from the `data` a client sends back).
import { CodeAction, CodeActionKind, Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { DocsProject } from '../../project/docs-project';
import { ownPageFindings } from '../findings/own-page-findings';

export function pageIconActions(project: DocsProject, file: string, diagnostics: readonly LspDiagnostic[], uriOf: (file: string) => string): CodeAction[] {
  if (!diagnostics.some((d) => d.code === 'unknown-icon')) return [];
  const own = ownPageFindings(project, file);
  if (!own) return [];
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    const suggestion = diagnostic.code === 'unknown-icon' ? own.findingAt(diagnostic)?.data?.suggestion : undefined;
    if (suggestion === undefined) continue;
    actions.push({
      title: `Change to '${suggestion}'`,
      kind: CodeActionKind.QuickFix,
      isPreferred: true,
      diagnostics: [diagnostic],
      edit: { changes: { [uriOf(file)]: [{ range: diagnostic.range, newText: suggestion }] } },
    });
  }
  return actions;
}
