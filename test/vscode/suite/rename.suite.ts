// Renames keep URLs alive (issue 25), in the real VS Code: a folder renamed as the Explorer does (a workspace
// edit, which runs the file-operation participants) updates redirect destinations and adds redirects from the
// old URLs to docs.json.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import * as vscode from 'vscode';
import { api, docsJsonUri, revert, waitFor } from './helpers';

test('renaming a folder updates redirect destinations (a wildcard too) and adds a redirect from each old URL', async () => {
  await api();
  const original = fs.readFileSync(docsJsonUri.fsPath, 'utf8');
  const deploy = vscode.Uri.joinPath(docsJsonUri, '..', 'guides', 'deploy');
  const shipping = vscode.Uri.joinPath(docsJsonUri, '..', 'guides', 'shipping');
  const redirects = [
    { source: '/prod', destination: '/guides/deploy/production' },
    { source: '/ship/:slug*', destination: '/guides/deploy/:slug*' },
  ];
  fs.writeFileSync(docsJsonUri.fsPath, original.replace(/\n}\s*$/, `,\n  "redirects": ${JSON.stringify(redirects, null, 2).replace(/\n/g, '\n  ')}\n}\n`));
  try {
    const document = await vscode.workspace.openTextDocument(docsJsonUri);
    await waitFor('docs.json with its redirects', () => document.getText().includes('"/ship/:slug*"'));
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
      { source: '/guides/deploy/preview', destination: '/guides/shipping/preview' },
      { source: '/guides/deploy/production', destination: '/guides/shipping/production' },
    ]);
    assert.match(document.getText(), /"pages": \["guides\/shipping\/preview", "guides\/shipping\/production"\]/, 'the navigation follows too');
  } finally {
    if (fs.existsSync(shipping.fsPath)) fs.renameSync(shipping.fsPath, deploy.fsPath);
    fs.writeFileSync(docsJsonUri.fsPath, original);
    await revert(docsJsonUri);
    await waitFor('docs.json as it was', async () => (await vscode.workspace.openTextDocument(docsJsonUri)).getText() === original);
  }
});
