// Command "Docs: Preview llms.txt": the llms.txt the platform will generate for a docs folder, as the server predicts
// it (`docsJson/llmsTxt`, the same text as `docs-json llms-txt`), in a read-only document.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { LLMS_TXT_REQUEST, LlmsTxtAnswer } from '../../../server/src/protocol';
import { chooseDocsJson } from '../languages/translations-panel';

/** The scheme of the preview's documents: read-only, their text kept here. */
export const LLMS_TXT_SCHEME = 'docs-json-llms-txt';

export class LlmsTxtPreview implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration: vscode.Disposable;

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(LLMS_TXT_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  /** Opens the preview of the folder of `docsJson` (default: the active editor's, else one picked); the answer, for tests. */
  async show(docsJson?: vscode.Uri): Promise<LlmsTxtAnswer | undefined> {
    const client = this.client();
    const target = docsJson ?? (await chooseDocsJson());
    if (!client || !target) {
      void vscode.window.showInformationMessage(target ? 'The docs.json language server is not running.' : 'No docs.json in this workspace.');
      return undefined;
    }
    const answer = await client.sendRequest<LlmsTxtAnswer | null>(LLMS_TXT_REQUEST, { uri: target.toString() });
    if (!answer) {
      void vscode.window.showInformationMessage('docs.json checking is off for this folder: no llms.txt preview.');
      return undefined;
    }
    const folder = vscode.workspace.asRelativePath(vscode.Uri.joinPath(target, '..'), true);
    const uri = vscode.Uri.from({ scheme: LLMS_TXT_SCHEME, path: `/${folder}/llms.txt` });
    this.texts.set(uri.toString(), answer.text);
    this.changed.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(document, 'markdown'), { preview: true });
    if (answer.custom) {
      const count = answer.custom.problems.length;
      void vscode.window.showWarningMessage(`The repository's own ${answer.custom.file} is served instead of this generated one (${count} problem${count === 1 ? '' : 's'}: \`docs-json llms-txt\` lists them).`);
    } else if (answer.notes.length) {
      void vscode.window.showInformationMessage(`llms.txt: ${answer.notes.join('; ')}`);
    }
    return answer;
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
