// Which of our source files one keystroke in docs.json runs through, from `didChange` to the published diagnostics,
// and, separately, a completion request right after it. The language server runs in this process on a pair of
// streams; V8's precise coverage (reset just before the keystroke) lists every file with a function that ran.
// Usage: node --import tsx scripts/keystroke-path.ts [DOCS_FOLDER]   (default: examples/valid)
import { Session } from 'node:inspector/promises';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { createConnection } from 'vscode-languageserver/node';
import { startDocsLanguageServer } from '../server/src/lsp/docs-language-server';

const SOURCE = path.resolve(__dirname, '../server/src') + path.sep;

async function main(): Promise<void> {
  const folder = path.resolve(process.argv[2] ?? 'examples/valid');
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  startDocsLanguageServer(server);
  server.listen();
  const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  let published: () => void = () => undefined;
  client.onNotification('textDocument/publishDiagnostics', () => published());
  client.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
  client.onRequest('client/registerCapability', () => null);
  client.listen();
  const uri = pathToFileURL(path.join(folder, 'docs.json')).href;
  const text = fs.readFileSync(path.join(folder, 'docs.json'), 'utf8');
  await client.sendRequest('initialize', { processId: null, rootUri: pathToFileURL(folder).href, capabilities: { workspace: { configuration: true } } });
  client.sendNotification('initialized', {});
  const diagnostics = () => new Promise<void>((resolve) => (published = resolve));
  let next = diagnostics();
  client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'docs-json', version: 1, text } });
  await next;

  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  const ran = async (): Promise<string[]> => {
    const { result } = await session.post('Profiler.takePreciseCoverage');
    const files = result.filter((script) => script.functions.some((f) => f.ranges.some((r) => r.count > 0)));
    return files.map((s) => s.url.startsWith('file:') ? new URL(s.url).pathname : s.url).filter((f) => f.startsWith(SOURCE)).map((f) => f.slice(SOURCE.length)).sort();
  };
  await ran(); // resets the counts

  // A keystroke in the first string value: one character typed, then the check it schedules.
  const at = text.indexOf('"', text.indexOf(':') + 1) + 1;
  const lines = text.slice(0, at).split('\n');
  const position = { line: lines.length - 1, character: lines[lines.length - 1].length };
  next = diagnostics();
  client.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: position, end: position }, text: 'x' }] });
  await next;
  report('keystroke (didChange → check → publishDiagnostics)', await ran());

  client.sendNotification('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ range: { start: position, end: position }, text: 'y' }] });
  await client.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: position.line, character: position.character + 1 } });
  report('keystroke then completion (before the check)', await ran());
  process.exit(0);
}

function report(what: string, files: string[]): void {
  const byLayer = new Map<string, string[]>();
  for (const file of files) {
    const layer = file.includes(path.sep) ? file.slice(0, file.indexOf(path.sep)) : '(entry)';
    byLayer.set(layer, [...(byLayer.get(layer) ?? []), file]);
  }
  console.log(`${what}: ${files.length} files`);
  for (const [layer, list] of byLayer) console.log(`  ${layer} (${list.length}): ${list.map((f) => path.basename(f)).join(', ')}`);
}

void main();
