// Built-in components in the real editor (issue 36): a page with components, unsaved: the unknown component's
// finding, completion of component names after `<` and of a Badge's colors, and the quick fix that renames the tag
// (its closing tag with it). The page is reverted.
import * as assert from 'node:assert/strict';
import { before, test } from 'node:test';
import * as vscode from 'vscode';
import { api, codeActionsAt, codeOf, docsJsonUri, extension, labelOf, ourDiagnostics, rangeOf, revert, waitFor } from './helpers';

const pageUri = vscode.Uri.joinPath(docsJsonUri, '..', 'api-reference', 'overview.mdx');
const COMPONENTS = '\n<Steps>\n  <Step title="Install">\n    Run the installer.\n  </Step>\n</Steps>\n\n<Carrd title="Next" href="/api-reference/overview">\n  Read on.\n</Carrd>\n\n<Badge color="pur">Beta</Badge>\n';

before(async () => {
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(docsJsonUri));
  await waitFor('the extension to activate', () => extension().isActive, 120_000);
  await api();
}, { timeout: 180_000 });

test('a page of components: the unknown one flagged and fixed, names and values completed', async () => {
  const document = await vscode.workspace.openTextDocument(pageUri);
  await vscode.window.showTextDocument(document);
  const edit = new vscode.WorkspaceEdit();
  edit.insert(pageUri, document.positionAt(document.getText().length), COMPONENTS);
  assert.ok(await vscode.workspace.applyEdit(edit));
  try {
    const diagnostic = await waitFor('the unknown-component diagnostic', () => ourDiagnostics(pageUri).find((d) => codeOf(d) === 'unknown-component'));
    assert.ok(diagnostic.range.isEqual(rangeOf(document, 'Carrd')));
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);

    const names = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', pageUri, rangeOf(document, 'Steps>').start);
    const labels = names.items.map(labelOf);
    assert.ok(labels.includes('Steps') && labels.includes('Accordion'), `component names after <: got ${labels.slice(0, 20).join(', ')}`);

    const colors = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', pageUri, rangeOf(document, 'pur').end);
    assert.ok(colors.items.map(labelOf).includes('purple'), 'the colors of a Badge');

    const actions = await codeActionsAt(pageUri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === 'Change to <Card>');
    assert.ok(fix?.edit, `the fix is offered: got ${actions.map((a) => a.title).join('; ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.ok(document.getText().includes('<Card title="Next" href="/api-reference/overview">\n  Read on.\n</Card>'));
    await waitFor('the unknown component to be gone', () => !ourDiagnostics(pageUri).some((d) => codeOf(d) === 'unknown-component'));
  } finally {
    await revert(pageUri);
  }
});
