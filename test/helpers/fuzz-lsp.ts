// A raw LSP session with the built server over stdio: it writes any bytes (well-formed or not) and reads the
// server's messages with vscode-jsonrpc's reader, so tests can send what no well-behaved client would.
import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Message, NotificationMessage, RequestMessage, ResponseMessage, StreamMessageReader } from 'vscode-jsonrpc/node';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver-protocol';

export const SERVER = path.resolve(__dirname, '../../dist/server/server.js');
/** Guards against a hang, not a timing assertion: a healthy server answers in milliseconds (generous: issue 32). */
export const ANSWER_MS = 60_000;

export const uriOf = (file: string): string => pathToFileURL(file).href;

export function frame(body: string | Buffer): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n\r\n`, 'ascii'), bytes]);
}

export interface Published {
  version?: number;
  diagnostics: LspDiagnostic[];
}

export class RawLspSession {
  readonly published = new Map<string, Published>();
  /** Error-level log messages and stderr of the server. */
  readonly errors: string[] = [];
  /** Messages the server showed to the user (`window/showMessage`). */
  readonly shown: string[] = [];
  stderr = '';
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  private nextId = 1;
  private readonly pending = new Map<number | string, (response: ResponseMessage) => void>();
  private readonly listeners = new Set<() => void>();

  private constructor(
    readonly child: ChildProcess,
    private readonly settings: unknown,
  ) {
    const reader = new StreamMessageReader(child.stdout!);
    reader.listen((message) => this.received(message));
    child.stderr!.on('data', (chunk) => (this.stderr = (this.stderr + chunk).slice(-20_000)));
    child.stdin!.on('error', () => {}); // a dead server: the next wait reports it
    child.on('exit', (code, signal) => {
      this.exit = { code, signal };
      this.changed();
    });
  }

  /** The server started, nothing sent yet. */
  static spawn(settings: unknown = {}): RawLspSession {
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    return new RawLspSession(child, settings);
  }

  static async start(folder: string, settings: unknown = {}, processId: number | null = process.pid): Promise<RawLspSession> {
    const session = RawLspSession.spawn(settings);
    const init = await session.request('initialize', {
      processId,
      rootUri: uriOf(folder),
      workspaceFolders: [{ uri: uriOf(folder), name: path.basename(folder) }],
      capabilities: {
        workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true }, workspaceFolders: true },
        textDocument: { publishDiagnostics: { versionSupport: true }, completion: { completionItem: { snippetSupport: true } } },
      },
    });
    if (init.error) throw new Error(`initialize failed: ${JSON.stringify(init.error)}`);
    session.notify('initialized', {});
    return session;
  }

  get alive(): boolean {
    return this.exit === undefined;
  }

  private received(message: Message): void {
    const asRequest = message as RequestMessage;
    const asResponse = message as ResponseMessage;
    if (typeof asRequest.method === 'string' && asRequest.id !== undefined) {
      // The server asks: settings for `workspace/configuration`, an empty answer for anything else.
      const result = asRequest.method === 'workspace/configuration' ? ((asRequest.params as { items?: unknown[] })?.items ?? []).map(() => this.settings) : null;
      this.send({ jsonrpc: '2.0', id: asRequest.id, result });
    } else if (typeof asRequest.method === 'string') {
      const notification = message as NotificationMessage;
      const params = notification.params as { uri: string; version?: number; diagnostics: LspDiagnostic[]; type?: number; message?: string };
      if (notification.method === 'textDocument/publishDiagnostics') this.published.set(params.uri, { version: params.version, diagnostics: params.diagnostics });
      if (notification.method === 'window/logMessage' && params.type === 1) this.errors.push(String(params.message));
      if (notification.method === 'window/showMessage') this.shown.push(String(params.message));
    } else if (asResponse.id !== undefined && asResponse.id !== null) {
      this.pending.get(asResponse.id)?.(asResponse);
      this.pending.delete(asResponse.id);
    }
    this.changed();
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Writes bytes as they are: frames, garbage, half messages. */
  write(bytes: string | Buffer): void {
    if (this.alive) this.child.stdin!.write(bytes);
  }

  send(message: unknown): void {
    this.write(frame(JSON.stringify(message)));
  }

  notify(method: string, params?: unknown): void {
    this.send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  }

  /** Sends a request and resolves with the whole response (result or error); rejects if none comes. */
  request(method: string, params?: unknown): Promise<ResponseMessage> {
    const id = this.nextId++;
    let response: ResponseMessage | undefined;
    this.pending.set(id, (r) => (response = r));
    this.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
    return this.waitFor(`answer to ${method} #${id}`, () => response);
  }

  /** Resolves with `condition`'s first value other than undefined/false, checked on every message. */
  waitFor<T>(what: string, condition: () => T | undefined | false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = condition();
        if (value !== undefined && value !== false) done(() => resolve(value));
        else if (!this.alive) done(() => reject(new Error(`the server exited (${JSON.stringify(this.exit)}) while waiting for ${what}\n${this.stderr}`)));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`no ${what} within ${ANSWER_MS} ms`))), ANSWER_MS);
      const done = (settle: () => void) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        settle();
      };
      this.listeners.add(check);
      check();
    });
  }

  /**
   * The diagnostics published for `uri` at `version` (the server publishes the version it checked), once `accept`
   * takes them: a docs folder's first check reads no spec, and the endpoints' findings follow at the same version.
   */
  diagnosticsAt(uri: string, version: number, accept: (diagnostics: LspDiagnostic[]) => boolean = () => true): Promise<LspDiagnostic[]> {
    return this.waitFor(`diagnostics of ${uri} version ${version}`, () => {
      const published = this.published.get(uri);
      return published?.version === version && accept(published.diagnostics) && published.diagnostics;
    });
  }

  async stop(): Promise<void> {
    if (this.alive) {
      await this.request('shutdown').catch(() => undefined);
      this.notify('exit');
      await this.waitFor('exit', () => !this.alive).catch(() => this.child.kill('SIGKILL'));
    }
  }
}

/** Why an LSP range does not lie inside a document with these lines, or undefined. */
export function lspRangeProblem(lines: string[], range: { start: { line: number; character: number }; end: { line: number; character: number } } | undefined): string | undefined {
  if (!range) return 'no range';
  for (const end of [range.start, range.end]) {
    if (!Number.isInteger(end.line) || !Number.isInteger(end.character) || end.line < 0 || end.character < 0) return `bad position ${JSON.stringify(end)}`;
    if (end.line >= lines.length) return `line ${end.line} past the last line ${lines.length - 1}`;
    if (end.character > lines[end.line].length) return `character ${end.character} past the end of line ${end.line} (${lines[end.line].length})`;
  }
  const { start, end } = range;
  if (start.line > end.line || (start.line === end.line && start.character > end.character)) return `start after end ${JSON.stringify(range)}`;
  return undefined;
}

/** Lines as LSP counts them: split at \r\n, \r and \n. */
export function lspLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
