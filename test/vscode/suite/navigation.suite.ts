import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import * as vscode from 'vscode';
import type { NavigationItem } from '../../../client/src/navigation/navigation-tree';
import { setTimeout as delay } from 'node:timers/promises';
import { api, docsJsonUri, labelOf, rangeOf, revert, waitFor } from './helpers';

async function children(parent?: NavigationItem): Promise<NavigationItem[]> {
  return (await (await api()).navigation.getChildren(parent)) ?? [];
}

async function find(path: string[]): Promise<NavigationItem> {
  const { navigation } = await api();
  let items = await children();
  let found: NavigationItem | undefined;
  for (const label of path) {
    found = items.find((item) => labelOf(navigation.getTreeItem(item)) === label);
    assert.ok(found, `'${label}' is in the Navigation view: ${items.map((i) => labelOf(navigation.getTreeItem(i))).join(', ')}`);
    items = await children(found);
  }
  return found!;
}

test('the Navigation view shows the top of docs.json: two tabs, the global anchor, and the page no entry reaches', async () => {
  const { navigation } = await api();
  await vscode.commands.executeCommand('workbench.view.extension.docs');
  const top = await waitFor('the Navigation view to fill', async () => {
    const items = await children();
    return items.length > 0 && items;
  });
  const rows = top.map((item) => {
    const tree = navigation.getTreeItem(item);
    return { label: labelOf(tree), kind: tree.contextValue };
  });
  assert.deepEqual(rows, [
    { label: 'Guides', kind: 'docsJson.tab' },
    { label: 'API reference', kind: 'docsJson.tab' },
    { label: 'Status', kind: 'docsJson.global-anchor' },
    // guides/authentication.mdx: docs.json names it misspelt.
    { label: 'Not in navigation', kind: 'docsJson.orphans' },
    // docs.json's invalid "styling.eyebrows": a setting, on no row of the navigation.
    { label: 'Other files', kind: 'docsJson.others' },
    // api/openapi.yaml, which the API tab names.
    { label: 'OpenAPI specs', kind: 'docsJson.specs' },
  ]);
  const orphans = await children(top[3]);
  assert.deepEqual(orphans.map((item) => labelOf(navigation.getTreeItem(item))), ['Authentication'], 'by its title');
});

// Issue 51: the API section, per spec its operations and what gives each a page (the rows come from the server).
test('the OpenAPI specs row: per spec, each operation with what gives it a page or "no page", the path the platform gives it; a row opens the operation in the spec', async () => {
  const { navigation } = await api();
  const specs = await waitFor('the OpenAPI specs row', async () => (await children()).find((item) => labelOf(navigation.getTreeItem(item)) === 'OpenAPI specs'));
  const section = navigation.getTreeItem(specs);
  assert.equal(section.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed, 'folded at first, as the rows after the navigation');
  assert.equal(section.contextValue, 'docsJson.specs');
  const [spec] = await children(specs);
  const specRow = navigation.getTreeItem(spec);
  assert.deepEqual([labelOf(specRow), specRow.description], ['api/openapi.yaml', '5 operations, 4 without a page']);
  const operations = (await children(spec)).map((item) => navigation.getTreeItem(item));
  assert.deepEqual(operations.map((row) => [labelOf(row), row.description]), [
    ['GET /users', 'listed · /api-reference/list-users'],
    ['POST /users', 'no page (once listed: /api-reference/create-a-user)'],
    ['GET /users/{id}', 'no page (once listed: /api-reference/get-a-user)'],
    ['GET /projects', 'no page (once listed: /api-reference/list-projects)'],
    ['DELETE /projects/{id}', 'no page (once listed: /api-reference/delete-a-project)'],
  ]);
  assert.equal((operations[0].iconPath as vscode.ThemeIcon).id, 'symbol-method');
  // A click opens the spec at the operation.
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand(operations[1].command!.command, ...(operations[1].command!.arguments ?? []));
  const editor = await waitFor('the spec shown', () => vscode.window.visibleTextEditors.find((shown) => shown.document.uri.path.endsWith('/api/openapi.yaml')));
  assert.equal(editor.document.lineAt(editor.selection.active.line).text.trim(), 'post:');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

test('a problem shows on its node, and a page node, shown by its title, opens its file', async () => {
  const { navigation } = await api();
  const endpoint = navigation.getTreeItem(await find(['API reference', 'Users', 'GET /userz']));
  assert.equal(endpoint.description, '1 error');
  const fine = navigation.getTreeItem(await find(['API reference', 'Users', 'GET /users']));
  // No kind repeated on every row: an endpoint's row shows the page the platform generates for it (issue 51).
  assert.equal(fine.description, '/api-reference/list-users', 'the generated page, no kind');

  // quickstart.mdx's front matter title; a page without a file keeps its path.
  const page = navigation.getTreeItem(await find(['Guides', 'Get started', 'Quickstart']));
  await find(['Guides', 'Get started', 'guides/authentcation']);
  assert.ok(page.command);
  await vscode.commands.executeCommand(page.command.command, ...(page.command.arguments ?? []));
  const opened = await waitFor('quickstart.mdx to open', () => vscode.window.activeTextEditor?.document.uri.path.endsWith('/quickstart.mdx'));
  assert.equal(opened, true);
});

test('the view follows edits of docs.json', async () => {
  const { navigation } = await api();
  const document = await vscode.workspace.openTextDocument((await find(['Guides'])).docsJson);
  const rename = async (from: string, to: string) => {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, rangeOf(document, `"tab": "${from}"`), `"tab": "${to}"`);
    assert.ok(await vscode.workspace.applyEdit(edit));
    await waitFor(`the tab '${to}' in the view`, async () => labelOf(navigation.getTreeItem((await children())[0])) === to);
  };
  await rename('Guides', 'Handbook');
  await rename('Handbook', 'Guides');
  await revert(document.uri);
});

test('the redirects show in a folded row after the navigation, each with its problems, opening its entry', async () => {
  const { navigation } = await api();
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  const entries = ['{ "source": "/old", "destination": "/quickstart" }', '{ "source": "/old", "destination": "/gone" }'];
  const edit = new vscode.WorkspaceEdit();
  edit.replace(docsJsonUri, rangeOf(document, '"styling"'), `"redirects": [${entries.join(', ')}],\n  "styling"`);
  assert.ok(await vscode.workspace.applyEdit(edit));
  try {
    const redirects = await waitFor('the Redirects row', async () => (await children()).find((item) => labelOf(navigation.getTreeItem(item)) === 'Redirects'));
    const row = navigation.getTreeItem(redirects);
    assert.deepEqual([row.collapsibleState, row.description, row.contextValue], [vscode.TreeItemCollapsibleState.Collapsed, '2 errors', 'docsJson.redirects']);
    const rows = (await children(redirects)).map((item) => navigation.getTreeItem(item));
    // The second: the source is already redirected, and /gone lands on nothing.
    assert.deepEqual(rows.map((r) => [labelOf(r), r.description]), [['/old → /quickstart', ''], ['/old → /gone', '2 errors']]);
    const open = rows[1].command!;
    await vscode.commands.executeCommand(open.command, ...(open.arguments ?? []));
    const selected = await waitFor('the entry selected in docs.json', () => {
      const editor = vscode.window.activeTextEditor;
      return editor?.document.uri.toString() === docsJsonUri.toString() && editor.document.getText(editor.selection);
    });
    assert.equal(selected, '"/old"', 'its source, not the whole entry');
  } finally {
    await revert(docsJsonUri);
  }
  await waitFor('the Redirects row to go', async () => !(await children()).some((item) => labelOf(navigation.getTreeItem(item)) === 'Redirects'));
});

/** The id of the Docs view (package.json). */
const NAVIGATION_VIEW = 'docsJson.navigation';

test('a click on a row shows its label in docs.json and leaves the focus in the view: a keystroke then changes nothing', async () => {
  const { navigation } = await api();
  const guides = navigation.getTreeItem(await find(['Guides']));
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand(`${NAVIGATION_VIEW}.focus`);
  await vscode.commands.executeCommand(guides.command!.command, ...(guides.command!.arguments ?? []));
  const editor = await waitFor('docs.json to show', () => {
    const shown = vscode.window.activeTextEditor;
    return shown?.document.uri.toString() === docsJsonUri.toString() && shown;
  });
  assert.equal(editor.document.getText(editor.selection), '"Guides"', 'the label, not the tab\'s 20 lines');
  const before = editor.document.getText();
  // What a writer's next key does: VS Code types into the focused editor only.
  await vscode.commands.executeCommand('type', { text: 'u' });
  await delay(500);
  assert.equal(editor.document.getText(), before);
  assert.equal(editor.document.isDirty, false);
});

test('rows count the errors and warnings of everything under them, folded or not; a row with only warnings is not red', async () => {
  const { navigation } = await api();
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  const edit = new vscode.WorkspaceEdit();
  // A second 'guides/deploy/preview' in the Guides tab: a duplicate page, a warning.
  edit.replace(docsJsonUri, rangeOf(document, '"guides/deploy/production"]'), '"guides/deploy/production", "guides/deploy/preview"]');
  assert.ok(await vscode.workspace.applyEdit(edit));
  try {
    const description = async (path: string[]) => navigation.getTreeItem(await find(path)).description;
    await waitFor('the warning on the Guides tab', async () => (await description(['Guides'])) === '1 error, 1 warning');
    assert.equal(await description(['Guides', 'Get started']), '1 error', 'the missing page, on its group');
    assert.equal(await description(['API reference']), '1 error', 'the unknown endpoint, on its tab');
    const deploying = navigation.getTreeItem(await find(['Guides', 'Deploying']));
    assert.equal(deploying.description, '1 warning');
    assert.notEqual((deploying.iconPath as vscode.ThemeIcon).color?.id, 'list.errorForeground');
    assert.equal((navigation.getTreeItem(await find(['Guides'])).iconPath as vscode.ThemeIcon).color?.id, 'list.errorForeground');
    await vscode.commands.executeCommand(`workbench.actions.treeView.${NAVIGATION_VIEW}.collapseAll`);
    assert.equal(await description(['Guides']), '1 error, 1 warning', 'folded, the tab still counts them');
  } finally {
    await revert(docsJsonUri);
  }
});
