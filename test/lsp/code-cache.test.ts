import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../helpers/temp-dir';
import { test } from 'node:test';
import { cliCodeCacheDir } from '../../server/src/code-cache';

const CODE_CACHE = path.resolve(__dirname, '../../server/src/code-cache.ts');

/** Runs `file` through runWithCodeCache in a new Node process: what the cache did, then what the file printed. */
function run(file: string, cacheDir: string): string[] {
  const script = `const { runWithCodeCache } = require(${JSON.stringify(CODE_CACHE)}); const { state } = runWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cacheDir)}); console.log(state);`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.trim().split('\n');
}

const caches = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.v8cache')) : []);

test('code cache: written by a start that found none, used by the next, replaced when broken or when the file changes', () => {
  const root = tempDir('code-cache-');
  const file = path.join(root, 'main.js');
  const cacheDir = path.join(root, 'cache', 'nested');
  fs.writeFileSync(file, `const path = require('node:path'); console.log('ran', path.basename(__filename), module.filename === __filename, typeof exports);`);
  // The module runs as under require: its own __filename, module and exports, and a require that finds built-ins.
  assert.deepEqual(run(file, cacheDir), ['ran main.js true object', 'absent']);
  assert.equal(caches(cacheDir).length, 1, 'written at exit');
  assert.deepEqual(run(file, cacheDir), ['ran main.js true object', 'used']);

  const [cache] = caches(cacheDir);
  fs.writeFileSync(path.join(cacheDir, cache), 'not a V8 code cache');
  assert.deepEqual(run(file, cacheDir), ['ran main.js true object', 'rejected']);
  assert.deepEqual(run(file, cacheDir), ['ran main.js true object', 'used'], 'the broken cache was written again');

  fs.writeFileSync(file, `console.log('updated');`);
  assert.deepEqual(run(file, cacheDir), ['updated', 'absent']);
  assert.deepEqual(caches(cacheDir).length, 1, "the old file's cache is removed");
  assert.deepEqual(run(file, cacheDir), ['updated', 'used']);
});

test('code cache: a folder that cannot be made only means no cache', () => {
  const root = tempDir('code-cache-');
  const file = path.join(root, 'main.js');
  fs.writeFileSync(file, `console.log('ran');`);
  const blocker = path.join(root, 'a-file');
  fs.writeFileSync(blocker, '');
  assert.deepEqual(run(file, path.join(blocker, 'cache')), ['ran', 'absent']);
  assert.deepEqual(run(file, path.join(blocker, 'cache')), ['ran', 'absent']);
});

test('code cache: a cache file that others could have written is not used, and is written again as our own', { skip: process.platform === 'win32' && 'no owner or mode bits in fstat on Windows' }, () => {
  const root = tempDir('code-cache-');
  const file = path.join(root, 'main.js');
  const cacheDir = path.join(root, 'cache');
  fs.writeFileSync(file, `console.log('ran');`);
  assert.deepEqual(run(file, cacheDir), ['ran', 'absent']);
  const cache = path.join(cacheDir, caches(cacheDir)[0]);
  assert.equal(fs.statSync(cache).mode & 0o077, 0, 'written for this user alone');
  // Group-writable (a shared folder, a umask of 002): V8 would take planted code, so the file is not read.
  fs.chmodSync(cache, 0o664);
  assert.deepEqual(run(file, cacheDir), ['ran', 'untrusted']);
  assert.equal(fs.statSync(cache).mode & 0o077, 0, 'replaced by a cache of our own');
  assert.deepEqual(run(file, cacheDir), ['ran', 'used']);
  // Not a file at all.
  fs.rmSync(cache);
  fs.mkdirSync(cache);
  assert.deepEqual(run(file, cacheDir), ['ran', 'untrusted']);
});

test("code cache: the CLI's folder is the one DOCS_JSON_CODE_CACHE names ('off': none), else the user's own cache folder", () => {
  const home = path.join(path.sep, 'home', 'writer');
  assert.equal(cliCodeCacheDir({ DOCS_JSON_CODE_CACHE: 'off' }, 'linux', home), undefined);
  assert.equal(cliCodeCacheDir({ DOCS_JSON_CODE_CACHE: path.join(home, 'cc') }, 'linux', home), path.join(home, 'cc'));
  assert.equal(cliCodeCacheDir({}, 'linux', home), path.join(home, '.cache', 'docs-json-tools'));
  assert.equal(cliCodeCacheDir({ XDG_CACHE_HOME: path.join(home, 'xdg') }, 'linux', home), path.join(home, 'xdg', 'docs-json-tools'));
  // A relative XDG_CACHE_HOME is to be ignored (XDG Base Directory Specification): it would land in the docs repository.
  assert.equal(cliCodeCacheDir({ XDG_CACHE_HOME: 'cache' }, 'linux', home), path.join(home, '.cache', 'docs-json-tools'));
  assert.equal(cliCodeCacheDir({}, 'darwin', home), path.join(home, 'Library', 'Caches', 'docs-json-tools'));
  assert.equal(cliCodeCacheDir({ LOCALAPPDATA: path.join(home, 'AppData', 'Local') }, 'win32', home), path.join(home, 'AppData', 'Local', 'docs-json-tools', 'code-cache'));
  assert.equal(cliCodeCacheDir({}, 'win32', home), undefined);
  assert.equal(cliCodeCacheDir({}, 'linux', ''), undefined, 'no home: no cache');
});
