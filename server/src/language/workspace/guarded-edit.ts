import { WorkspaceEdit } from 'vscode-languageserver-types';
import { writableInside } from '../../project/write-guard';
import { uriToPath } from './uris';

/** Every file URI a workspace edit creates, edits, renames (both ends) or deletes. */
function touchedUris(edit: WorkspaceEdit): string[] {
  const uris = Object.keys(edit.changes ?? {});
  for (const change of edit.documentChanges ?? []) {
    if (!('kind' in change)) uris.push(change.textDocument.uri);
    else if (change.kind === 'rename') uris.push(change.oldUri, change.newUri);
    else uris.push(change.uri);
  }
  return uris;
}

/**
 * The edit when every file it touches may be written (`writableInside` the docs folder), else undefined. Every
 * edit the language service proposes (quick fixes, created pages, rename edits) passes here before it is sent.
 */
export function guardedEdit(folder: string, edit: WorkspaceEdit): WorkspaceEdit | undefined {
  return touchedUris(edit).every((uri) => {
    const file = uriToPath(uri);
    return file !== undefined && writableInside(folder, file);
  })
    ? edit
    : undefined;
}
