// The README's pictures, taken in the real workbench on a real corpus site (DOCS_VSCODE_SCREENSHOTS=<folder>):
// the Docs view by page titles beside docs.json and its problems, and the quick-fix menu on a missing page.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import * as vscode from 'vscode';
import { api, waitFor } from './helpers';
import { ScreenshotsConfig } from './run-config';

/** Asks the host script for a picture of the workbench and waits for the file. */
async function picture(file: string): Promise<void> {
  await delay(1500); // lets the workbench paint
  rmSync(file, { force: true });
  console.log(`DOCS_VSCODE_SCREENSHOT ${file}`);
  // Up to 2 min: at a load average of 20-30 on 2 cores the host script took over 30 s for a picture.
  for (let i = 0; i < 1200 && !existsSync(file); i++) await delay(100);
  if (!existsSync(file)) throw new Error(`the screenshot ${file} was not taken`);
}

async function until(what: string, probe: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(200);
  }
}

export async function takeScreenshots(workspace: string, config: ScreenshotsConfig): Promise<void> {
  const docsJson = vscode.Uri.file(join(workspace, 'docs.json'));
  const document = await vscode.workspace.openTextDocument(docsJson);
  const ours = () => vscode.languages.getDiagnostics(docsJson).filter((d) => d.source === 'docs');
  await until('the check of docs.json', () => ours().some((d) => document.getText(d.range) === JSON.stringify(config.missingPage)));
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
  await vscode.commands.executeCommand('workbench.view.extension.docs');
  await vscode.commands.executeCommand('workbench.actions.view.problems');
  // The Docs view's rows, before the picture: on a busy machine it was taken while the view still loaded.
  const { navigation } = await api();
  await waitFor('the rows of the Docs view', async () => ((await navigation.getChildren()) ?? []).length > 0, 120_000);

  // The missing page in the middle of the editor, its problem selected.
  const missing = ours().find((d) => document.getText(d.range) === JSON.stringify(config.missingPage))!;
  const editor = await vscode.window.showTextDocument(document);
  const inside = missing.range.start.translate(0, 2);
  editor.selection = new vscode.Selection(inside, inside);
  editor.revealRange(missing.range, vscode.TextEditorRevealType.InCenter);
  await picture(join(config.folder, 'screenshot.png'));

  await vscode.commands.executeCommand('editor.action.quickFix');
  await picture(join(config.folder, 'quick-fix.png'));
  await vscode.commands.executeCommand('hideCodeActionWidget');

  // The Docs view following a page, and Find Page… over every page by title and path (docs/docs-view.md).
  const shown = (await navigation.allPages(docsJson)).find((page) => page.trail.length > 1);
  if (shown?.node.target) await vscode.window.showTextDocument(vscode.Uri.parse(shown.node.target.uri), { preview: false });
  await vscode.commands.executeCommand('workbench.action.closePanel');
  await vscode.commands.executeCommand('docsJson.revealInDocsView');
  void vscode.commands.executeCommand('docsJson.findPage');
  await picture(join(config.folder, 'docs-view.png'));
  await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
}
