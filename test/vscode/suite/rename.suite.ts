// Renames keep URLs alive (issue 25), in the real VS Code: a folder renamed as the Explorer does (a workspace
// edit, which runs the file-operation participants) updates redirect destinations and adds redirects from the
// old URLs to docs.json.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import * as vscode from 'vscode';
import { api, docsJsonUri, replaceAndSave, waitFor } from './helpers';

test('renaming a folder updates redirect destinations (a wildcard too) and adds one wildcard redirect from its old URLs', async () => {
  await api();
  const original = fs.readFileSync(docsJsonUri.fsPath, 'utf8');
  const deploy = vscode.Uri.joinPath(docsJsonUri, '..', 'guides', 'deploy');
  const shipping = vscode.Uri.joinPath(docsJsonUri, '..', 'guides', 'shipping');
  const redirects = [
    { source: '/prod', destination: '/guides/deploy/production' },
    { source: '/ship/:slug*', destination: '/guides/deploy/:slug*' },
  ];
  // A docs.json of its own: what the suites before left in the fixture's does not matter.
  const site = {
    theme: 'mint',
    name: 'Acme Docs',
    colors: { primary: '#0B7D62' },
    navigation: { pages: ['introduction', 'guides/deploy/preview', 'guides/deploy/production'] },
    redirects,
  };
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  await replaceAndSave(document, `${JSON.stringify(site, null, 2)}\n`);
  try {
    const rename = new vscode.WorkspaceEdit();
    rename.renameFile(deploy, shipping);
    assert.ok(await vscode.workspace.applyEdit(rename), 'the folder renamed');
    const written = await waitFor('the redirects edited', () => {
      const parsed = JSON.parse(document.getText()) as { redirects?: { source: string; destination: string }[] };
      return parsed.redirects && parsed.redirects.length > 2 && parsed.redirects;
    });
    assert.deepEqual(written, [
      { source: '/prod', destination: '/guides/shipping/production' },
      { source: '/ship/:slug*', destination: '/guides/shipping/:slug*' },
      { source: '/guides/deploy/:slug*', destination: '/guides/shipping/:slug*' },
    ]);
    assert.deepEqual(JSON.parse(document.getText()).navigation.pages, ['introduction', 'guides/shipping/preview', 'guides/shipping/production'], 'the navigation follows too');
  } finally {
    // Back through VS Code, as the server is told of its file operations (a rename on disk behind its back was not
    // always reported by the file watcher, and the suites after this one lost the folder's pages).
    if (fs.existsSync(shipping.fsPath)) {
      const back = new vscode.WorkspaceEdit();
      back.renameFile(shipping, deploy);
      if (!(await vscode.workspace.applyEdit(back))) fs.renameSync(shipping.fsPath, deploy.fsPath);
    }
    // Through the editor: the refactoring saved docs.json, and a write behind its back conflicted with that save.
    await replaceAndSave(document, original);
  }
});
