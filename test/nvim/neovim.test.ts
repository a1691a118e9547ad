// A second, independent editor: Debian's Neovim (0.7) drives the built server over stdio.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';
import { REQUIRED_SETTINGS_TEXT } from '../helpers/docs-repo';
import { NO_NVIM } from '../helpers/test-hosts';

const SERVER = path.resolve(__dirname, '../../dist/server/server.js');
const SCRIPT = path.join(__dirname, 'docs-json-client.lua');

interface Received {
  uri: string;
  error?: string;
  got_diagnostics: boolean;
  diagnostics: { uri: string; diagnostics: { code: string; message: string }[] }[];
  buffer_diagnostics: { message: string; lnum: number }[];
  completion: { items: { label: string }[] } | null;
  completion_error?: unknown;
}

test('neovim: headless Neovim receives the diagnostics and completion items of the server', { skip: NO_NVIM }, () => {
  const version = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  assert.ok(!version.error && version.status === 0, `nvim --version: ${version.error ?? version.stderr}`);
  const docsJson = `{\n  "navigation": {\n    "pages": ["intro", "missing-page", "gu"]\n  }${REQUIRED_SETTINGS_TEXT}\n}\n`;
  const root = makeDocsRepo({ 'docs.json': docsJson, 'intro.mdx': '', 'guides/setup.mdx': '', 'guides/deploy.mdx': '' });
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'nvim-home-'));
  const out = path.join(home, 'received.json');
  const xdg = Object.fromEntries(['CONFIG', 'DATA', 'STATE', 'CACHE', 'RUNTIME'].map((kind) => [`XDG_${kind}_HOME`, path.join(home, kind.toLowerCase())]));
  const run = spawnSync('nvim', ['--headless', '--clean', '-n', '-c', `luafile ${SCRIPT}`, path.join(root, 'docs.json')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 90_000,
    env: {
      ...process.env,
      ...xdg,
      HOME: home,
      NODE: process.execPath,
      DOCS_SERVER: SERVER,
      DOCS_ROOT: root,
      OUT: out,
      LINE: '2',
      COL: String(docsJson.split('\n')[2].indexOf('"gu"') + 3),
    },
  });
  assert.ok(fs.existsSync(out), `nvim wrote no result (status ${run.status}, signal ${run.signal}): ${run.stderr}${run.stdout}`);
  const received = JSON.parse(fs.readFileSync(out, 'utf8')) as Received;
  assert.equal(received.error, undefined);
  assert.equal(received.got_diagnostics, true);
  const own = received.diagnostics.filter((p) => p.uri === received.uri && p.diagnostics.length > 0).pop()!;
  assert.deepEqual(own.diagnostics.map((d) => d.code), ['missing-page', 'missing-page']);
  assert.match(own.diagnostics[0].message, /'missing-page'/);
  assert.deepEqual(received.buffer_diagnostics.map((d) => d.lnum), [2, 2]);
  assert.equal(received.completion_error, undefined);
  assert.deepEqual(received.completion!.items.map((i) => i.label).sort(), ['guides/deploy', 'guides/setup']);
});
