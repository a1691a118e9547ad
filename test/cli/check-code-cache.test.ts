// The CLI runs its bundle through V8's code cache in the user's own cache folder (cli/src/start.ts): the same
// findings with and without it, the cache written once and then read, and none where it is turned off.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../helpers/temp-dir';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/docs-json.js');

function check(env: NodeJS.ProcessEnv) {
  const clean = { ...process.env };
  delete clean.DOCS_JSON_CODE_CACHE;
  const result = spawnSync(process.execPath, [BIN, 'check', path.join(REPO, 'examples/broken'), '--format', 'json'], { cwd: REPO, encoding: 'utf8', env: { ...clean, ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const cachesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => /^cli-[0-9a-f]{32}\.v8cache$/.test(name)) : []);

test('check: the same findings with the code cache absent, written and read; the cache goes to XDG_CACHE_HOME', () => {
  const xdg = tempDir('cli-xdg-');
  const folder = path.join(xdg, 'docs-json-tools');
  // Other commands neither write nor read it: the cache keeps what the run that wrote it compiled.
  const version = spawnSync(process.execPath, [BIN, '--version'], { cwd: REPO, encoding: 'utf8', env: { ...process.env, DOCS_JSON_CODE_CACHE: '', XDG_CACHE_HOME: xdg } });
  assert.equal(version.status, 0, version.stderr);
  assert.deepEqual(cachesIn(folder), [], '--version writes no cache');
  const off = check({ DOCS_JSON_CODE_CACHE: 'off', XDG_CACHE_HOME: xdg });
  assert.equal(off.status, 1, off.stderr);
  assert.ok(JSON.parse(off.stdout).diagnostics.length > 30, 'examples/broken has a finding of every rule');
  assert.deepEqual(cachesIn(folder), [], "'off' writes no cache");

  assert.deepEqual(check({ XDG_CACHE_HOME: xdg }), off, 'first run: no cache yet');
  const [written] = cachesIn(folder);
  assert.ok(written, 'the first run wrote its cache at exit');
  const before = fs.statSync(path.join(folder, written));
  assert.equal(before.mode & 0o077, 0, 'for this user alone');

  assert.deepEqual(check({ XDG_CACHE_HOME: xdg }), off, 'second run: from the cache');
  assert.deepEqual(cachesIn(folder), [written]);
  assert.equal(fs.statSync(path.join(folder, written)).mtimeMs, before.mtimeMs, 'a cache that was used is not written again');
});

test('check: DOCS_JSON_CODE_CACHE names the folder; one that cannot be made only means no cache', () => {
  const root = tempDir('cli-cache-');
  const named = path.join(root, 'named');
  assert.equal(check({ DOCS_JSON_CODE_CACHE: named }).status, 1);
  assert.equal(cachesIn(named).length, 1);
  fs.writeFileSync(path.join(root, 'a-file'), '');
  const blocked = check({ DOCS_JSON_CODE_CACHE: path.join(root, 'a-file', 'cache') });
  assert.deepEqual([blocked.status, blocked.stderr], [1, '']);
});
