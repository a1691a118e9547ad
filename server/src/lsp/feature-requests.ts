import { CancellationToken, ClientCapabilities, Connection, DocumentColorParams, LSPErrorCodes, MessageType, ResponseError, ShowMessageNotification } from 'vscode-languageserver';
import { ClientAbilities, DocsLanguageService, DocsProject, llmsTxtNotes } from '../language';
import { renameWorkspaceEdit } from './rename-workspace-edit';
import { Guard } from './guard';
import { LANGUAGE_GRID_REQUEST, LanguageGrid, LanguageGridParams, LLMS_TXT_REQUEST, LlmsTxtAnswer, LlmsTxtParams, MAX_PAGE_ROWS, MAX_TREE_PATH, NAVIGATION_PATH_REQUEST, NavigationPathParams, NAVIGATION_TREE_REQUEST, NavigationTreeNode, NavigationTreeParams, PAGE_ROWS_REQUEST, PageRow, PageRowsParams } from '../protocol';
import { FolderSettings } from './settings';

/** Answers every request by one call to the service, once the settings of the document's folder are read. No request throws. */
export function registerFeatureRequests(
  connection: Connection,
  service: DocsLanguageService,
  settings: FolderSettings,
  guard: Guard,
  capabilities: () => ClientCapabilities,
  /** The client's `initializationOptions.commands`: the commands a code action may carry for it to run. */
  clientCommands: () => readonly string[] = () => [],
): void {
  const abilities = (): ClientAbilities => {
    const caps = capabilities();
    const edit = caps.workspace?.workspaceEdit;
    return {
      snippets: caps.textDocument?.completion?.completionItem?.snippetSupport ?? false,
      createFiles: (edit?.documentChanges ?? false) && (edit?.resourceOperations?.includes('create') ?? false),
      commands: clientCommands(),
      snippetEdits: edit?.snippetEditSupport ?? false,
    };
  };
  /** A request about one document: the project that reads it answers, else `null`. */
  const onDocument =
    <P extends { textDocument: { uri: string } }, R>(what: string, run: (project: DocsProject, params: P) => R | null) =>
    async (params: P, token?: CancellationToken): Promise<R | null> => {
      const project = guard.run(what, () => service.projectOf(params.textDocument.uri));
      if (!project) return null;
      await settings.ready(project);
      if (token?.isCancellationRequested) return null;
      return guard.run(what, () => run(project, params)) ?? null;
    };
  /**
   * The Docs view's requests wait one turn of the event loop before their work: a request the client cancelled
   * meanwhile (it cancels the ones a newer view replaces) is answered as cancelled, its work not done. 20,000
   * cancelled requests all ran: 2.7 GB.
   */
  const cancelled = async (token: CancellationToken | undefined): Promise<ResponseError<void> | undefined> => {
    await new Promise((resolve) => setImmediate(resolve));
    return token?.isCancellationRequested ? new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled') : undefined;
  };

  connection.onCompletion(onDocument('completion', (project, p) => service.complete(project, p.textDocument.uri, p.position, abilities())));
  connection.onHover(onDocument('hover', (project, p) => service.hover(project, p.textDocument.uri, p.position)));
  connection.onDefinition(onDocument('definition', (project, p) => service.definition(project, p.textDocument.uri, p.position)));
  connection.onDocumentLinks(onDocument('document links', (project, p) => service.documentLinks(project, p.textDocument.uri)));
  connection.onDocumentSymbol(onDocument('document symbols', (project, p) => service.documentSymbols(project, p.textDocument.uri)));
  const colors = onDocument('document colors', (project, p: DocumentColorParams) => service.documentColors(project, p.textDocument.uri));
  connection.onDocumentColor(async (p) => (await colors(p)) ?? []);
  connection.onColorPresentation((p) => guard.run('color presentation', () => service.colorPresentations(p.color, p.range)) ?? []);
  connection.onDocumentFormatting(onDocument('formatting', (project, p) => service.format(project, p.textDocument.uri, p.options)));
  connection.onDocumentRangeFormatting(onDocument('range formatting', (project, p) => service.format(project, p.textDocument.uri, p.options, p.range)));

  connection.onCodeAction(async (params) => {
    await Promise.all(service.projects().map((project) => settings.ready(project)));
    return guard.run('code actions', () => service.codeActions(params.textDocument.uri, params.range, params.context.diagnostics, abilities())) ?? null;
  });

  connection.workspace.onWillRenameFiles(async (params) => {
    await Promise.all(service.projects().map((project) => settings.ready(project)));
    const edits = guard.run('rename files', () => service.renameEdits(params.files));
    // A rename that edits nothing for a reason says so; one with nothing to edit answers null quietly.
    const warn = (message: string) => void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `docs.json: ${message}` });
    if (edits === undefined) warn('the rename updated no links or entries: an error stopped it (see the output).');
    if (edits?.tooLarge) warn(edits.tooLarge);
    return edits && !edits.tooLarge ? renameWorkspaceEdit(edits, capabilities().workspace?.workspaceEdit) : null;
  });

  connection.onRequest(NAVIGATION_TREE_REQUEST, async (params: NavigationTreeParams, token): Promise<NavigationTreeNode[] | ResponseError<void>> => {
    const project = typeof params?.uri === 'string' ? service.projectOfDocsJson(params.uri) : undefined;
    if (!project) return [];
    await settings.ready(project);
    const stop = await cancelled(token);
    if (stop) return stop;
    const path = params.path ?? [];
    const depth = params.depth ?? Infinity;
    const index = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
    if (!Array.isArray(path) || path.length > MAX_TREE_PATH || !path.every(index) || !(depth === Infinity || (index(depth) && depth > 0))) return [];
    return guard.run('navigation tree', () => service.navigationTree(project, path, depth)) ?? [];
  });
  connection.onRequest(NAVIGATION_PATH_REQUEST, async (params: NavigationPathParams, token): Promise<number[] | null | ResponseError<void>> => {
    const project = typeof params?.uri === 'string' ? service.projectOfDocsJson(params.uri) : undefined;
    if (!project || typeof params.page !== 'string') return null;
    await settings.ready(project);
    const stop = await cancelled(token);
    if (stop) return stop;
    return guard.run('navigation path', () => service.navigationPath(project, params.page)) ?? null;
  });
  connection.onRequest(PAGE_ROWS_REQUEST, async (params: PageRowsParams, token): Promise<PageRow[] | ResponseError<void>> => {
    const project = typeof params?.uri === 'string' ? service.projectOfDocsJson(params.uri) : undefined;
    if (!project || !Array.isArray(params.pages)) return [];
    await settings.ready(project);
    const stop = await cancelled(token);
    if (stop) return stop;
    return guard.run('page rows', () => service.pageRows(project, params.pages.slice(0, MAX_PAGE_ROWS))) ?? [];
  });
  connection.onRequest(LANGUAGE_GRID_REQUEST, async (params: LanguageGridParams): Promise<LanguageGrid[]> => {
    const project = typeof params?.uri === 'string' ? service.projectOfDocsJson(params.uri) : undefined;
    if (!project) return [];
    await settings.ready(project);
    return guard.run('language grid', () => service.languageGrids(project)) ?? [];
  });
  connection.onRequest(LLMS_TXT_REQUEST, async (params: LlmsTxtParams): Promise<LlmsTxtAnswer | null> => {
    const project = typeof params?.uri === 'string' ? service.projectOfDocsJson(params.uri) : undefined;
    if (!project) return null;
    await settings.ready(project);
    return (
      guard.run('llms.txt', () => {
        const preview = service.llmsTxt(project);
        if (!preview) return null;
        const custom = preview.custom && { file: preview.custom.file, problems: preview.custom.problems };
        return { text: preview.prediction.text, notes: llmsTxtNotes(preview), ...(custom ? { custom } : {}) };
      }) ?? null
    );
  });
}
