// A minimal LSP client for tests: starts the built server over stdio and speaks JSON-RPC to it.
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  ClientCapabilities,
  CodeAction,
  CompletionList,
  ConfigurationRequest,
  Diagnostic,
  DocumentLink,
  DocumentSymbol,
  FileChangeType,
  Hover,
  InitializeResult,
  Location,
  LogMessageNotification,
  MessageType,
  Position,
  PublishDiagnosticsNotification,
  PublishDiagnosticsParams,
  Range,
  RegistrationRequest,
  ShowMessageNotification,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { createProtocolConnection, ProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { NavigationTreeNode } from '../../../server/src/protocol';

export const SERVER = path.resolve(__dirname, '../../../dist/server/server.js');
/**
 * Guards against a hang, not a timing assertion: a healthy server answers in milliseconds. Generous, since only a
 * failing test waits it out (15 s timed out first checks of large sites beside a full test run: issue 32).
 */
const WAIT_MS = 60_000;

export const FULL_CAPABILITIES: ClientCapabilities = {
  workspace: {
    configuration: true,
    didChangeWatchedFiles: { dynamicRegistration: true },
    didChangeConfiguration: { dynamicRegistration: true },
    workspaceFolders: true,
    workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
    fileOperations: { willRename: true, didRename: true, didCreate: true, didDelete: true },
  },
  textDocument: {
    completion: { completionItem: { snippetSupport: true } },
    publishDiagnostics: { versionSupport: true },
  },
};

export interface StartOptions {
  /** Workspace folders (default: the one folder given). */
  folders?: string[];
  settings?: Record<string, unknown>;
  capabilities?: ClientCapabilities;
  initializationOptions?: unknown;
  /** The server's command line (default: this Node on the built server, `--stdio`). */
  command?: string[];
}

export function uriOf(file: string): string {
  return pathToFileURL(file).href;
}

export class LspTestClient {
  readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  /** Every publication, in order. */
  readonly published: PublishDiagnosticsParams[] = [];
  readonly navigationChanges: string[] = [];
  readonly registrations: { method: string; registerOptions?: unknown }[] = [];
  readonly errors: string[] = [];
  /** Every log message of the server (its output channel in an editor), in order. */
  readonly logs: string[] = [];
  /** Every message the server showed to the user (`window/showMessage`), in order. */
  readonly shown: string[] = [];
  private readonly texts = new Map<string, TextDocument>();
  private readonly listeners = new Set<() => void>();
  private exited = false;
  initializeResult!: InitializeResult;

  private constructor(
    readonly child: ChildProcess,
    readonly connection: ProtocolConnection,
    public settings: Record<string, unknown>,
  ) {
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.diagnostics.set(params.uri, params);
      this.published.push(params);
      this.notify();
    });
    connection.onNotification('docsJson/navigationChanged', (params: { uri: string }) => {
      this.navigationChanges.push(params.uri);
      this.notify();
    });
    connection.onNotification(LogMessageNotification.type, (params) => {
      if (params.type === MessageType.Error) this.errors.push(params.message);
      this.logs.push(params.message);
      this.notify();
    });
    connection.onNotification(ShowMessageNotification.type, (params) => {
      this.shown.push(params.message);
      this.notify();
    });
    connection.onRequest(ConfigurationRequest.type, (params) => params.items.map((item) => (item.section ? this.settings[item.section] ?? null : this.settings)));
    connection.onRequest(RegistrationRequest.type, (params) => {
      this.registrations.push(...params.registrations);
    });
    child.on('exit', () => {
      this.exited = true;
      this.notify();
    });
  }

  static async start(folder: string, options: StartOptions = {}): Promise<LspTestClient> {
    const [command, ...args] = options.command ?? [process.execPath, SERVER, '--stdio'];
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr!.resume();
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.listen();
    const client = new LspTestClient(child, connection, { docsJson: options.settings ?? {} });
    const folders = options.folders ?? [folder];
    client.initializeResult = await client.request('initialize', {
      processId: process.pid,
      rootUri: uriOf(folder),
      capabilities: options.capabilities ?? FULL_CAPABILITIES,
      initializationOptions: options.initializationOptions,
      workspaceFolders: folders.map((f) => ({ uri: uriOf(f), name: path.basename(f) })),
    });
    await connection.sendNotification('initialized', {});
    return client;
  }

  get alive(): boolean {
    return !this.exited;
  }

  request<T>(method: string, params: unknown): Promise<T> {
    return this.connection.sendRequest(method, params) as Promise<T>;
  }

  notifyServer(method: string, params: unknown): Promise<void> {
    return this.connection.sendNotification(method, params);
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Resolves once `condition` returns a value (checked now and on every message from the server); fails after `ms`. */
  waitFor<T>(what: string, condition: () => T | undefined | false, ms = WAIT_MS): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = condition();
        if (value !== undefined && value !== false) {
          cleanup();
          resolve(value);
        } else if (this.exited) {
          cleanup();
          reject(new Error(`server exited while waiting for ${what}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${what} within ${ms} ms; diagnostics seen: ${JSON.stringify([...this.diagnostics.values()], null, 1).slice(0, 3000)}`));
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  /** The diagnostics of a file once they satisfy `accept` (by default: once any were published). */
  diagnosticsOf(file: string, accept: (d: Diagnostic[], params: PublishDiagnosticsParams) => boolean = () => true): Promise<Diagnostic[]> {
    const uri = uriOf(file);
    return this.waitFor(`diagnostics for ${path.basename(file)}`, () => {
      const params = this.diagnostics.get(uri);
      return params && accept(params.diagnostics, params) ? params.diagnostics : undefined;
    });
  }

  /** The diagnostics published for the open document's current version. */
  currentDiagnostics(file: string): Promise<Diagnostic[]> {
    const version = this.version(file);
    return this.diagnosticsOf(file, (_d, params) => params.version === version);
  }

  /** Forgets what was published, so the next wait sees only new publications. */
  forgetDiagnostics(): void {
    this.diagnostics.clear();
  }

  async open(file: string, text = fs.readFileSync(file, 'utf8'), languageId = 'json'): Promise<void> {
    this.texts.set(file, TextDocument.create(uriOf(file), languageId, 1, text));
    await this.notifyServer('textDocument/didOpen', { textDocument: { uri: uriOf(file), languageId, version: 1, text } });
  }

  text(file: string): string {
    return this.texts.get(file)?.getText() ?? fs.readFileSync(file, 'utf8');
  }

  version(file: string): number {
    return this.texts.get(file)!.version;
  }

  /** Replaces an open document's text (sent as ranged edits when given, else as a full change). */
  async change(file: string, textOrEdits: string | TextEdit[]): Promise<void> {
    const previous = this.texts.get(file);
    if (!previous) throw new Error(`${file} is not open`);
    const version = previous.version + 1;
    if (typeof textOrEdits === 'string') {
      this.texts.set(file, TextDocument.create(previous.uri, previous.languageId, version, textOrEdits));
      await this.notifyServer('textDocument/didChange', { textDocument: { uri: previous.uri, version }, contentChanges: [{ text: textOrEdits }] });
      return;
    }
    const contentChanges = textOrEdits.map((e) => ({ range: e.range, text: e.newText }));
    const updated = TextDocument.update(TextDocument.create(previous.uri, previous.languageId, previous.version, previous.getText()), contentChanges, version);
    this.texts.set(file, updated);
    await this.notifyServer('textDocument/didChange', { textDocument: { uri: previous.uri, version }, contentChanges });
  }

  async close(file: string): Promise<void> {
    this.texts.delete(file);
    await this.notifyServer('textDocument/didClose', { textDocument: { uri: uriOf(file) } });
  }

  fileEvents(changes: { file: string; type: FileChangeType }[]): Promise<void> {
    return this.notifyServer('workspace/didChangeWatchedFiles', { changes: changes.map((c) => ({ uri: uriOf(c.file), type: c.type })) });
  }

  completion(file: string, position: Position): Promise<CompletionList | null> {
    return this.request('textDocument/completion', { textDocument: { uri: uriOf(file) }, position });
  }

  hover(file: string, position: Position): Promise<Hover | null> {
    return this.request('textDocument/hover', { textDocument: { uri: uriOf(file) }, position });
  }

  definition(file: string, position: Position): Promise<Location[] | null> {
    return this.request('textDocument/definition', { textDocument: { uri: uriOf(file) }, position });
  }

  links(file: string): Promise<DocumentLink[] | null> {
    return this.request('textDocument/documentLink', { textDocument: { uri: uriOf(file) } });
  }

  symbols(file: string): Promise<DocumentSymbol[] | null> {
    return this.request('textDocument/documentSymbol', { textDocument: { uri: uriOf(file) } });
  }

  codeActions(file: string, range: Range, diagnostics: Diagnostic[] = []): Promise<CodeAction[] | null> {
    return this.request('textDocument/codeAction', { textDocument: { uri: uriOf(file) }, range, context: { diagnostics } });
  }

  navigationTree(file: string): Promise<NavigationTreeNode[]> {
    return this.request('docsJson/navigationTree', { uri: uriOf(file) });
  }

  willRename(files: { from: string; to: string }[]): Promise<WorkspaceEdit | null> {
    return this.request('workspace/willRenameFiles', { files: files.map((f) => ({ oldUri: uriOf(f.from), newUri: uriOf(f.to) })) });
  }

  /**
   * Applies a workspace edit as an editor would: open documents change in memory (and the server is told),
   * other files change on disk; created files are written.
   */
  format(file: string, range?: Range): Promise<TextEdit[] | null> {
    const options = { tabSize: 2, insertSpaces: true };
    return range
      ? this.request('textDocument/rangeFormatting', { textDocument: { uri: uriOf(file) }, range, options })
      : this.request('textDocument/formatting', { textDocument: { uri: uriOf(file) }, options });
  }

  async applyEdit(edit: WorkspaceEdit): Promise<void> {
    const apply = async (uri: string, edits: TextEdit[]) => {
      const target = fileURLToPath(uri);
      const open = this.texts.get(target);
      if (open) {
        await this.change(target, TextDocument.applyEdits(open, edits));
      } else {
        const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
        fs.writeFileSync(target, TextDocument.applyEdits(TextDocument.create(uri, 'json', 0, current), edits));
      }
    };
    for (const [uri, edits] of Object.entries(edit.changes ?? {})) await apply(uri, edits);
    for (const change of edit.documentChanges ?? []) {
      if ('kind' in change) {
        if (change.kind !== 'create') throw new Error(`unexpected resource operation ${change.kind}`);
        const target = fileURLToPath(change.uri);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        if (!fs.existsSync(target)) fs.writeFileSync(target, '');
      } else {
        await apply(change.textDocument.uri, change.edits.filter((e): e is TextEdit => 'range' in e));
      }
    }
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    try {
      await Promise.race([this.request('shutdown', null), new Promise((r) => setTimeout(r, 2000))]);
      await this.notifyServer('exit', null);
    } catch {
      // The server is gone already.
    }
    await new Promise<void>((resolve) => {
      if (this.exited) return resolve();
      const timer = setTimeout(() => {
        this.child.kill();
        resolve();
      }, 2000);
      this.child.on('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    this.connection.dispose();
  }
}

/** The position of the `occurrence`-th `needle` in `text`, moved `delta` characters. */
export function positionOf(text: string, needle: string, delta = 0, occurrence = 1): Position {
  let offset = -1;
  for (let i = 0; i < occurrence; i++) {
    offset = text.indexOf(needle, offset + 1);
    if (offset < 0) throw new Error(`'${needle}' not found (occurrence ${i + 1})`);
  }
  return TextDocument.create('x', 'json', 0, text).positionAt(offset + delta);
}

export function rangeOfText(text: string, needle: string, occurrence = 1): Range {
  const start = positionOf(text, needle, 0, occurrence);
  const end = positionOf(text, needle, needle.length, occurrence);
  return { start, end };
}
