// Issue 32: `docs-json-language-server --version` and `--help` print and exit (they started a server), and the
// server names itself and its version in the initialize result, over stdio as any editor starts it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { docsFolder, withServer } from './helpers/fixtures';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/docs-json-language-server.js');
const { version } = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };

/** The binary with stdin left open: a server that started would wait on it until the timeout kills it. */
function run(args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], timeout: 20_000 });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

test('docs-json-language-server --version / -v: the version on stdout, exit 0, no server started', () => {
  for (const flag of ['--version', '-v']) assert.deepEqual(run([flag]), { status: 0, signal: null, stdout: `${version}\n`, stderr: '' }, flag);
});

test('docs-json-language-server --help / -h: the usage on stdout, exit 0, no server started', () => {
  for (const flag of ['--help', '-h']) {
    const result = run([flag]);
    assert.deepEqual([result.status, result.signal, result.stderr], [0, null, ''], flag);
    assert.match(result.stdout, /^usage: docs-json-language-server \[--stdio \| --node-ipc\]\n/);
    assert.match(result.stdout, /--version +print the version and exit\n/);
    assert.ok(result.stdout.endsWith('\n') && !result.stdout.endsWith('\n\n'));
  }
});

test('initialize over stdio: serverInfo has the name and the version of the package', async () => {
  const { root } = docsFolder({ 'docs.json': { navigation: { pages: ['a'] } }, 'a.mdx': '' });
  const serverInfo = await withServer(root, async (client) => client.initializeResult.serverInfo, { command: [process.execPath, BIN, '--stdio'] });
  assert.deepEqual(serverInfo, { name: 'docs-json-language-server', version });
});
