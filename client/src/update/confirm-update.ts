import * as vscode from 'vscode';
import { DIAGNOSTIC_SOURCE } from '../../../server/src/lsp/protocol-extensions';

export const CONFIRM_UPDATE = 'Trigger Update';

/** The errors our server reports in the workspace now (docs.json, its `$ref` files, the pages). */
export function openErrorCount(): number {
  let errors = 0;
  for (const [, diagnostics] of vscode.languages.getDiagnostics()) {
    for (const d of diagnostics) if (d.source === DIAGNOSTIC_SOURCE && d.severity === vscode.DiagnosticSeverity.Error) errors++;
  }
  return errors;
}

/** What the confirmation says: the project, the errors still open, and what the service deploys. */
export function updateQuestion(projectId: string, errors: number, unsaved: number): { message: string; detail: string } {
  const open = errors === 0 ? 'No errors are open in the Problems panel.' : `${errors} error${errors === 1 ? ' is' : 's are'} open in the Problems panel.`;
  const edits = unsaved === 0 ? '' : ` ${unsaved} file${unsaved === 1 ? ' has' : 's have'} unsaved edits.`;
  return {
    message: `Publish project '${projectId}' to production?`,
    detail: `${open}\n\nThe service builds the site from the repository's branch, not from this editor: edits that are not committed and pushed are not published.${edits}`,
  };
}

/**
 * Asks before an update starts (a modal dialog, as VS Code asks before anything that cannot be taken back): one
 * click on the Docs view's cloud icon queued a production update with 18 errors open.
 */
export async function confirmUpdate(projectId: string): Promise<boolean> {
  const unsaved = vscode.workspace.textDocuments.filter((document) => document.isDirty && document.uri.scheme === 'file').length;
  const { message, detail } = updateQuestion(projectId, openErrorCount(), unsaved);
  const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, CONFIRM_UPDATE);
  return choice === CONFIRM_UPDATE;
}
