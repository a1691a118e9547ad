// A window reload in the middle of the run (issue 15): the suites run, the window reloads, and the same tests module
// runs again in the new extension host, which then runs reload.suite.ts alone. A marker file tells the two apart.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import * as vscode from 'vscode';
import { api, waitFor } from './helpers';
import { RunConfig } from './run-config';

/** The result that stands for the second half until it has run: a reload that never comes fails the run. */
export const AFTER_RELOAD = 'the suites run again after a window reload';

export function reloadMarker(config: RunConfig): string {
  return join(dirname(config.resultsFile), 'reloaded');
}

/** When the window was reloaded, in ms since the epoch; undefined before the reload. */
export function reloadedAt(config: RunConfig): number | undefined {
  return existsSync(reloadMarker(config)) ? Number(readFileSync(reloadMarker(config), 'utf8')) : undefined;
}

/**
 * Sets the window up as a writer leaves it, then reloads it: docs.json in the first group, the assistant panel
 * beside it, the Docs view open. The workspace's docs.json becomes the large site's (its first check takes long
 * enough to watch the Docs view's progress). Never returns: the extension host ends with the window.
 */
export async function reloadWindow(config: RunConfig): Promise<never> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const docsJson = join(config.workspace, 'docs.json');
  renameSync(docsJson, join(config.workspace, 'docs.small.json'));
  renameSync(join(config.largeSite, 'docs.json'), docsJson);
  renameSync(join(config.largeSite, 'big'), join(config.workspace, 'big'));
  rmSync(config.largeSite, { recursive: true, force: true });
  await vscode.window.showTextDocument(vscode.Uri.file(docsJson), { viewColumn: vscode.ViewColumn.One, preview: false });
  const asked = await vscode.commands.executeCommand<{ answer: string } | undefined>('docsJson.askAssistant', 'Where is the quickstart?');
  assert.ok(asked?.answer, 'the assistant answered before the reload');
  assert.equal(vscode.window.tabGroups.all.length, 2, 'the assistant panel opened beside docs.json');
  await vscode.commands.executeCommand('workbench.view.extension.docs');
  // The window reloads once the Docs view shows the large site: a writer reloads a window at rest.
  const { navigation } = await api();
  // Its 100 groups; the small site's pages, still in the workspace, follow under "Not in navigation".
  const groups = async () => ((await navigation.getChildren()) ?? []).filter((item) => item.type === 'element' && item.node.kind === 'group');
  await waitFor('the Docs view to show the large site', async () => (await groups()).length === 100, 60_000);
  let changedAt = Date.now();
  const listening = navigation.onDidChangeTreeData(() => (changedAt = Date.now()));
  await waitFor('the Docs view at rest for a second', () => Date.now() - changedAt > 1000, 60_000);
  listening.dispose();
  writeFileSync(reloadMarker(config), String(Date.now()));
  await vscode.commands.executeCommand('workbench.action.reloadWindow');
  await delay(120_000);
  throw new Error('the window did not reload within 2 minutes');
}
