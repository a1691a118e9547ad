import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { PublishDiagnosticsNotification, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { createProtocolConnection, IPCMessageReader, IPCMessageWriter } from 'vscode-languageserver-protocol/node';
import { docsFolder } from './helpers/fixtures';
import { SERVER, uriOf } from './helpers/lsp-client';

test('transport: the server also speaks over node IPC, as VS Code starts it', { timeout: 30_000 }, async () => {
  const { root, file } = docsFolder({ 'docs.json': { navigation: { pages: ['missing'] } } });
  const child = fork(SERVER, ['--node-ipc'], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  const connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
  try {
    const published = new Promise<PublishDiagnosticsParams>((resolve) => {
      connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
        if (params.uri === uriOf(file('docs.json'))) resolve(params);
      });
    });
    connection.listen();
    const result = await connection.sendRequest('initialize', { processId: process.pid, rootUri: uriOf(root), capabilities: {}, workspaceFolders: [{ uri: uriOf(root), name: path.basename(root) }] });
    assert.ok((result as { capabilities: { completionProvider?: unknown } }).capabilities.completionProvider);
    await connection.sendNotification('initialized', {});
    const params = await published;
    assert.deepEqual(params.diagnostics.map((d) => d.code), ['missing-page']);
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
  } finally {
    connection.dispose();
    child.kill();
  }
});

test('transport: given a code cache folder, as the VS Code client gives it, the server writes a cache and starts from it', { timeout: 60_000 }, async () => {
  const { root, file } = docsFolder({ 'docs.json': { navigation: { pages: ['missing'] } } });
  const cacheDir = path.join(root, '.code-cache');
  const start = async () => {
    const child = fork(SERVER, ['--node-ipc'], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], env: { ...process.env, DOCS_JSON_CODE_CACHE: cacheDir } });
    const connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const published = new Promise<PublishDiagnosticsParams>((resolve) => {
        connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
          if (params.uri === uriOf(file('docs.json'))) resolve(params);
        });
      });
      connection.listen();
      await connection.sendRequest('initialize', { processId: process.pid, rootUri: uriOf(root), capabilities: {}, workspaceFolders: [{ uri: uriOf(root), name: path.basename(root) }] });
      await connection.sendNotification('initialized', {});
      const params = await published;
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      await exited;
      return params.diagnostics.map((d) => d.code);
    } finally {
      connection.dispose();
      child.kill();
    }
  };
  assert.deepEqual(await start(), ['missing-page']);
  const written = fs.readdirSync(cacheDir).filter((name) => name.endsWith('.v8cache'));
  assert.equal(written.length, 1);
  const size = fs.statSync(path.join(cacheDir, written[0])).size;
  assert.ok(size > 100_000, `a cache of the whole bundle, not ${size} bytes`);
  assert.deepEqual(await start(), ['missing-page']);
  assert.deepEqual(fs.readdirSync(cacheDir).filter((name) => name.endsWith('.v8cache')), written);
});
