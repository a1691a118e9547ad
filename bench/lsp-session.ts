import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server/src/protocol/node-flags';
import {
  CompletionList,
  CompletionRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  Position,
  ProtocolConnection,
  PublishDiagnosticsNotification,
  PublishDiagnosticsParams,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';

/** The server's code cache folder in the benchmark, as the VS Code client gives it its storage folder. */
export const BENCH_CODE_CACHE = path.join(os.tmpdir(), 'docs-json-bench-code-cache');

export interface LspSession {
  /** Milliseconds from spawning the process to the first diagnostics published for docs.json. */
  firstDiagnosticsMs: number;
  /** CPU time the server process had used by then (Linux), which other work on the machine does not inflate. */
  firstDiagnosticsCpuMs: number | undefined;
  firstDiagnostics: PublishDiagnosticsParams;
  docsJsonUri: string;
  process: ChildProcess;
  connection: ProtocolConnection;
  /** The next diagnostics published for docs.json. */
  nextDiagnostics(timeoutMs?: number): Promise<PublishDiagnosticsParams>;
  complete(position: Position): Promise<CompletionList | null>;
  /** Replaces `length` characters at `offset`-based `start`/`end` positions, as an editor's keystroke. */
  change(version: number, start: Position, end: Position, text: string): void;
  /** Peak resident memory of the server process in MB (Linux: VmHWM), or undefined where not readable. */
  peakRssMb(): number | undefined;
  close(): Promise<void>;
}

/**
 * Starts the language server on stdio the way an editor does (initialize, initialized, open docs.json; with the
 * Node flags and environment the VS Code client gives it) and
 * waits for its first diagnostics. Everything stays on the pipes of a child process: no network.
 */
export async function startLspSession(
  serverScript: string,
  root: string,
  timeoutMs = 120_000,
  nodeOptions: string[] = SERVER_NODE_FLAGS,
  codeCacheDir: string = BENCH_CODE_CACHE,
): Promise<LspSession> {
  const docsJsonPath = `${root}/docs.json`;
  const docsJsonUri = pathToFileURL(docsJsonPath).href;
  const text = fs.readFileSync(docsJsonPath, 'utf8');
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeOptions, serverScript, '--stdio'], { cwd: root, env: { ...process.env, ...SERVER_ENV, DOCS_JSON_CODE_CACHE: codeCacheDir }, stdio: ['pipe', 'pipe', 'pipe'] });
  // Writes racing the server's exit must not crash the bench: the exit itself is reported below.
  child.stdin!.on('error', () => undefined);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const waiting: ((params: PublishDiagnosticsParams) => void)[] = [];
  const published: PublishDiagnosticsParams[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    if (params.uri !== docsJsonUri) return;
    const waiter = waiting.shift();
    if (waiter) waiter(params);
    else published.push(params);
  });
  // Requests the server may send get empty answers: default settings, and nothing registered.
  connection.onRequest('workspace/configuration', (params: { items?: unknown[] }) => (params.items ?? []).map(() => null));
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  const exited = new Promise<never>((_, reject) =>
    child.on('exit', (code, signal) => reject(new Error(`language server exited (${signal ?? code}): ${stderr.trim().split('\n').slice(-5).join('\n')}`))),
  );
  exited.catch(() => undefined);
  connection.listen();

  const nextDiagnostics = (limit = timeoutMs) =>
    Promise.race([
      new Promise<PublishDiagnosticsParams>((resolve, reject) => {
        const ready = published.shift();
        if (ready) return resolve(ready);
        const timer = setTimeout(() => reject(new Error(`no diagnostics for docs.json within ${limit} ms`)), limit);
        waiting.push((params) => {
          clearTimeout(timer);
          resolve(params);
        });
      }),
      exited,
    ]);

  const folder = pathToFileURL(root).href;
  await Promise.race([
    connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: folder,
      workspaceFolders: [{ uri: folder, name: 'bench' }],
      // As VS Code, the client answers `workspace/configuration`: the server then waits for the settings, which
      // arrive after the `didOpen` sent below, and checks the editor's text once instead of the disk's first.
      capabilities: { workspace: { configuration: true }, textDocument: { completion: { completionItem: { snippetSupport: true } }, publishDiagnostics: {} } },
    }),
    exited,
  ]);
  connection.sendNotification(InitializedNotification.type, {});
  connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: docsJsonUri, languageId: 'json', version: 1, text } });
  const firstDiagnostics = await nextDiagnostics();
  const firstDiagnosticsMs = performance.now() - started;
  const firstDiagnosticsCpuMs = cpuMs(child.pid);

  return {
    firstDiagnosticsMs,
    firstDiagnosticsCpuMs,
    firstDiagnostics,
    docsJsonUri,
    process: child,
    connection,
    nextDiagnostics,
    complete: (position) =>
      Promise.race([connection.sendRequest(CompletionRequest.type, { textDocument: { uri: docsJsonUri }, position }) as Promise<CompletionList | null>, exited]),
    change: (version, start, end, newText) =>
      connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri: docsJsonUri, version },
        contentChanges: [{ range: { start, end }, text: newText }],
      }),
    peakRssMb: () => peakRssMb(child.pid),
    close: async () => {
      const gone = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
      try {
        await Promise.race([connection.sendRequest(ShutdownRequest.type), exited, delay(2000)]);
        await connection.sendNotification(ExitNotification.type);
      } catch {
        // Already gone.
      }
      await Promise.race([gone, delay(2000)]);
      if (child.exitCode === null) child.kill();
      connection.dispose();
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** User and system CPU time of a live process, in ms (Linux: /proc/PID/stat, in clock ticks of 10 ms). */
export function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** VmHWM of a live process: the most resident memory it has had. */
export function peakRssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}
