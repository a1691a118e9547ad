import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import * as vscode from 'vscode';
import { docsJsonUri, extension, waitFor } from './helpers';

test('activates by itself on a workspace that contains docs.json', async () => {
  const ext = extension();
  // Nothing here opens docs.json or runs a command first: `workspaceContains:**/docs.json` must do it.
  await waitFor('the extension to activate', () => ext.isActive);
  await ext.exports.serverReady;
  assert.equal(ext.exports.languageClient()?.isRunning(), true);
});

test('gives docs.json its own language, which VS Code\'s JSON support leaves alone', async () => {
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  assert.equal(document.languageId, 'docs-json');
});
