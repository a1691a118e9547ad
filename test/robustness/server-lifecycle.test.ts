// The language server's lifecycle and framing over stdio, per the protocol: what comes before `initialize` and
// after `shutdown`, the end of stdin, frames it cannot read, messages over the size limit, bad document versions.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { makeDocsRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { frame, RawLspSession, uriOf } from '../helpers/fuzz-lsp';

const DOCS = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['intro', 'missing'] } }, null, 2);
const INTRO = { line: DOCS.split('\n').findIndex((l) => l.includes('"intro"')), character: 0 };
INTRO.character = DOCS.split('\n')[INTRO.line].indexOf('"intro"') + 2;

const sessions: RawLspSession[] = [];
const folders: string[] = [];
after(async () => {
  await Promise.all(sessions.map((s) => s.stop()));
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

async function started(processId: number | null = process.pid) {
  const root = makeDocsRepo({ 'docs.json': DOCS, 'intro.mdx': '' });
  folders.push(root);
  const session = await RawLspSession.start(root, {}, processId);
  sessions.push(session);
  return { root, session, docs: uriOf(path.join(root, 'docs.json')) };
}

async function hoverAnswers(session: RawLspSession, docs: string): Promise<void> {
  const hover = await session.request('textDocument/hover', { textDocument: { uri: docs }, position: INTRO });
  assert.equal(hover.error, undefined, JSON.stringify(hover.error));
  assert.match(JSON.stringify(hover.result), /intro/);
}

const exited = (session: RawLspSession) => session.waitFor('exit', () => session.exit);

test('lifecycle: requests before initialize get -32002; initialize is answered once; after shutdown only exit is heard (code 0)', { timeout: 60_000 }, async () => {
  const root = makeDocsRepo({ 'docs.json': DOCS, 'intro.mdx': '' });
  folders.push(root);
  const docs = uriOf(path.join(root, 'docs.json'));
  const session = RawLspSession.spawn();
  sessions.push(session);
  const early = await session.request('textDocument/hover', { textDocument: { uri: docs }, position: INTRO });
  assert.equal(early.error?.code, -32002, JSON.stringify(early));
  session.notify('textDocument/didOpen', { textDocument: { uri: docs, languageId: 'json', version: 1, text: '{}' } });
  const init = await session.request('initialize', { processId: process.pid, rootUri: uriOf(root), capabilities: {} });
  assert.ok((init.result as { capabilities?: unknown }).capabilities, JSON.stringify(init));
  session.notify('initialized', {});
  const again = await session.request('initialize', { processId: process.pid, rootUri: uriOf(root), capabilities: {} });
  assert.equal(again.error?.code, -32600, JSON.stringify(again));
  // The didOpen before initialize was not taken: hover reads the disk's docs.json.
  await hoverAnswers(session, docs);
  assert.equal((await session.request('shutdown')).error, undefined);
  for (const method of ['textDocument/hover', 'initialize', 'shutdown']) {
    const late = await session.request(method, { textDocument: { uri: docs }, position: INTRO });
    assert.equal(late.error?.code, -32600, `${method} after shutdown: ${JSON.stringify(late)}`);
  }
  session.notify('exit');
  assert.deepEqual(await exited(session), { code: 0, signal: null });
});

test('lifecycle: the end of stdin ends the server while its client lives (1 without shutdown, 0 after), processId null alike', { timeout: 60_000 }, async () => {
  for (const processId of [process.pid, null]) {
    const { session, docs } = await started(processId);
    await hoverAnswers(session, docs);
    session.child.stdin!.end();
    assert.equal((await exited(session)).code, 1, `processId ${processId}`);
  }
  const { session } = await started();
  await session.request('shutdown');
  session.child.stdin!.end();
  assert.equal((await exited(session)).code, 0);
});

test('framing: a header without a usable length ends the session with a message (exit 1), never a deaf server', { timeout: 60_000 }, async () => {
  const headers = [
    'Content-Length: 1e20\r\n\r\n{}',
    `Content-Length: ${2 ** 53}\r\n\r\n{}`,
    'Content-Length: 2\r\nContent-Length: 40\r\n\r\n{}',
    `X-Padding: ${'x'.repeat(20_000)}`,
  ];
  for (const garbage of headers) {
    const { session } = await started();
    session.write(garbage);
    const exit = await exited(session);
    assert.equal(exit.code, 1, garbage.slice(0, 40));
    assert.match(session.stderr, /unreadable message from the client/);
  }
});

test('framing: LF-only headers, a repeated equal Content-Length and JSON bodies that are no message objects are read', { timeout: 60_000 }, async () => {
  const { session, docs } = await started();
  const body = JSON.stringify({ jsonrpc: '2.0', id: 'lf', method: 'textDocument/hover', params: { textDocument: { uri: docs }, position: INTRO } });
  session.write(`Content-Length: ${Buffer.byteLength(body)}\n\n${body}`);
  // Bodies that are JSON but no JSON-RPC object pass the lifecycle gate untouched (a `null` crashed it).
  for (const garbage of ['null', '42', '[]', '"x"']) session.write(frame(garbage));
  const twice = body.replace('"lf"', '"twice"');
  session.write(`Content-Length: ${Buffer.byteLength(twice)}\r\ncontent-length: ${Buffer.byteLength(twice)}\r\n\r\n${twice}`);
  await hoverAnswers(session, docs);
  assert.ok(session.alive);
});

test('framing: a message over the 64 MB limit is skipped as it streams, the user is told, and the next request is answered', { timeout: 120_000 }, async () => {
  const { session, docs } = await started();
  // Settings read first: the client's answers must not land inside the big frame, as no real client would write them.
  await hoverAnswers(session, docs);
  const size = 100 * 1024 * 1024;
  session.write(Buffer.concat([Buffer.from(`Content-Length: ${size}\r\n\r\n`), Buffer.alloc(size, 0x20)]));
  await hoverAnswers(session, docs);
  await session.waitFor('the message shown', () => session.shown.find((m) => /100 MB .*limited to 64 MB/.test(m)));
});

test('versions: a didChange version that is not an integer of the protocol is not echoed in published diagnostics', { timeout: 60_000 }, async () => {
  const { session, docs } = await started();
  session.notify('textDocument/didOpen', { textDocument: { uri: docs, languageId: 'json', version: 1, text: DOCS } });
  await session.diagnosticsAt(docs, 1);
  for (const [i, version] of (['x', -1, 1.5, 2 ** 40] as unknown[]).entries()) {
    const text = DOCS.replace('"missing"', `"gone-${i}"`);
    session.notify('textDocument/didChange', { textDocument: { uri: docs, version }, contentChanges: [{ text }] });
    const published = await session.waitFor(`diagnostics for version ${String(version)}`, () => {
      const p = session.published.get(docs);
      return p?.diagnostics.some((d) => String(d.message).includes(`gone-${i}`)) && p;
    });
    assert.equal(published.version, undefined, `version ${JSON.stringify(version)} echoed`);
  }
  session.notify('textDocument/didChange', { textDocument: { uri: docs, version: 7 }, contentChanges: [{ text: DOCS }] });
  await session.diagnosticsAt(docs, 7);
});
