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
  const result = runAfter('', file, cacheDir);
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.trim().split('\n');
}

/**
 * As run, with `prelude` run first in the child (it may plant names that depend on the child's pid). The script is
 * the same in every run (it is in process.execArgv, which names the cache); the prelude comes by the environment.
 */
function runAfter(prelude: string, file: string, cacheDir: string) {
  const script = `eval(process.env.CODE_CACHE_PRELUDE); const { runWithCodeCache } = require(${JSON.stringify(CODE_CACHE)}); const { state } = runWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cacheDir)}); console.log(state);`;
  // The kill timer is a safety net only: the assertions are on the child's completion and output.
  const env = { ...process.env, CODE_CACHE_PRELUDE: prelude };
  return spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8', env, timeout: 60_000 });
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

// Hostile cache folders (issue 34): a shared XDG_CACHE_HOME or CI cache where another user plants names.
const unixOnly = { skip: process.platform === 'win32' && 'no links, FIFOs, owners or mode bits in the same sense on Windows' };

function plantedFolder() {
  const root = tempDir('code-cache-');
  const file = path.join(root, 'main.js');
  fs.writeFileSync(file, `console.log('ran');`);
  const cacheDir = path.join(root, 'cache');
  // Learn the cache's name (the same for every run of this file), then leave the folder empty.
  assert.deepEqual(run(file, cacheDir), ['ran', 'absent']);
  const cacheFile = path.join(cacheDir, caches(cacheDir)[0]);
  fs.rmSync(cacheFile);
  const victim = path.join(root, 'victim');
  fs.writeFileSync(victim, 'the victim file');
  return { root, file, cacheDir, cacheFile, victim };
}

test('code cache: a link at the cache name is neither read nor written through; it is replaced by a cache of our own', unixOnly, () => {
  const { file, cacheDir, cacheFile, victim } = plantedFolder();
  fs.symlinkSync(victim, cacheFile);
  assert.deepEqual(run(file, cacheDir), ['ran', 'untrusted']);
  assert.equal(fs.readFileSync(victim, 'utf8'), 'the victim file', 'the target stays untouched');
  assert.ok(fs.lstatSync(cacheFile).isFile(), 'the link was replaced (rename), not followed');
  assert.deepEqual(run(file, cacheDir), ['ran', 'used']);
});

test("code cache: a link at the temporary file's name is not written through: no cache this time", unixOnly, () => {
  const { file, cacheDir, cacheFile, victim } = plantedFolder();
  const plant = `require('node:fs').symlinkSync(${JSON.stringify(victim)}, ${JSON.stringify(cacheFile)} + '.' + process.pid + '.tmp')`;
  const result = runAfter(plant, file, cacheDir);
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(result.stdout.trim().split('\n'), ['ran', 'absent']);
  assert.equal(fs.readFileSync(victim, 'utf8'), 'the victim file', 'the target stays untouched');
  assert.equal(fs.existsSync(cacheFile), false, 'a cache miss, nothing written');
});

test('code cache: a FIFO at the cache name is a miss, never a hang', unixOnly, () => {
  const { file, cacheDir, cacheFile } = plantedFolder();
  const made = spawnSync('mkfifo', [cacheFile]);
  assert.equal(made.status, 0, 'mkfifo');
  const result = runAfter('', file, cacheDir);
  assert.equal(result.signal, null, 'finished on its own');
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(result.stdout.trim().split('\n'), ['ran', 'untrusted']);
  assert.ok(fs.lstatSync(cacheFile).isFile(), 'replaced by a cache of our own');
});

test('code cache: a folder others can write (the cache folder, or one above it) is neither read nor written', unixOnly, () => {
  const { root, file, cacheDir, cacheFile } = plantedFolder();
  assert.deepEqual(run(file, cacheDir), ['ran', 'absent']);
  fs.chmodSync(cacheDir, 0o770);
  assert.deepEqual(run(file, cacheDir), ['ran', 'untrusted'], 'a group-writable cache folder');
  // Sticky and root's, as /tmp: others still plant names in it.
  fs.chmodSync(cacheDir, 0o1777);
  assert.deepEqual(run(file, cacheDir), ['ran', 'untrusted'], 'a sticky world-writable cache folder');
  fs.chmodSync(cacheDir, 0o700);
  fs.chmodSync(root, 0o775);
  assert.deepEqual(run(file, cacheDir), ['ran', 'untrusted'], 'a group-writable folder above it');
  fs.chmodSync(root, 0o700);
  fs.rmSync(cacheFile);
  fs.chmodSync(root, 0o777);
  assert.deepEqual(run(file, path.join(cacheDir, 'new')), ['ran', 'absent']);
  assert.equal(fs.existsSync(path.join(cacheDir, 'new')) && caches(path.join(cacheDir, 'new')).length, 0, 'not written under a world-writable folder');
  fs.chmodSync(root, 0o700);
  // A link to the folder: its real path is checked as well.
  const shared = path.join(root, 'shared');
  fs.mkdirSync(shared, { mode: 0o777 });
  fs.chmodSync(shared, 0o777);
  fs.mkdirSync(path.join(shared, 'cache'), { mode: 0o700 });
  fs.symlinkSync(path.join(shared, 'cache'), path.join(root, 'linked'));
  assert.deepEqual(run(file, path.join(root, 'linked')), ['ran', 'untrusted']);
  assert.deepEqual(caches(path.join(shared, 'cache')), []);
});

test('code cache: a relative folder is refused (it would be found in a cloned repository)', () => {
  const root = tempDir('code-cache-');
  const file = path.join(root, 'main.js');
  fs.writeFileSync(file, `console.log('ran');`);
  const repo = path.join(root, 'repo');
  fs.mkdirSync(path.join(repo, 'cache'), { recursive: true });
  const result = runAfter(`process.chdir(${JSON.stringify(repo)})`, file, 'cache');
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(result.stdout.trim().split('\n'), ['ran', 'untrusted']);
  assert.deepEqual(caches(path.join(repo, 'cache')), [], 'nothing written in the repository');
  assert.equal(cliCodeCacheDir({ DOCS_JSON_CODE_CACHE: 'cache' }, 'linux', '/home/writer'), undefined);
  assert.equal(cliCodeCacheDir({ DOCS_JSON_CODE_CACHE: './cache' }, 'linux', '/home/writer'), undefined);
});
