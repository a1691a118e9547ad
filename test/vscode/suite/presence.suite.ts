// Issue 32: the Docs view shows only where a docs.json is. In the real workbench: the view shows beside the fixture's
// docs.json, leaves when docs.json is deleted (and does not come back when asked for), and returns with the file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import * as vscode from 'vscode';
import { api, docsJsonUri, waitFor } from './helpers';

const openDocsView = () => vscode.commands.executeCommand('workbench.view.extension.docs').then(undefined, () => undefined);

test('the Docs view shows with docs.json, goes when it is deleted, and comes back when it is created again', async () => {
  const { navigationView } = await api();
  // Asked for until it shows: before the first search for docs.json has set the context key, there is no view.
  const shown = () =>
    waitFor('the Docs view to show beside docs.json', async () => {
      await openDocsView();
      return navigationView.visible;
    });
  await shown();

  const text = fs.readFileSync(docsJsonUri.fsPath, 'utf8');
  await vscode.workspace.fs.delete(docsJsonUri);
  try {
    await waitFor('the Docs view to go with docs.json', () => !navigationView.visible);
    // Asked for again, the view does not show: the workbench has no Docs view to show.
    await openDocsView();
    await vscode.commands.executeCommand('workbench.view.explorer');
    await openDocsView();
    assert.equal(navigationView.visible, false, 'the Docs view shows without docs.json');
  } finally {
    await vscode.workspace.fs.writeFile(docsJsonUri, Buffer.from(text));
  }
  await shown();
});
