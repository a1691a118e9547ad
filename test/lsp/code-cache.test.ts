import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../helpers/temp-dir';
import { test } from 'node:test';

const CODE_CACHE = path.resolve(__dirname, '../../server/src/code-cache.ts');

/** Runs `file` through runWithCodeCache in a new Node process: what the cache did, then what the file printed. */
function run(file: string, cacheDir: string): string[] {
  const script = `const { runWithCodeCache } = require(${JSON.stringify(CODE_CACHE)}); const state = runWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cacheDir)}); console.log(state);`;
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
