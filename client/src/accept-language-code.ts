import * as vscode from 'vscode';
import { withAcceptedCode } from './extra-language-codes';

/**
 * The "Accept 'ja'" quick fix (`docsJson.acceptLanguageCode`, arguments from the server: the code and the docs
 * folder's URI): adds the code to `docsJson.extraLanguageCodes` of the workspace folder holding the docs folder.
 * The server checks the folder again when the setting changes. Resolves to whether the setting holds the code.
 */
export async function acceptLanguageCode(code: unknown, folderUri: unknown): Promise<boolean> {
  if (typeof code !== 'string' || code === '' || typeof folderUri !== 'string') return false;
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.parse(folderUri));
  if (!folder) {
    void vscode.window.showWarningMessage(`The language code '${code}' was not accepted: its docs folder is in no workspace folder.`);
    return false;
  }
  const config = vscode.workspace.getConfiguration('docsJson', folder.uri);
  const codes = withAcceptedCode(config.inspect<string[]>('extraLanguageCodes'), code);
  if (codes) await config.update('extraLanguageCodes', codes, vscode.ConfigurationTarget.WorkspaceFolder);
  return true;
}
