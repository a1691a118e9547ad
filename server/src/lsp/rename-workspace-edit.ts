import { AnnotatedTextEdit, TextDocumentEdit, TextEdit, WorkspaceEdit, WorkspaceEditClientCapabilities } from 'vscode-languageserver';
import { RenameEdits } from '../language';

const UPDATE = 'docsJson.rename.update';
const REDIRECTS = 'docsJson.rename.redirects';

/**
 * The answer to `workspace/willRenameFiles`. A client that groups edits by change annotation (VS Code's refactor
 * preview) gets two groups, both applied unless unticked there: the entries and links that follow the move, and
 * the redirects from the old URLs. Another client gets the plain `changes`.
 */
export function renameWorkspaceEdit(edits: RenameEdits, capabilities: WorkspaceEditClientCapabilities | undefined): WorkspaceEdit {
  if (!capabilities?.documentChanges || !capabilities.changeAnnotationSupport) {
    const changes: Record<string, TextEdit[]> = {};
    for (const group of [edits.update, edits.redirects]) {
      for (const [uri, list] of Object.entries(group)) changes[uri] = (changes[uri] ?? []).concat(list);
    }
    return { changes };
  }
  const byUri = new Map<string, (TextEdit | AnnotatedTextEdit)[]>();
  const annotate = (group: Record<string, TextEdit[]>, id: string) => {
    for (const [uri, list] of Object.entries(group)) {
      const into = byUri.get(uri) ?? [];
      byUri.set(uri, into);
      for (const edit of list) into.push(AnnotatedTextEdit.replace(edit.range, edit.newText, id));
    }
  };
  annotate(edits.update, UPDATE);
  annotate(edits.redirects, REDIRECTS);
  const changeAnnotations: WorkspaceEdit['changeAnnotations'] = {};
  if (Object.keys(edits.update).length) {
    changeAnnotations[UPDATE] = { label: 'Update docs.json entries, links and redirect destinations', needsConfirmation: false };
  }
  if (Object.keys(edits.redirects).length) {
    changeAnnotations[REDIRECTS] = {
      label: 'Add a redirect from each old URL to the new one',
      description: 'docsJson.rename.addRedirects turns this off',
      needsConfirmation: false,
    };
  }
  return {
    documentChanges: [...byUri].map(([uri, list]) => TextDocumentEdit.create({ uri, version: null }, list)),
    changeAnnotations,
  };
}
