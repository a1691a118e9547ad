import {
  ClientCapabilities,
  Connection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  InitializeParams,
  WatchKind,
} from 'vscode-languageserver';
import path = require('node:path');
import { pathToFileURL } from 'node:url';
import { createLanguageService, DocsProject, mdxWorkerScript, specValidationWorkerScript } from '../language';
import { GIT_HEAD_GLOB, MINT_IGNORE_GLOB, WATCHED_FILES } from '../protocol';
import { serverCapabilities } from './capabilities';
import { SERVER_NAME, serverVersion } from './server-version';
import { CheckScheduler } from './check-scheduler';
import { DiagnosticHub } from './diagnostic-hub';
import { DocumentSync } from './document-sync';
import { registerFeatureRequests } from './feature-requests';
import { Guard } from './guard';
import { PageLinkPublisher } from './page-link-publisher';
import { publishFindings } from './findings-publisher';
import { MdxCacheSaver } from './mdx-cache-saver';
import { NAVIGATION_CHANGED_NOTIFICATION } from '../protocol';
import { FolderSettings } from './settings';
import { WorkspaceSync } from './workspace-sync';
import { inputFirst } from './input-first';

/**
 * The language server: LSP in, the language service's answers out. It holds no state of its own beyond the
 * protocol's (open documents, pending checks, what was published); every docs folder's state is the service's.
 */
export function startDocsLanguageServer(connection: Connection): void {
  const guard = new Guard(connection);
  // Specs are read in a worker beside this bundle; a check runs again when one is read.
  let specLoaded = (_project: DocsProject) => {};
  const mdxCache = new MdxCacheSaver(process.env.DOCS_JSON_MDX_CACHE, (message) => connection.console.warn(message));
  const service = createLanguageService({
    specWorker: path.join(__dirname, 'spec-worker.js'),
    specValidationWorker: specValidationWorkerScript(),
    // Pages are parsed as MDX in a worker beside this bundle (the parser is there only), one page at a time.
    mdxWorker: mdxWorkerScript(),
    mdxCache: mdxCache.cache,
    markSuppressed: true,
    nameLists: path.join(__dirname, 'name-lists.json'),
    onSpecLoaded: (project) => specLoaded(project) });
  const settings = new FolderSettings(connection, service, guard);
  let capabilities: ClientCapabilities = {};
  let clientCommands: string[] = [];
  let workspaceFolders: string[] = [];
  // Publishing needs the open documents' versions; the documents need the scheduler, which needs the hub.
  let versionOf: (uri: string) => number | undefined = () => undefined;
  const hub = new DiagnosticHub((file, diagnostics) => {
    const uri = service.uriOf(file);
    void connection.sendDiagnostics({ uri, diagnostics, version: versionOf(uri) });
  });
  // The pass over every page takes turns between requests, each guarded, after the messages received (input-first.ts).
  service.folderFindings.takeTurns({ later: (step) => inputFirst.later(step), run: (what, step) => guard.run(what, step) });
  // The Docs view adds the findings in pages' links to their rows: it asks again when their number changes.
  publishFindings(service.folderFindings, hub, (project) => void connection.sendNotification(NAVIGATION_CHANGED_NOTIFICATION, { uri: service.uriOf(project.docsJsonPath) }));
  const scheduler = new CheckScheduler(connection, service, settings, guard);
  specLoaded = (project) => scheduler.schedule(project, 0);
  const documents = new DocumentSync(connection, service, scheduler, guard);
  versionOf = (uri) => documents.versionOf(uri);
  const pageLinks = new PageLinkPublisher(service, settings, guard);
  scheduler.afterCheck = (project) => pageLinks.publishAll(project);
  documents.pageChanged = (uri, delay) => pageLinks.pageChanged(uri, delay);
  const workspace = new WorkspaceSync(connection, service, scheduler, guard);
  registerFeatureRequests(connection, service, settings, guard, () => capabilities, () => clientCommands);

  connection.onInitialize((params: InitializeParams) => {
    capabilities = params.capabilities;
    settings.pull = capabilities.workspace?.configuration ?? false;
    const root = params.rootUri ?? (params.rootPath ? pathToFileURL(params.rootPath).href : undefined);
    workspaceFolders = params.workspaceFolders?.map((f) => f.uri) ?? (root ? [root] : []);
    const options = params.initializationOptions as { settings?: { docsJson?: unknown }; commands?: unknown; officialMdxExtension?: unknown; componentsNoteShown?: unknown } | undefined;
    settings.officialMdxExtension = options?.officialMdxExtension === true;
    settings.componentsNoteShown = options?.componentsNoteShown === true;
    if (options?.settings?.docsJson !== undefined || settings.officialMdxExtension) settings.push(options?.settings?.docsJson);
    clientCommands = Array.isArray(options?.commands) ? options.commands.filter((c): c is string => typeof c === 'string') : [];
    return { capabilities: serverCapabilities(), serverInfo: { name: SERVER_NAME, version: serverVersion() } };
  });

  connection.onInitialized(() =>
    guard.run('initialized', () => {
      for (const folder of workspaceFolders) workspace.addFolder(folder);
      const register = (what: string, registration: Promise<unknown>) => registration.catch((error: unknown) => guard.logError(what, error));
      if (capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration) {
        void register(
          'registering file watchers',
          connection.client.register(DidChangeWatchedFilesNotification.type, {
            watchers: [{ globPattern: WATCHED_FILES }, { globPattern: MINT_IGNORE_GLOB }, { globPattern: GIT_HEAD_GLOB }, { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete }],
          }),
        );
      }
      if (capabilities.workspace?.didChangeConfiguration?.dynamicRegistration) {
        void register('registering for settings', connection.client.register(DidChangeConfigurationNotification.type, { section: 'docsJson' }));
      }
      if (capabilities.workspace?.workspaceFolders) workspace.followFolders();
    }),
  );

  connection.onDidChangeConfiguration((params) =>
    guard.run('configuration', () => {
      if (!settings.pull) settings.push((params.settings as { docsJson?: unknown } | undefined)?.docsJson);
      settings.forget();
      for (const project of service.projects()) scheduler.schedule(project, 0);
    }),
  );
  connection.onShutdown(() => {
    mdxCache.save();
    scheduler.stop();
    pageLinks.stop();
    service.dispose();
  });
}
