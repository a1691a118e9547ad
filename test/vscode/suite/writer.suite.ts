// What a writer sees (issue 15), in the real VS Code: the first fix for a missing page and the page it opens, the
// outline of the whole file with the Docs view's icons, suggestions in strings as one types, plain messages.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import * as vscode from 'vscode';
import { linkPagePaths } from '../../../client/src/assistant/assistant-panel';
import type { NavigationItem } from '../../../client/src/navigation/navigation-tree';
import { api, codeActionsAt, codeOf, docsJsonUri, labelOf, ourDiagnostics, rangeOf, revert, waitFor } from './helpers';

test('suggestions pop up inside strings of docs.json as one types (a [docs-json] default)', async () => {
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  const quick = vscode.workspace.getConfiguration('editor', document).get<Record<string, string>>('quickSuggestions');
  assert.equal(quick?.strings, 'on');
  const other = vscode.workspace.getConfiguration('editor', { languageId: 'json' }).get<Record<string, string>>('quickSuggestions');
  assert.notEqual(other?.strings, 'on', 'other JSON files keep VS Code\'s default');
});

test('messages in the Problems panel are plain text: no Markdown backticks', async () => {
  const diagnostics = await waitFor('our diagnostics', () => ourDiagnostics(docsJsonUri).length > 0 && ourDiagnostics(docsJsonUri));
  for (const d of diagnostics) assert.doesNotMatch(d.message, /`/, d.message);
});

test('"Create page file" is the first fix when nothing is close, and it opens the new page', async () => {
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  await vscode.window.showTextDocument(document);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(docsJsonUri, rangeOf(document, '"guides/authentcation"'), '"guides/webhooks"');
  assert.ok(await vscode.workspace.applyEdit(edit));
  const created = vscode.Uri.joinPath(docsJsonUri, '..', 'guides', 'webhooks.mdx');
  try {
    const diagnostic = await waitFor('the missing page flagged', () =>
      ourDiagnostics(docsJsonUri).find((d) => codeOf(d) === 'missing-page' && document.getText(d.range) === '"guides/webhooks"'),
    );
    const actions = await codeActionsAt(docsJsonUri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
    const [first] = actions;
    assert.equal(first?.title, "Create page file 'guides/webhooks.mdx'", actions.map((a) => a.title).join('; '));
    assert.equal(first.isPreferred, true);
    assert.ok(first.edit && (await vscode.workspace.applyEdit(first.edit)));
    assert.ok(first.command, 'the fix carries a command that opens the page');
    await vscode.commands.executeCommand(first.command.command, ...(first.command.arguments ?? []));
    await waitFor('the new page in the editor', () => vscode.window.activeTextEditor?.document.uri.toString() === created.toString());
    assert.match(vscode.window.activeTextEditor!.document.getText(), /^---\ntitle: "Webhooks"\n---/);
  } finally {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    fs.rmSync(created.fsPath, { force: true });
    await revert(docsJsonUri);
  }
});

test('the outline covers the whole docs.json, with the icons the Docs view shows', async () => {
  const { navigation } = await api();
  const symbols = await waitFor('the outline', async () => {
    const found = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>('vscode.executeDocumentSymbolProvider', docsJsonUri);
    return found !== undefined && found.length > 0 && found;
  });
  assert.deepEqual(symbols.map((s) => s.name), ['$schema', 'theme', 'name', 'colors', 'navigation', 'styling']);
  const tabs = symbols.find((s) => s.name === 'navigation')!.children;
  // The rows of the navigation: "Not in navigation" (the misspelt page's file), "Other files" and "OpenAPI specs" follow them, and are not in docs.json.
  const items = ((await navigation.getChildren()) as NavigationItem[]).filter((item) => item.type === 'element' && item.node.kind !== 'orphans' && item.node.kind !== 'others' && item.node.kind !== 'specs');
  const rows = items.map((item) => navigation.getTreeItem(item));
  assert.deepEqual(rows.map(labelOf), [...tabs.map((t) => t.name)]);
  for (const [i, tab] of tabs.entries()) {
    // VS Code draws a symbol of kind K with the codicon `symbol-<k>`: the row's icon is that codicon.
    const codicon = (rows[i].iconPath as vscode.ThemeIcon).id;
    const kebab = vscode.SymbolKind[tab.kind].replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
    assert.equal(codicon, `symbol-${kebab === 'struct' ? 'structure' : kebab}`, tab.name);
  }
  assert.equal((rows[0].iconPath as vscode.ThemeIcon).id, 'symbol-class', 'a tab');
});

test('assistant panel: an answer is copied as Markdown, its page paths open the local page, a follow-up is asked in place', async () => {
  const { assistant } = await api();
  const first = await vscode.commands.executeCommand<{ answer: string } | undefined>('docsJson.askAssistant', 'Where is the quickstart?');
  assert.ok(first?.answer, 'an answer');
  const index = (await assistant.handle({ type: 'copy', index: 0 })) === undefined ? -1 : 0;
  assert.equal(index, 0, 'the first answer can be copied');
  // The answer just given is the last one of the panel.
  let last = 0;
  while ((await assistant.handle({ type: 'copy', index: last + 1 })) !== undefined) last++;
  assert.equal(await vscode.env.clipboard.readText(), first.answer);

  assert.equal(linkPagePaths('<p>See <code>guides/deploy/preview</code> and <code>npm</code></p>'), '<p>See <a href="guides/deploy/preview"><code>guides/deploy/preview</code></a> and <code>npm</code></p>');
  const opened = (await assistant.handle({ type: 'open', href: '/quickstart' })) as vscode.Uri | undefined;
  assert.ok(opened?.path.endsWith('/quickstart.mdx'), `opened ${opened?.toString()}`);
  await waitFor('quickstart.mdx in the editor', () => vscode.window.activeTextEditor?.document.uri.path.endsWith('/quickstart.mdx'));

  const followUp = (await assistant.handle({ type: 'ask', question: 'And how do I deploy?' })) as { question: string; answer: string } | undefined;
  assert.equal(followUp?.question, 'And how do I deploy?');
  assert.ok(followUp.answer.length > 0);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

test('an .mdx page opens as MDX, wrapped, with an outline of its headings', async () => {
  const page = vscode.Uri.joinPath(docsJsonUri, '..', 'quickstart.mdx');
  const document = await vscode.workspace.openTextDocument(page);
  assert.equal(document.languageId, 'mdx');
  assert.equal(vscode.workspace.getConfiguration('editor', document).get('wordWrap'), 'on');
  const edit = new vscode.WorkspaceEdit();
  edit.insert(page, new vscode.Position(document.lineCount, 0), '\n## Install\n\n### With npm\n');
  assert.ok(await vscode.workspace.applyEdit(edit));
  try {
    const outline = await waitFor('the outline of the page', async () => {
      const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', page);
      return symbols?.length ? symbols : undefined;
    });
    assert.deepEqual(outline.map((s) => [s.name, s.children.map((c) => c.name)]), [['Install', ['With npm']]]);
  } finally {
    await revert(page);
  }
});

test('the orphan page is listed as information in the Problems panel, with its fix', async () => {
  const page = vscode.Uri.joinPath(docsJsonUri, '..', 'guides', 'authentication.mdx');
  const [orphan] = await waitFor('the orphan information', () => {
    const found = ourDiagnostics(page).filter((d) => codeOf(d) === 'docsJson.orphan');
    return found.length > 0 && found;
  });
  assert.equal(orphan.severity, vscode.DiagnosticSeverity.Information);
  const actions = await codeActionsAt(page, orphan.range);
  assert.ok(actions.some((action) => /^Add 'guides\/authentication' to group/.test(action.title)), actions.map((a) => a.title).join(', '));
});

test("every finding offers Configure rule '…', which opens the Settings editor at docsJson.severity", async () => {
  const diagnostic = await waitFor('the missing page flagged', () => ourDiagnostics(docsJsonUri).find((d) => codeOf(d) === 'missing-page'));
  const actions = await codeActionsAt(docsJsonUri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
  const configure = actions.find((a) => a.title === "Configure rule 'missing-page'…");
  assert.ok(configure?.command, actions.map((a) => a.title).join('; '));
  assert.deepEqual([configure.command.command, configure.command.arguments], ['workbench.action.openSettings', ['docsJson.severity']]);
  await vscode.commands.executeCommand(configure.command.command, ...(configure.command.arguments ?? []));
  try {
    await waitFor('the Settings editor', () => vscode.window.tabGroups.activeTabGroup.activeTab?.label === 'Settings');
  } finally {
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  }
});

test('`#` in a page link lists the headings of the page it lands on, asked as VS Code asks on the trigger character', async () => {
  const page = vscode.Uri.joinPath(docsJsonUri, '..', 'introduction.mdx');
  const document = await vscode.workspace.openTextDocument(page);
  await vscode.window.showTextDocument(document);
  const edit = new vscode.WorkspaceEdit();
  const end = document.positionAt(document.getText().length);
  edit.insert(page, end, '\n## Chunking strategy\n\nSee [chunking](#');
  assert.ok(await vscode.workspace.applyEdit(edit));
  try {
    const cursor = document.positionAt(document.getText().length);
    const list = await waitFor('the headings', async () => {
      const found = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', page, cursor, '#');
      return found.items.some((i) => labelOf(i) === 'chunking-strategy') && found;
    });
    assert.ok(list.items.length >= 1);
  } finally {
    await revert(page);
  }
});
