import { ServerCapabilities, TextDocumentSyncKind } from 'vscode-languageserver';
import { PAGE_FILE_GLOB } from '../protocol';

export function serverCapabilities(): ServerCapabilities {
  const pageFiles = { filters: [{ pattern: { glob: PAGE_FILE_GLOB, matches: 'file' as const } }, { pattern: { glob: '**/*', matches: 'folder' as const } }] };
  const anyFile = { filters: [{ pattern: { glob: '**/*' } }] };
  return {
    textDocumentSync: TextDocumentSyncKind.Incremental,
    // `(` opens a link target in a page (`](`), `#` a link's anchor (in a page and in docs.json), `<` a
    // component: completion starts
    // there without Ctrl+Space.
    completionProvider: { triggerCharacters: ['"', '/', '(', '#', '<'] },
    hoverProvider: true,
    definitionProvider: true,
    documentLinkProvider: { resolveProvider: false },
    documentSymbolProvider: true,
    colorProvider: true,
    documentFormattingProvider: true,
    documentRangeFormattingProvider: true,
    codeActionProvider: { codeActionKinds: ['quickfix'] },
    workspace: {
      workspaceFolders: { supported: true, changeNotifications: true },
      fileOperations: { willRename: pageFiles, didRename: anyFile, didCreate: anyFile, didDelete: anyFile },
    },
  };
}
