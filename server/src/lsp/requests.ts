import { CodeAction, Connection, FileChangeType, FileEvent, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { codeActions } from '../features/code-actions';
import { completeAt } from '../features/completion';
import { definitionAt, documentLinks } from '../features/definition';
import { hoverAt } from '../features/hover';
import { toChanges } from '../features/json-edits';
import { navigationTree } from '../features/navigation-tree';
import { addToNavigationActions } from '../features/orphans';
import { Move, pageMoveEdits } from '../features/rename-files';
import { documentSymbols } from '../features/symbols';
import { formatJson } from '../features/formatting';
import { effectiveSeverity, toLspDiagnostic } from './convert-diagnostics';
import { DocsServer } from './docs-server';
import { NAVIGATION_TREE_REQUEST, NavigationTreeNode, NavigationTreeParams, ORPHAN_CODE } from './protocol-extensions';
import { uriToPath } from './uris';

/** Wires every LSP request to the feature functions over the current model. No request throws. */
export function registerRequests(connection: Connection, server: DocsServer): void {
  const enabled = () => server.settings.enable;
  /** A handler that waits for the settings, and answers `fallback` when the feature fails. */
  const answer =
    <P, R>(what: string, fallback: R, run: (params: P) => R) =>
    async (params: P): Promise<R> => {
      await server.ready;
      return server.guard(what, () => run(params)) ?? fallback;
    };

  connection.onInitialize((params) => server.initialize(params));
  connection.onInitialized(() => server.guard('initialized', () => server.initialized()));

  connection.onCompletion(
    answer('completion', null, (params) => {
      const located = enabled() ? server.locate(params.textDocument.uri) : undefined;
      if (!located) return null;
      const ctx = server.contextFor(located.root, located.model);
      const snippets = server.capabilities.textDocument?.completion?.completionItem?.snippetSupport ?? false;
      const offset = located.file.lines.offsetAt(params.position);
      return completeAt(ctx, located.file, offset, { snippets, extraLanguageCodes: server.settings.extraLanguageCodes });
    }),
  );

  connection.onHover(
    answer('hover', null, (params) => {
      const located = enabled() ? server.locate(params.textDocument.uri) : undefined;
      if (!located) return null;
      return hoverAt(server.contextFor(located.root, located.model), located.file, located.file.lines.offsetAt(params.position));
    }),
  );

  connection.onDefinition(
    answer('definition', null, (params) => {
      const located = enabled() ? server.locate(params.textDocument.uri) : undefined;
      if (!located) return null;
      return definitionAt(server.contextFor(located.root, located.model), located.file, located.file.lines.offsetAt(params.position));
    }),
  );

  connection.onDocumentLinks(
    answer('document links', null, (params) => {
      const located = enabled() ? server.locate(params.textDocument.uri) : undefined;
      return located ? documentLinks(server.contextFor(located.root, located.model), located.file) : null;
    }),
  );

  connection.onDocumentSymbol(
    answer('document symbols', null, (params) => {
      const located = enabled() ? server.locate(params.textDocument.uri) : undefined;
      return located ? documentSymbols(located.model, located.file) : null;
    }),
  );

  connection.onDocumentFormatting(
    answer('formatting', null, (params) => {
      const located = enabled() ? server.locate(params.textDocument.uri) : undefined;
      return located ? formatJson(located.file, params.options) : null;
    }),
  );

  connection.onDocumentRangeFormatting(
    answer('range formatting', null, (params) => {
      const located = enabled() ? server.locate(params.textDocument.uri) : undefined;
      return located ? formatJson(located.file, params.options, params.range) : null;
    }),
  );

  connection.onCodeAction(
    answer('code actions', null, (params): CodeAction[] | null => {
      if (!enabled()) return null;
      const located = server.locate(params.textDocument.uri);
      if (located) {
        const check = located.root.checked(server.checkOptions());
        const model = check.result.model;
        const file = model.sources.find((s) => s.path === located.file.path);
        if (!file) return null;
        const ctx = { ...server.contextFor(located.root, model), diagnostics: check.result.diagnostics };
        const workspace = server.capabilities.workspace?.workspaceEdit;
        const createFiles = (workspace?.documentChanges ?? false) && (workspace?.resourceOperations?.includes('create') ?? false);
        const start = file.lines.offsetAt(params.range.start);
        const end = file.lines.offsetAt(params.range.end);
        return codeActions(ctx, file, start, end, { createFiles, published: (d) => toLspDiagnostic(d, server.settings) });
      }
      return orphanActions(server, params.textDocument.uri, params.context.diagnostics.find((d) => d.code === ORPHAN_CODE));
    }),
  );

  connection.workspace.onWillRenameFiles(
    answer('rename files', null, (params): WorkspaceEdit | null => {
      if (!enabled()) return null;
      const changes: Record<string, TextEdit[]> = {};
      for (const root of server.roots.values()) {
        const moves: Move[] = [];
        for (const { oldUri, newUri } of params.files) {
          const from = uriToPath(oldUri);
          const to = uriToPath(newUri);
          const fromRelative = from === undefined ? undefined : root.relative(from);
          const toRelative = to === undefined ? undefined : root.relative(to);
          if (fromRelative !== undefined && toRelative !== undefined) moves.push({ from: fromRelative, to: toRelative });
        }
        if (!moves.length) continue;
        const edits = pageMoveEdits(server.contextFor(root, root.model()), moves);
        for (const [uri, list] of Object.entries(toChanges(edits, (f) => server.uris.uriOf(f)))) (changes[uri] ??= []).push(...list);
      }
      return Object.keys(changes).length ? { changes } : null;
    }),
  );

  const events = (files: { uri: string }[], type: FileChangeType): FileEvent[] => files.map((f) => ({ uri: f.uri, type }));
  connection.workspace.onDidCreateFiles((params) => server.guard('created files', () => server.fileEvents(events(params.files, FileChangeType.Created))));
  connection.workspace.onDidDeleteFiles((params) => server.guard('deleted files', () => server.fileEvents(events(params.files, FileChangeType.Deleted))));
  connection.workspace.onDidRenameFiles((params) =>
    server.guard('renamed files', () =>
      server.fileEvents(params.files.flatMap((f) => [{ uri: f.oldUri, type: FileChangeType.Deleted }, { uri: f.newUri, type: FileChangeType.Created }])),
    ),
  );

  connection.onRequest(
    NAVIGATION_TREE_REQUEST,
    answer('navigation tree', [] as NavigationTreeNode[], (params: NavigationTreeParams) => {
      const file = typeof params?.uri === 'string' ? uriToPath(params.uri) : undefined;
      const root = file === undefined ? undefined : server.rootOfDocsJson(file);
      if (!root || !enabled()) return [];
      const check = root.checked(server.checkOptions());
      const problems = check.result.diagnostics.filter((d) => {
        const severity = effectiveSeverity(d.code, d.severity, server.settings);
        return severity === 'error' || severity === 'warning';
      });
      return navigationTree(server.contextFor(root, check.result.model), problems);
    }),
  );
}

function orphanActions(server: DocsServer, uri: string, diagnostic: Parameters<typeof addToNavigationActions>[2]): CodeAction[] | null {
  const file = uriToPath(uri);
  if (file === undefined || !/\.mdx?$/i.test(file)) return null;
  for (const root of server.rootsContaining(file)) {
    const relative = root.relative(file)!;
    if (!server.isOrphan(root, relative)) continue;
    return addToNavigationActions(server.contextFor(root, root.model()), relative, diagnostic);
  }
  return null;
}
