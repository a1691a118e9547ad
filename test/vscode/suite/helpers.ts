import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import * as vscode from 'vscode';
import type { DocsExtensionApi } from '../../../client/src/extension';
import { readRunConfig } from './run-config';

export const EXTENSION_ID = 'docs-json-tools.docs-json-tools';
export const config = readRunConfig();
export const docsJsonUri = vscode.Uri.file(join(config.workspace, 'docs.json'));

/** Polls until `probe` gives a value (not undefined/false), or fails with `what` after `timeoutMs` (a hung probe too). */
export async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  const timedOut = Symbol('timed out');
  for (;;) {
    const value = await Promise.race([probe(), delay(Math.max(0, deadline - Date.now())).then(() => timedOut)]);
    if (value !== timedOut && value !== undefined && value !== false) return value as T;
    if (value === timedOut || Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(100);
  }
}

/**
 * The code actions VS Code gets for a range, as its light bulb asks for them. VS Code cancels the request when the
 * document's model changes while it runs ("Canceled", 1 of 2 runs of the installed-.vsix suite on 2026-11-26): it
 * asks again then, and so does this.
 */
export async function codeActionsAt(uri: vscode.Uri, range: vscode.Range, kind?: string): Promise<vscode.CodeAction[]> {
  return waitFor('the code actions (asked again when VS Code cancels)', async () => {
    try {
      return await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range, kind);
    } catch (error) {
      if (error instanceof Error && error.message.includes('Canceled')) return undefined;
      throw error;
    }
  });
}

export function extension(): vscode.Extension<DocsExtensionApi> {
  const found = vscode.extensions.getExtension<DocsExtensionApi>(EXTENSION_ID);
  if (!found) throw new Error(`extension ${EXTENSION_ID} is not installed in this VS Code`);
  return found;
}

/** The running extension's API, once its language server is up. */
export async function api(): Promise<DocsExtensionApi> {
  const ext = extension();
  await waitFor('the extension to activate', () => ext.isActive);
  await ext.exports.serverReady;
  return ext.exports;
}

export function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return typeof code === 'object' && code !== null ? String(code.value) : String(code);
}

/** Our diagnostics of a file (the language server publishes them with source `docs`). */
export function ourDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'docs');
}

/** The range of the first occurrence of `text` in the document. */
export function rangeOf(document: vscode.TextDocument, text: string): vscode.Range {
  const offset = document.getText().indexOf(text);
  if (offset < 0) throw new Error(`'${text}' is not in ${document.uri.fsPath}`);
  return new vscode.Range(document.positionAt(offset), document.positionAt(offset + text.length));
}

export function labelOf(item: vscode.TreeItem | vscode.CompletionItem): string {
  const label = item.label;
  return typeof label === 'string' ? label : label?.label ?? '';
}

/** Drops unsaved edits of a file, as File: Revert File does. */
export async function revert(uri: vscode.Uri): Promise<void> {
  await vscode.window.showTextDocument(uri);
  await vscode.commands.executeCommand('workbench.action.files.revert');
}

/** Replaces a document's text through the editor and saves it (a write behind the editor's back conflicts with its saves). */
export async function replaceAndSave(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
  assert.ok(await document.save());
  assert.equal(fs.readFileSync(document.uri.fsPath, 'utf8'), text);
}
