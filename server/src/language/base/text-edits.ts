// The checker's plain edits (offset, length, text) as the editor's: LSP text edits grouped by the URI of their file.
import path = require('node:path');
import { CreateFile, TextDocumentEdit, TextEdit } from 'vscode-languageserver-types';
import { FileEdit } from '../../checker/json/json-edits';
import { NewFile } from '../../checker/rules/rule-module';
import { rangeIn } from './ranges';

/** A plain edit as an LSP text edit of its file. */
export function textEdit(edit: FileEdit): TextEdit {
  return TextEdit.replace(rangeIn(edit.file, edit.offset, edit.length), edit.text);
}

/** Groups edits by the URI of their file. */
export function toChanges(edits: readonly FileEdit[], uriOf: (path: string) => string): Record<string, TextEdit[]> {
  const changes: Record<string, TextEdit[]> = {};
  for (const edit of edits) (changes[uriOf(edit.file.path)] ??= []).push(textEdit(edit));
  return changes;
}

/** The files a fix creates (paths relative to `root`) as workspace-edit operations: each created, then its text inserted. */
export function createdFiles(creates: readonly NewFile[], root: string, uriOf: (path: string) => string): (CreateFile | TextDocumentEdit)[] {
  return creates.flatMap(({ path: file, text }) => {
    const uri = uriOf(path.join(root, file));
    return [
      { kind: 'create', uri, options: { ignoreIfExists: true } } satisfies CreateFile,
      { textDocument: { uri, version: null }, edits: [TextEdit.insert({ line: 0, character: 0 }, text)] } satisfies TextDocumentEdit,
    ];
  });
}
