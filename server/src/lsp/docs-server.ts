import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  ClientCapabilities,
  Connection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  FileEvent,
  InitializeParams,
  InitializeResult,
  TextDocuments,
  TextDocumentSyncKind,
  WatchKind,
  Diagnostic as LspDiagnostic,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CheckOptions, readTextFromDisk, scanDocsFolder, SourceFile, DocsModel, FileIndex } from '../checker';
import { DocsContext } from '../features/docs-context';
import { isOrphanPage, orphanPages } from '../features/orphans';
import { effectiveSeverity, orphanDiagnostic, toLspDiagnostic } from './convert-diagnostics';
import { DiagnosticHub } from './diagnostic-hub';
import { DocsRoot } from './docs-root';
import { findDocsRoots, isSkippedPath } from './find-docs-roots';
import { DEFAULT_SETTINGS, DocsJsonSettings, NAVIGATION_CHANGED_NOTIFICATION, ORPHAN_CODE } from './protocol-extensions';
import { normalizeSettings } from './settings';
import { UriBook, uriToPath } from './uris';

/** Typing pauses this long before a check runs; file events and opening a file check at once. */
export const CHECK_DELAY_MS = 200;

const PAGE = /\.mdx?$/i;
const DATA = /\.(json|ya?ml)$/i;
const WATCHED = '**/*.{md,mdx,json,yaml,yml}';

/** A file the client asks about, in the model of the docs folder that reads it. */
export interface Located {
  root: DocsRoot;
  model: DocsModel;
  file: SourceFile;
}

/**
 * The server's state: docs folders found in the workspace, open documents (whose text overrides the disk),
 * settings, and the checks that keep diagnostics current. Requests are answered in `requests.ts`.
 */
export class DocsServer {
  readonly documents = new TextDocuments(TextDocument);
  readonly uris = new UriBook();
  readonly roots = new Map<string, DocsRoot>();
  settings: DocsJsonSettings = DEFAULT_SETTINGS;
  capabilities: ClientCapabilities = {};
  private readonly hub: DiagnosticHub;
  private readonly openPaths = new Map<string, string>();
  private readonly justOpened = new Set<string>();
  private readonly pending = new Map<DocsRoot, NodeJS.Timeout>();
  /** Folders whose orphan hints are shown (one check done since enabling), and the hints published last. */
  private readonly orphansByRoot = new Map<DocsRoot, { published?: { severity: string; shown: string[] } }>();
  private workspaceFolders: string[] = [];
  private settingsLoaded!: Promise<void>;
  private markSettingsLoaded!: () => void;
  private shuttingDown = false;

  constructor(readonly connection: Connection) {
    this.settingsLoaded = new Promise((resolve) => (this.markSettingsLoaded = resolve));
    this.hub = new DiagnosticHub((file, diagnostics) => {
      const uri = this.uris.uriOf(file);
      const version = this.openPaths.has(file) ? this.documents.get(this.openPaths.get(file)!)?.version : undefined;
      void connection.sendDiagnostics({ uri, diagnostics, version });
    });
    this.documents.onDidOpen((e) => this.guard('open', () => this.opened(e.document)));
    this.documents.onDidChangeContent((e) => this.guard('change', () => this.changed(e.document)));
    this.documents.onDidClose((e) => this.guard('close', () => this.closed(e.document)));
    connection.onDidChangeWatchedFiles((params) => this.guard('watched files', () => this.fileEvents(params.changes)));
    connection.onDidChangeConfiguration((params) => this.guard('configuration', () => this.configurationChanged(params.settings)));
    connection.onShutdown(() => {
      this.shuttingDown = true;
      for (const timer of this.pending.values()) clearTimeout(timer);
      this.pending.clear();
    });
    this.documents.listen(connection);
  }

  initialize(params: InitializeParams): InitializeResult {
    this.capabilities = params.capabilities;
    const folders = params.workspaceFolders?.map((f) => uriToPath(f.uri)) ?? [params.rootUri ? uriToPath(params.rootUri) : params.rootPath ?? undefined];
    this.workspaceFolders = folders.filter((f): f is string => f !== undefined);
    const options = params.initializationOptions as { settings?: { docsJson?: unknown } } | undefined;
    if (options?.settings?.docsJson !== undefined) this.settings = normalizeSettings(options.settings.docsJson);
    const pageFiles = { filters: [{ pattern: { glob: '**/*.{md,mdx}', matches: 'file' as const } }, { pattern: { glob: '**/*', matches: 'folder' as const } }] };
    const anyFile = { filters: [{ pattern: { glob: '**/*' } }] };
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ['"', '/'] },
        hoverProvider: true,
        definitionProvider: true,
        documentLinkProvider: { resolveProvider: false },
        documentSymbolProvider: true,
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        workspace: {
          workspaceFolders: { supported: true, changeNotifications: true },
          fileOperations: { willRename: pageFiles, didRename: anyFile, didCreate: anyFile, didDelete: anyFile },
        },
      },
      serverInfo: { name: 'docs-json-language-server' },
    };
  }

  async initialized(): Promise<void> {
    // The settings request goes out before the workspace scan, so that the client answers it meanwhile: the
    // connection writes on its next turn (setImmediate), which the synchronous scan would hold back. Messages
    // read meanwhile wait their own turn, after this one.
    const settings = this.pullSettings();
    await new Promise((resolve) => setImmediate(resolve));
    for (const folder of [...this.workspaceFolders]) this.addWorkspaceFolder(folder);
    await settings;
    this.markSettingsLoaded();
    const workspace = this.capabilities.workspace;
    const register = (what: string, registration: Promise<unknown>) => registration.catch((error: unknown) => this.logError(what, error));
    if (workspace?.didChangeWatchedFiles?.dynamicRegistration) {
      void register(
        'registering file watchers',
        this.connection.client.register(DidChangeWatchedFilesNotification.type, {
          watchers: [{ globPattern: WATCHED }, { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete }],
        }),
      );
    }
    if (workspace?.didChangeConfiguration?.dynamicRegistration) {
      void register('registering for settings', this.connection.client.register(DidChangeConfigurationNotification.type, { section: 'docsJson' }));
    }
    if (workspace?.workspaceFolders) {
      this.connection.workspace.onDidChangeWorkspaceFolders((e) =>
        this.guard('workspace folders', () => {
          for (const removed of e.removed) this.removeWorkspaceFolder(uriToPath(removed.uri));
          for (const added of e.added) {
            const folder = uriToPath(added.uri);
            if (folder) this.addWorkspaceFolder(folder);
          }
        }),
      );
    }
  }

  /** Settles once the client's settings are read: requests wait for it so they never answer with defaults. */
  get ready(): Promise<void> {
    return this.settingsLoaded;
  }

  // ---- settings

  private async pullSettings(): Promise<void> {
    if (!this.capabilities.workspace?.configuration) return;
    try {
      this.settings = normalizeSettings(await this.connection.workspace.getConfiguration('docsJson'));
    } catch (error) {
      this.logError('reading settings', error);
    }
  }

  private async configurationChanged(pushed: unknown): Promise<void> {
    if (this.capabilities.workspace?.configuration) await this.pullSettings();
    else this.settings = normalizeSettings((pushed as { docsJson?: unknown } | undefined)?.docsJson);
    if (!this.settings.enable) {
      this.hub.clearAll();
      this.orphansByRoot.clear();
    }
    for (const root of this.roots.values()) {
      root.touch();
      this.schedule(root, 0);
    }
  }

  checkOptions(): CheckOptions {
    return { extraLanguageCodes: this.settings.extraLanguageCodes };
  }

  // ---- docs folders

  private addWorkspaceFolder(folder: string): void {
    if (!this.workspaceFolders.includes(folder)) this.workspaceFolders.push(folder);
    for (const found of findDocsRoots(folder)) this.schedule(this.ensureRoot(found.folder, found.files), 0);
  }

  private removeWorkspaceFolder(folder: string | undefined): void {
    if (!folder) return;
    this.workspaceFolders = this.workspaceFolders.filter((f) => f !== folder);
    for (const root of [...this.roots.values()]) {
      if (root.folder === folder || root.folder.startsWith(folder + path.sep)) this.removeRoot(root);
    }
  }

  /** The docs folder's state, made on first use; `files` is its file index when a scan already listed it. */
  ensureRoot(folder: string, files?: FileIndex): DocsRoot {
    let root = this.roots.get(folder);
    if (!root) {
      root = new DocsRoot(folder, (file) => this.readText(file), files);
      this.roots.set(folder, root);
    }
    return root;
  }

  private removeRoot(root: DocsRoot): void {
    clearTimeout(this.pending.get(root));
    this.pending.delete(root);
    this.roots.delete(root.folder);
    this.orphansByRoot.delete(root);
    this.hub.clear(root.folder);
    this.hub.clear(`${root.folder}#orphans`);
  }

  /** Docs folders that hold a path, innermost first. */
  rootsContaining(file: string): DocsRoot[] {
    return [...this.roots.values()].filter((r) => r.contains(file)).sort((a, b) => b.folder.length - a.folder.length);
  }

  /** The docs folder whose docs.json this is. */
  rootOfDocsJson(file: string): DocsRoot | undefined {
    if (path.basename(file) !== 'docs.json') return undefined;
    return this.roots.get(path.dirname(file));
  }

  /** The model and source file for a URI of docs.json or of a file it pulls in by `$ref`. */
  locate(uri: string): Located | undefined {
    const file = uriToPath(uri);
    if (file === undefined) return undefined;
    const own = this.rootOfDocsJson(file);
    for (const root of own ? [own] : this.rootsContaining(file)) {
      const model = root.model();
      const source = model.sources.find((s) => s.path === file);
      if (source) return { root, model, file: source };
    }
    return undefined;
  }

  contextFor(root: DocsRoot, model: DocsModel): DocsContext {
    return {
      model,
      workspace: root.workspace,
      catalog: root.catalog(),
      reached: root.reached(),
      uriOf: (file) => this.uris.uriOf(file),
      readText: (file) => this.readText(file),
    };
  }

  // ---- documents

  /** A file's text: the editor's when it is open there, else the disk's. */
  readText(file: string): string | undefined {
    const uri = this.openPaths.get(file);
    const document = uri === undefined ? undefined : this.documents.get(uri);
    return document ? document.getText() : readTextFromDisk(file);
  }

  private opened(document: TextDocument): void {
    const file = this.uris.remember(document.uri);
    if (file === undefined) return;
    this.openPaths.set(file, document.uri);
    this.justOpened.add(document.uri);
    if (path.basename(file) === 'docs.json' && !isSkippedPath(file)) {
      const root = this.rootOfDocsJson(file) ?? this.ensureRoot(path.dirname(file));
      // Checked again even when the text is what the last check read from disk: the new model holds the
      // editor's copy of the text, and the disk's (megabytes on a large site) can go.
      root.touch();
      this.schedule(root, 0);
    } else {
      this.editorTextChanged(file, 0);
      this.pageVisibilityChanged(file);
    }
  }

  /** A page file opened or closed: its orphan hint shows or goes. */
  private pageVisibilityChanged(file: string): void {
    if (!PAGE.test(file)) return;
    for (const root of this.rootsContaining(file)) this.publishOrphanHints(root);
  }

  private changed(document: TextDocument): void {
    if (this.justOpened.delete(document.uri)) return;
    const file = uriToPath(document.uri);
    if (file === undefined) return;
    const root = this.rootOfDocsJson(file);
    if (root) this.schedule(root, CHECK_DELAY_MS);
    else this.editorTextChanged(file, CHECK_DELAY_MS);
  }

  private closed(document: TextDocument): void {
    this.justOpened.delete(document.uri);
    const file = uriToPath(document.uri);
    if (file === undefined) return;
    this.openPaths.delete(file);
    // Unsaved text is gone: the disk's text counts again.
    const root = this.rootOfDocsJson(file);
    if (root) this.schedule(root, 0);
    else {
      this.editorTextChanged(file, 0);
      this.pageVisibilityChanged(file);
    }
  }

  /** A `$ref` part or a spec changed in an editor: the folders that read it check again. */
  private editorTextChanged(file: string, delay: number): void {
    if (!DATA.test(file)) return;
    for (const root of this.rootsContaining(file)) {
      const relative = root.relative(file)!;
      root.fileChanged(relative);
      if (root.dependsOn(relative)) this.schedule(root, delay);
    }
  }

  // ---- file events

  fileEvents(changes: FileEvent[]): void {
    const touched = new Set<DocsRoot>();
    for (const change of changes) {
      const file = uriToPath(change.uri);
      if (file === undefined || isSkippedPath(file)) continue;
      if (path.basename(file) === 'docs.json') {
        const folder = path.dirname(file);
        if (change.type === FileChangeType.Created && this.isInWorkspace(folder)) touched.add(this.ensureRoot(folder));
        else if (change.type === FileChangeType.Deleted && this.roots.has(folder)) this.removeRoot(this.roots.get(folder)!);
      }
      for (const root of this.rootsContaining(file)) {
        const relative = root.relative(file)!;
        if (change.type === FileChangeType.Created) {
          if (this.addCreated(root, file, relative)) touched.add(root);
        } else if (change.type === FileChangeType.Deleted) {
          const wasPage = root.files.has(relative) ? PAGE.test(relative) : true;
          root.fileRemoved(relative);
          if (wasPage || DATA.test(relative)) touched.add(root);
        } else if (!this.openPaths.has(file)) {
          root.fileChanged(relative);
          if (root.dependsOn(relative)) touched.add(root);
        }
      }
    }
    for (const root of touched) this.schedule(root, 0);
  }

  /** Adds a created file, or every file of a created folder; true when a check may change. */
  private addCreated(root: DocsRoot, file: string, relative: string): boolean {
    let isFolder = false;
    try {
      isFolder = fs.statSync(file).isDirectory();
    } catch {
      return false;
    }
    if (!isFolder) {
      root.fileAdded(relative);
      return PAGE.test(relative) || DATA.test(relative);
    }
    for (const inner of scanDocsFolder(file).all()) root.fileAdded(`${relative}/${inner}`);
    return true;
  }

  private isInWorkspace(folder: string): boolean {
    return this.workspaceFolders.length === 0 || this.workspaceFolders.some((w) => folder === w || folder.startsWith(w + path.sep));
  }

  // ---- checks

  /**
   * Runs a check of the folder after `delay` ms and once the settings are read; a newer request replaces a
   * pending one, also one whose delay is over but which still waits for the settings.
   */
  schedule(root: DocsRoot, delay: number): void {
    if (this.shuttingDown) return;
    clearTimeout(this.pending.get(root));
    const timer = setTimeout(() => {
      void this.settingsLoaded.then(() => {
        if (this.pending.get(root) !== timer) return;
        this.pending.delete(root);
        this.guard('check', () => this.runCheck(root));
      });
    }, delay);
    this.pending.set(root, timer);
  }

  private runCheck(root: DocsRoot): void {
    // Stale: the folder is gone.
    if (this.roots.get(root.folder) !== root || this.shuttingDown || !this.settings.enable) return;
    const version = this.docsJsonVersion(root);
    const check = root.check(this.checkOptions());
    if (this.docsJsonVersion(root) !== version) return;
    const byFile = new Map<string, LspDiagnostic[]>([[root.docsJsonPath, []]]);
    for (const d of check.result.diagnostics) {
      const converted = toLspDiagnostic(d, this.settings);
      if (!converted) continue;
      const list = byFile.get(d.file.path);
      if (list) list.push(converted);
      else byFile.set(d.file.path, [converted]);
    }
    this.hub.replace(root.folder, byFile, [root.docsJsonPath]);
    // The connection writes on its next turn (setImmediate): the orphan hints (a pass over every file) and the
    // navigation notice come after the diagnostics instead of holding them back.
    setImmediate(() => this.guard('orphans', () => this.afterCheck(root)));
  }

  private afterCheck(root: DocsRoot): void {
    if (this.roots.get(root.folder) !== root || this.shuttingDown || !this.settings.enable) return;
    this.publishOrphans(root);
    void this.connection.sendNotification(NAVIGATION_CHANGED_NOTIFICATION, { uri: this.uris.uriOf(root.docsJsonPath) });
  }

  private docsJsonVersion(root: DocsRoot): number | undefined {
    const uri = this.openPaths.get(root.docsJsonPath);
    return uri === undefined ? undefined : this.documents.get(uri)?.version;
  }

  /** After a check: the hints of the pages it leaves unreached. */
  private publishOrphans(root: DocsRoot): void {
    if (!root.lastCheck) return;
    if (!this.orphansByRoot.has(root)) this.orphansByRoot.set(root, {});
    this.publishOrphanHints(root);
  }

  /**
   * A hint is not listed among problems, only shown in the file: hints go to open page files, found when asked
   * (a list of every orphan cost a string per page on large sites). Raised to info, warning or error by the
   * settings, every orphan is published. Nothing is sent when nothing changed.
   */
  private publishOrphanHints(root: DocsRoot): void {
    const state = this.orphansByRoot.get(root);
    if (!state) return;
    const everywhere = effectiveSeverity(ORPHAN_CODE, 'hint', this.settings) !== 'hint';
    const reached = root.reached();
    const ownedElsewhere = this.ownedElsewhere(root);
    const shown = everywhere
      ? orphanPages(root.files, reached, ownedElsewhere)
      : [...this.openPaths.keys()]
          .map((open) => root.relative(open))
          .filter((r): r is string => r !== undefined && isOrphanPage(root.files, reached, r, ownedElsewhere))
          .sort();
    const severity = this.settings.severity[ORPHAN_CODE] ?? '';
    const last = state.published;
    if (last && last.severity === severity && last.shown.length === shown.length && last.shown.every((file, i) => file === shown[i])) return;
    state.published = { severity, shown };
    const byFile = new Map<string, LspDiagnostic[]>();
    for (const relative of shown) {
      const hint = orphanDiagnostic(relative, this.settings);
      if (hint) byFile.set(path.join(root.folder, relative), [hint]);
    }
    this.hub.replace(`${root.folder}#orphans`, byFile);
  }

  /** Which files (relative) belong to a docs folder nested in this one, with a docs.json of its own. */
  private ownedElsewhere(root: DocsRoot): (relative: string) => boolean {
    const nested = [...this.roots.values()].filter((r) => r !== root && r.folder.startsWith(root.folder + path.sep));
    return (relative) => nested.some((r) => r.contains(path.join(root.folder, relative)));
  }

  /** Whether a page file (relative to its folder) is an orphan as of the latest check. */
  isOrphan(root: DocsRoot, relative: string): boolean {
    return this.orphansByRoot.has(root) && isOrphanPage(root.files, root.reached(), relative, this.ownedElsewhere(root));
  }

  // ---- errors

  /** Runs a handler; a failure is logged, never thrown into the connection. */
  guard<T>(what: string, run: () => T): T | undefined {
    try {
      const result = run();
      if (result instanceof Promise) result.catch((error: unknown) => this.logError(what, error));
      return result;
    } catch (error) {
      this.logError(what, error);
      return undefined;
    }
  }

  logError(what: string, error: unknown): void {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    this.connection.console.error(`docs.json server: ${what} failed: ${message}`);
  }
}
