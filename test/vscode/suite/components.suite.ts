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

// The status bar says so while component checks are left to the official extension (issue 48): this host cannot
// install it, so the item is told it is there, as the server is at start when it is.
test('component checks left to "Mintlify MDX": one line in the status bar; a click opens the setting; "on" hides it', async () => {
  const { componentsStatus } = await api();
  assert.equal(componentsStatus.visible, false, 'without the official extension, nothing is left to it');
  const settings = () => vscode.workspace.getConfiguration('docsJson');
  try {
    componentsStatus.setOfficialInstalled(true);
    assert.equal(componentsStatus.visible, true);
    assert.match(componentsStatus.text, /Mintlify MDX/);
    assert.match(componentsStatus.tooltip, /docs-json check` still reports them/);
    const command = componentsStatus.command;
    assert.deepEqual([command?.command, command?.arguments], ['workbench.action.openSettings', ['docsJson.components']]);
    await vscode.commands.executeCommand(command!.command, ...(command!.arguments ?? []));
    await waitFor('the Settings editor', () => vscode.window.tabGroups.activeTabGroup.activeTab?.label.includes('Settings'));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    await settings().update('components', 'on', vscode.ConfigurationTarget.Workspace);
    await waitFor('the item to go with "on"', () => !componentsStatus.visible);
    await settings().update('components', undefined, vscode.ConfigurationTarget.Workspace);
    await waitFor('the item back with "auto"', () => componentsStatus.visible);
  } finally {
    await settings().update('components', undefined, vscode.ConfigurationTarget.Workspace);
    componentsStatus.setOfficialInstalled(false);
  }
  assert.equal(componentsStatus.visible, false);
});
