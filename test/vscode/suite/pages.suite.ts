// A page's front matter in the real editor (issue 26): `openapi:` completion, hover and go to definition from the
// fixture's spec (api/openapi.yaml), and the quick fix of a misspelt `mode`. The page is edited unsaved and reverted.
import * as assert from 'node:assert/strict';
import { before, test } from 'node:test';
import * as vscode from 'vscode';
import { api, codeActionsAt, codeOf, docsJsonUri, extension, labelOf, ourDiagnostics, rangeOf, revert, waitFor } from './helpers';

const pageUri = vscode.Uri.joinPath(docsJsonUri, '..', 'api-reference', 'overview.mdx');
const specUri = vscode.Uri.joinPath(docsJsonUri, '..', 'api', 'openapi.yaml');

// Run alone (DOCS_VSCODE_SUITES), no suite before this one has opened docs.json: opening it activates the extension
// (`onLanguage:docs-json`) even where `workspaceContains` is slow to (a loaded machine), and its check finds the spec.
before(async () => {
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(docsJsonUri));
  await waitFor('the extension to activate', () => extension().isActive, 120_000);
  await api();
}, { timeout: 180_000 });

/** Opens the page with its front matter replaced by `frontMatter` (unsaved). */
async function pageWith(frontMatter: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(pageUri);
  await vscode.window.showTextDocument(document);
  const text = document.getText();
  const end = text.indexOf('\n---', 3) + 4;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(pageUri, new vscode.Range(document.positionAt(0), document.positionAt(end)), `---\n${frontMatter}\n---`);
  assert.ok(await vscode.workspace.applyEdit(edit));
  return document;
}

test('openapi front matter: completion of METHOD /path from the spec, replacing what is typed', async () => {
  const document = await pageWith('title: "Get a user"\nopenapi: GET /users/');
  try {
    const end = rangeOf(document, 'GET /users/').end;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', pageUri, end);
    const labels = list.items.map(labelOf);
    assert.ok(labels.includes('GET /users/{id}'), `completion offers GET /users/{id}: got ${labels.join(', ')}`);
    const item = list.items.find((i) => labelOf(i) === 'GET /users/{id}')!;
    assert.equal(item.detail, 'Get a user');
    const range = item.range instanceof vscode.Range ? item.range : item.range?.replacing;
    assert.ok(range?.isEqual(rangeOf(document, 'GET /users/')), `the item replaces what is typed: ${JSON.stringify(range)}`);
  } finally {
    await revert(pageUri);
  }
});

test('openapi front matter: hover shows the operation, go to definition opens it in the spec', async () => {
  const document = await pageWith('title: "Get a user"\nopenapi: GET /users/{id}');
  try {
    const on = rangeOf(document, '/users/{id}').start.translate(0, 2);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', pageUri, on);
    const shown = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(shown, /\*\*GET\*\* `\/users\/\{id\}`/);
    assert.match(shown, /Get a user/);
    assert.match(shown, /getUser/);

    const found = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', pageUri, on);
    const targets = found.map((l) => ('targetUri' in l ? { uri: l.targetUri, line: l.targetRange.start.line } : { uri: l.uri, line: l.range.start.line }));
    const spec = await vscode.workspace.openTextDocument(specUri);
    // The `get:` under `/users/{id}:` in the fixture's spec.
    const operation = spec.positionAt(spec.getText().indexOf('get:', spec.getText().indexOf('/users/{id}:'))).line;
    assert.deepEqual(targets.map((t) => [t.uri.toString(), t.line]), [[specUri.toString(), operation]]);
  } finally {
    await revert(pageUri);
  }
});

test('a misspelt mode: "Change to \'wide\'" fixes it, and the page has no finding left', async () => {
  const document = await pageWith('title: "API overview"\nmode: wid');
  try {
    const diagnostic = await waitFor('the front-matter-value diagnostic', () => ourDiagnostics(pageUri).find((d) => codeOf(d) === 'front-matter-value'));
    assert.ok(diagnostic.range.isEqual(rangeOf(document, 'wid')));
    const actions = await codeActionsAt(pageUri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === "Change to 'wide'");
    assert.ok(fix?.edit && fix.isPreferred, `the fix is offered, preferred: got ${actions.map((a) => a.title).join('; ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.ok(document.getText().startsWith('---\ntitle: "API overview"\nmode: wide\n---'));
    await waitFor('the page to have no finding', () => ourDiagnostics(pageUri).length === 0);
  } finally {
    await revert(pageUri);
  }
});
