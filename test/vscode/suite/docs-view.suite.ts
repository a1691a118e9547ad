// The Docs view as a writer uses it (issue 38): it follows the active editor, finds any page, opens a page pinned on
// a double-click, reveals a label in docs.json with the cursor in it, and renames and moves pages through the same
// refactoring as Explorer's.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import * as vscode from 'vscode';
import type { ElementItem, NavigationItem } from '../../../client/src/navigation/navigation-tree';
import { api, docsJsonUri, labelOf, replaceAndSave, revert, waitFor } from './helpers';

const NAVIGATION_VIEW = 'docsJson.navigation';
const fileIn = (relative: string) => vscode.Uri.joinPath(docsJsonUri, '..', relative);

/** Shows the view, filled, with every row folded (VS Code registers Collapse All once the view has drawn). */
async function showFolded(): Promise<void> {
  const { navigation } = await api();
  await vscode.commands.executeCommand('workbench.view.extension.docs');
  await vscode.commands.executeCommand(`${NAVIGATION_VIEW}.focus`);
  await waitFor('the view to fill', async () => (await navigation.getChildren()).length > 0);
  await waitFor('Collapse All', async () => {
    try {
      await vscode.commands.executeCommand(`workbench.actions.treeView.${NAVIGATION_VIEW}.collapseAll`);
      return true;
    } catch {
      return false;
    }
  });
}

/** The page file a row opens, relative to the workspace ('' for a row without one). */
function pageOf(item: NavigationItem | undefined): string {
  const target = item?.type === 'element' ? item.node.target?.uri : undefined;
  return target ? vscode.workspace.asRelativePath(vscode.Uri.parse(target)) : '';
}

async function rowOf(relative: string): Promise<ElementItem> {
  const row = await (await api()).navigation.rowOf(fileIn(relative));
  assert.ok(row, `a row for ${relative}`);
  return row;
}

test('the view follows the active page editor while it shows, and Reveal in Docs View selects a page\'s row, one not in the navigation too', async () => {
  const { navigationView } = await api();
  await showFolded();
  await vscode.window.showTextDocument(fileIn('quickstart.mdx'));
  assert.equal(await vscode.commands.executeCommand('docsJson.revealInDocsView'), true);
  await waitFor('the row of quickstart.mdx selected', () => pageOf(navigationView.selection[0]) === 'quickstart.mdx');
  await showFolded();
  await vscode.window.showTextDocument(fileIn('guides/deploy/production.mdx'), { preserveFocus: true });
  await waitFor('the row of production.mdx selected, its group opened', () => pageOf(navigationView.selection[0]) === 'guides/deploy/production.mdx');
  assert.equal(await vscode.commands.executeCommand('docsJson.revealInDocsView', fileIn('guides/authentication.mdx')), true);
  await waitFor('the row of authentication.mdx selected', () => pageOf(navigationView.selection[0]) === 'guides/authentication.mdx');
  const orphan = navigationView.selection[0] as ElementItem;
  assert.deepEqual([pageOf(orphan), orphan.node.kind], ['guides/authentication.mdx', 'orphan'], 'under "Not in navigation"');
  assert.equal(await vscode.commands.executeCommand('docsJson.revealInDocsView', fileIn('api/openapi.yaml')), false, 'no page');
});

test('Find page lists every page by title and path, folded groups and pages not in the navigation included; a pick opens', async () => {
  const { navigation } = await api();
  await showFolded();
  const pages = await navigation.allPages(docsJsonUri);
  const listed = pages.map((page) => [page.title, vscode.workspace.asRelativePath(vscode.Uri.parse(page.node.target!.uri)), page.trail.join(' › ')]);
  assert.deepEqual(listed, [
    ['Introduction', 'introduction.mdx', 'Guides › Get started'],
    ['Quickstart', 'quickstart.mdx', 'Guides › Get started'],
    ['Preview deployments', 'guides/deploy/preview.mdx', 'Guides › Deploying'],
    ['Production deployments', 'guides/deploy/production.mdx', 'Guides › Deploying'],
    ['API overview', 'api-reference/overview.mdx', 'API reference › Users'],
    ['Authentication', 'guides/authentication.mdx', 'Not in navigation'],
  ]);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('docsJson.findPage', 'Preview deployments');
  assert.equal(vscode.window.activeTextEditor && vscode.workspace.asRelativePath(vscode.window.activeTextEditor.document.uri), 'guides/deploy/preview.mdx');
});

test('a click previews a page and keeps the focus in the view; a double-click pins it with the focus in the editor', async () => {
  const { navigation } = await api();
  const row = navigation.getTreeItem(await rowOf('quickstart.mdx'));
  const click = () => vscode.commands.executeCommand(row.command!.command, ...(row.command!.arguments ?? []));
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand(`${NAVIGATION_VIEW}.focus`);
  await click();
  const tab = () => vscode.window.tabGroups.activeTabGroup.activeTab;
  assert.equal(tab()?.isPreview, true, 'one click: a preview');
  await click();
  await waitFor('the second click of a double-click: pinned', () => tab()?.isPreview === false);
  const editor = vscode.window.activeTextEditor!;
  assert.ok(editor.document.uri.path.endsWith('/quickstart.mdx'));
  await vscode.commands.executeCommand('type', { text: 'x' });
  await waitFor('the keystroke in the page', () => editor.document.isDirty);
  await revert(editor.document.uri);
});

test('Reveal in docs.json puts the cursor inside the label: a keystroke adds to it, never replaces it', async () => {
  const { navigation } = await api();
  const top = await navigation.getChildren();
  const guides = top.find((item) => labelOf(navigation.getTreeItem(item)) === 'Guides')!;
  await vscode.commands.executeCommand('docsJson.revealInDocsJson', guides);
  const editor = await waitFor('docs.json in the editor', () => vscode.window.activeTextEditor?.document.uri.path === docsJsonUri.path && vscode.window.activeTextEditor);
  assert.ok(editor.selection.isEmpty, 'an empty selection');
  const line = editor.document.lineAt(editor.selection.active.line).text;
  assert.equal(line.slice(editor.selection.active.character - 7, editor.selection.active.character + 1), '"Guides"', 'at the end of the label, inside its quotes');
  await vscode.commands.executeCommand('type', { text: 'X' });
  await waitFor('the keystroke in the label', () => editor.document.getText().includes('"tab": "GuidesX"'));
  await revert(docsJsonUri);
});

test('Rename page… and Move… (F2 and the selected row) move the file as Explorer does: the entry follows, a redirect keeps the old URL', async () => {
  const { navigation, navigationView } = await api();
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  const original = document.getText();
  const [preview, staging, moved] = ['guides/deploy/preview.mdx', 'guides/deploy/staging.mdx', 'guides/staging.mdx'].map(fileIn);
  try {
    assert.equal(await vscode.commands.executeCommand('docsJson.renamePage', await rowOf('guides/deploy/preview.mdx'), 'staging'), true);
    assert.ok(fs.existsSync(staging.fsPath) && !fs.existsSync(preview.fsPath));
    const renamed = await waitFor('the entry renamed', () => document.getText().includes('"guides/deploy/staging"') && JSON.parse(document.getText()));
    assert.deepEqual(renamed.redirects, [{ source: '/guides/deploy/preview', destination: '/guides/deploy/staging' }]);

    // As F2 does in the view: no argument, the selected row.
    // The view redraws after the rename: until then its row there may still be the old page's.
    // Selected through the command, as a writer would: a reveal of its own here raced the view's redraws.
    await waitFor('the renamed page selected in the view', async () => {
      await vscode.commands.executeCommand('docsJson.revealInDocsView', staging);
      return pageOf(navigationView.selection[0]) === 'guides/deploy/staging.mdx';
    });
    assert.equal(await vscode.commands.executeCommand('docsJson.movePage', undefined, 'guides/staging.mdx'), true);
    assert.ok(fs.existsSync(moved.fsPath));
    await waitFor('the entry moved', () => document.getText().includes('"guides/staging"'));
    assert.equal(await vscode.commands.executeCommand('docsJson.movePage', await rowOf('guides/staging.mdx'), '../outside.mdx'), false, 'not outside the docs folder');
  } finally {
    for (const file of [staging, moved]) if (fs.existsSync(file.fsPath)) fs.renameSync(file.fsPath, preview.fsPath);
    await replaceAndSave(document, original);
  }
});

test('"Other files" lists the files whose problems no other row counts (a snippet, docs.json\'s settings): the top rows add up to the Problems panel', async () => {
  const { navigation, navigationView } = await api();
  const snippet = fileIn('snippets/broken.mdx');
  const folder = vscode.Uri.joinPath(docsJsonUri, '..').toString();
  /** The errors and warnings the Problems panel shows for the docs folder (ours: the source is the language server's). */
  const problems = () => {
    let count = 0;
    for (const [uri, list] of vscode.languages.getDiagnostics()) {
      if (!uri.toString().startsWith(`${folder}/`)) continue;
      count += list.filter((d) => d.source === 'docs' && d.severity <= vscode.DiagnosticSeverity.Warning).length;
    }
    return count;
  };
  const top = async () => (await navigation.getChildren()).filter((item): item is ElementItem => item.type === 'element');
  const othersRow = async () => (await top()).find((item) => item.node.kind === 'others');
  fs.mkdirSync(vscode.Uri.joinPath(snippet, '..').fsPath, { recursive: true });
  fs.writeFileSync(snippet.fsPath, '[Deploy](/guides/deploy/nowhere)\n');
  try {
    await waitFor('the snippet\'s broken link in the Problems panel', () => vscode.languages.getDiagnostics(snippet).some((d) => d.source === 'docs'));
    const others = await waitFor('the snippet under Other files', async () => {
      const row = await othersRow();
      return row && (await navigation.getChildren(row)).some((item) => pageOf(item) === 'snippets/broken.mdx') && row;
    });
    // After "Not in navigation" (and before the OpenAPI specs, which count no problem), folded; its count is its files'.
    const rows = await top();
    assert.deepEqual(rows.slice(-3).map((item) => labelOf(navigation.getTreeItem(item))), ['Not in navigation', 'Other files', 'OpenAPI specs']);
    const tree = navigation.getTreeItem(others);
    assert.equal(tree.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    // docs.json's "styling.eyebrows" value, and the snippet's link.
    assert.equal(tree.description, '2 files · 2 errors');
    const files = (await navigation.getChildren(others)) as ElementItem[];
    assert.deepEqual(files.map((item) => [item.node.label, navigation.getTreeItem(item).description]), [['docs.json', '1 error'], ['snippets/broken.mdx', '1 error']]);
    assert.equal(rows.reduce((sum, item) => sum + item.node.errors + item.node.warnings, 0), problems(), 'the top rows add up to the Problems panel');

    // A click previews the file and keeps the focus in the view, as a page row's does.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal(await vscode.commands.executeCommand('docsJson.revealInDocsView', snippet), true);
    await waitFor('the snippet\'s row selected', () => pageOf(navigationView.selection[0]) === 'snippets/broken.mdx');
    const row = navigation.getTreeItem(files[1]);
    await vscode.commands.executeCommand(row.command!.command, ...(row.command!.arguments ?? []));
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.equal((tab?.input as vscode.TabInputText | undefined)?.uri.path, snippet.path);
    assert.equal(tab?.isPreview, true);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  } finally {
    fs.rmSync(vscode.Uri.joinPath(snippet, '..').fsPath, { recursive: true, force: true });
  }
  await waitFor('the snippet\'s row gone', async () => {
    const row = await othersRow();
    return row !== undefined && (await navigation.getChildren(row)).every((item) => pageOf(item) !== 'snippets/broken.mdx');
  });
});

// Issue 48: a page listed in two products counts once (the top rows add up to the Problems panel) and its rows say
// where else it is.
test('a page listed in two products: counted once in the top rows, each of its rows says "also in" the other product', async () => {
  const { navigation } = await api();
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  const original = document.getText();
  const shared = fileIn('shared/auth.mdx');
  const site = {
    theme: 'mint',
    name: 'Acme Docs',
    colors: { primary: '#0B7D62' },
    navigation: {
      products: [
        { product: 'Cloud', groups: [{ group: 'Start', pages: ['shared/auth'] }] },
        { product: 'Self-hosted', groups: [{ group: 'Start', pages: ['shared/auth'] }] },
      ],
    },
  };
  fs.mkdirSync(vscode.Uri.joinPath(shared, '..').fsPath, { recursive: true });
  fs.writeFileSync(shared.fsPath, '---\ntitle: Authentication\n---\n\n[a](/gone-one)\n');
  try {
    await replaceAndSave(document, `${JSON.stringify(site, null, 2)}\n`);
    await waitFor('the shared page\'s broken link', () => vscode.languages.getDiagnostics(shared).some((d) => d.source === 'docs'));
    const top = await waitFor('the products, counted once', async () => {
      // After them, the fixture's other pages are "Not in navigation".
      const rows = (await navigation.getChildren()).filter((item): item is ElementItem => item.type === 'element' && item.node.kind === 'product');
      return rows.length === 2 && rows[0].node.errors === 1 && rows;
    });
    assert.deepEqual(top.map((row) => [row.node.label, row.node.errors]), [['Cloud', 1], ['Self-hosted', 0]]);
    const pageRow = async (product: ElementItem) => {
      const [group] = (await navigation.getChildren(product)) as ElementItem[];
      return ((await navigation.getChildren(group)) as ElementItem[])[0];
    };
    const first = navigation.getTreeItem(await pageRow(top[0]));
    const second = navigation.getTreeItem(await pageRow(top[1]));
    assert.match(String(first.description), /also in Self-hosted/);
    assert.match(String(second.description), /also in Cloud/);
    assert.match((second.tooltip as vscode.MarkdownString).value, /its problems count once, under Cloud/);
  } finally {
    await replaceAndSave(document, original);
    fs.rmSync(vscode.Uri.joinPath(shared, '..').fsPath, { recursive: true, force: true });
  }
});
