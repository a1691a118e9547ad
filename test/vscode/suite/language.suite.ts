import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import * as vscode from 'vscode';
import { api, codeActionsAt, codeOf, docsJsonUri, labelOf, ourDiagnostics, rangeOf, revert, waitFor } from './helpers';

/** The mistakes written into test/vscode/fixtures/workspace/docs.json, and the text each one covers. */
const EXPECTED = [
  { code: 'missing-page', text: '"guides/authentcation"' },
  { code: 'unknown-endpoint', text: '"GET /userz"' },
  { code: 'global-href', text: '"status"' },
  { code: 'invalid-value', text: '"crumbs"' },
];

test('publishes the diagnostics of a broken docs.json with their codes and ranges', async () => {
  await api();
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  await vscode.window.showTextDocument(document);
  const diagnostics = await waitFor('4 diagnostics on docs.json', () => {
    const found = ourDiagnostics(docsJsonUri);
    return found.length >= EXPECTED.length && found;
  });
  const actual = diagnostics.map((d) => ({ code: codeOf(d), range: d.range })).sort((a, b) => a.range.start.compareTo(b.range.start));
  assert.deepEqual(
    actual.map((d) => ({ code: d.code, start: d.range.start, end: d.range.end })),
    EXPECTED.map(({ code, text }) => ({ code, start: rangeOf(document, text).start, end: rangeOf(document, text).end })),
  );
  assert.ok(diagnostics.every((d) => d.severity === vscode.DiagnosticSeverity.Error));
  // One reporter: nothing but our server speaks about docs.json (VS Code's JSON service would add 'json' ones).
  assert.deepEqual(vscode.languages.getDiagnostics(docsJsonUri).filter((d) => d.source !== 'docs').map((d) => d.message), []);
});

test('offers page paths as completion inside a pages entry', async () => {
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  const inside = rangeOf(document, '"quickstart"').start.translate(0, 1);
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', docsJsonUri, inside);
  const labels = list.items.map(labelOf);
  for (const page of ['introduction', 'guides/authentication', 'guides/deploy/preview']) {
    assert.ok(labels.includes(page), `completion offers ${page}: got ${labels.slice(0, 20).join(', ')}`);
  }
});

test('a quick fix replaces a misspelt page and its diagnostic goes away', async () => {
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  const diagnostic = ourDiagnostics(docsJsonUri).find((d) => codeOf(d) === 'missing-page');
  assert.ok(diagnostic, 'the missing-page diagnostic is there');
  const actions = await codeActionsAt(docsJsonUri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
  const fix = actions.find((action) => action.title === "Replace with 'guides/authentication'");
  assert.ok(fix?.edit, `a replace fix is offered: got ${actions.map((a) => a.title).join('; ')}`);
  assert.ok(await vscode.workspace.applyEdit(fix.edit));
  assert.ok(document.getText().includes('"introduction", "quickstart", "guides/authentication"'));
  await waitFor('the missing-page diagnostic to go away', () => !ourDiagnostics(docsJsonUri).some((d) => codeOf(d) === 'missing-page'));
  assert.deepEqual(ourDiagnostics(docsJsonUri).map(codeOf).sort(), ['global-href', 'invalid-value', 'unknown-endpoint']);

  await revert(docsJsonUri);
  assert.equal(document.isDirty, false);
  await waitFor('the missing-page diagnostic to come back', () => ourDiagnostics(docsJsonUri).some((d) => codeOf(d) === 'missing-page'));
});

test('a broken link typed into a page is flagged in the page, and goes away when fixed', async () => {
  const pageUri = vscode.Uri.joinPath(docsJsonUri, '..', 'introduction.mdx');
  const document = await vscode.workspace.openTextDocument(pageUri);
  await vscode.window.showTextDocument(document);
  const end = document.lineAt(document.lineCount - 1).range.end;
  const typed = new vscode.WorkspaceEdit();
  typed.insert(pageUri, end, '\n\nRead [the guide](/guides/authentcation) next.\n');
  assert.ok(await vscode.workspace.applyEdit(typed));
  const broken = await waitFor('a broken-link diagnostic in the page', () => ourDiagnostics(pageUri).find((d) => codeOf(d) === 'broken-link'));
  assert.deepEqual(broken.range, rangeOf(document, '/guides/authentcation'));
  const fixed = new vscode.WorkspaceEdit();
  fixed.replace(pageUri, rangeOf(document, '/guides/authentcation'), '/guides/authentication');
  assert.ok(await vscode.workspace.applyEdit(fixed));
  await waitFor('the broken-link diagnostic to go away', () => !ourDiagnostics(pageUri).some((d) => codeOf(d) === 'broken-link'));
  await revert(pageUri);
});

test("\"Accept 'ja'\" adds the code to the workspace folder's docsJson.extraLanguageCodes, and the hint goes away", async () => {
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  await vscode.window.showTextDocument(document);
  const navigation = rangeOf(document, '"navigation"');
  const whole = new vscode.Range(navigation.start, document.positionAt(document.getText().lastIndexOf('}')));
  const edit = new vscode.WorkspaceEdit();
  edit.replace(docsJsonUri, whole, '"navigation": { "languages": [{ "language": "ja", "pages": ["introduction"] }] }\n');
  assert.ok(await vscode.workspace.applyEdit(edit));
  const warning = await waitFor('the platform-language-code hint', () => ourDiagnostics(docsJsonUri).find((d) => codeOf(d) === 'platform-language-code'));
  const actions = await codeActionsAt(docsJsonUri, warning.range, vscode.CodeActionKind.QuickFix.value);
  const accept = actions.find((action) => action.title.startsWith("Accept 'ja'"));
  assert.ok(accept?.command, `an accept fix is offered: got ${actions.map((a) => a.title).join('; ')}`);
  assert.equal(accept.edit, undefined);
  const folder = vscode.workspace.workspaceFolders![0];
  const setting = () => vscode.workspace.getConfiguration('docsJson', folder.uri).inspect<string[]>('extraLanguageCodes');
  try {
    assert.equal(await vscode.commands.executeCommand(accept.command.command, ...(accept.command.arguments ?? [])), true);
    assert.deepEqual(setting()?.workspaceFolderValue, ['ja']);
    await waitFor('the hint to go away', () => !ourDiagnostics(docsJsonUri).some((d) => codeOf(d) === 'platform-language-code'));
  } finally {
    await revert(docsJsonUri);
    await vscode.workspace.getConfiguration('docsJson', folder.uri).update('extraLanguageCodes', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
  }
  assert.equal(document.isDirty, false);
  assert.equal(setting()?.workspaceFolderValue, undefined);
  await waitFor('the missing-page diagnostic to come back', () => ourDiagnostics(docsJsonUri).some((d) => codeOf(d) === 'missing-page'));
});
