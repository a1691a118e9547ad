import * as vscode from 'vscode';
import { DIAGNOSTIC_SOURCE } from '../../../server/src/protocol';

/** A choice of the confirmation: publish, or not. */
export interface PublishChoice extends vscode.QuickPickItem {
  publish: boolean;
}

/** The errors our server reports in the workspace now (docs.json, its `$ref` files, the pages). */
export function openErrorCount(): number {
  let errors = 0;
  for (const [, diagnostics] of vscode.languages.getDiagnostics()) {
    for (const d of diagnostics) if (d.source === DIAGNOSTIC_SOURCE && d.severity === vscode.DiagnosticSeverity.Error) errors++;
  }
  return errors;
}

/** What the confirmation says: the project, the errors still open and the unsaved files. */
export function updateQuestion(projectId: string, errors: number, unsaved: number): { title: string; placeholder: string } {
  const open = errors === 0 ? 'No errors are open in the Problems panel.' : `${errors} error${errors === 1 ? ' is' : 's are'} open in the Problems panel.`;
  const edits = unsaved === 0 ? '' : ` ${unsaved} file${unsaved === 1 ? ' has' : 's have'} unsaved edits.`;
  return { title: `Publish project '${projectId}' to production?`, placeholder: `${open}${edits}` };
}

/**
 * Asks before an update starts: one click on the Docs view's cloud icon queued a production update with 18 errors
 * open. A quick pick that stays until it is answered, Cancel first (Enter alone publishes nothing), rather than a
 * modal dialog: VS Code refuses modal dialogs while extension tests run, so a dialog's question could not be tested.
 */
export function confirmUpdate(projectId: string, announce: (pick: vscode.QuickPick<PublishChoice>) => void): Promise<boolean> {
  const unsaved = vscode.workspace.textDocuments.filter((document) => document.isDirty && document.uri.scheme === 'file').length;
  const { title, placeholder } = updateQuestion(projectId, openErrorCount(), unsaved);
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<PublishChoice>();
    pick.title = title;
    pick.placeholder = placeholder;
    const cancel: PublishChoice = { label: '$(close) Cancel', publish: false };
    const publish: PublishChoice = {
      label: '$(cloud-upload) Trigger Update',
      description: `deploys project '${projectId}'`,
      detail: "The service builds the site from the repository's branch, not from this editor: edits that are not committed and pushed are not published.",
      publish: true,
    };
    pick.items = [cancel, publish];
    pick.activeItems = [cancel];
    pick.ignoreFocusOut = true;
    let chosen = false;
    pick.onDidAccept(() => {
      chosen = (pick.selectedItems[0] ?? pick.activeItems[0])?.publish ?? false;
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(chosen);
    });
    pick.show();
    announce(pick);
  });
}
