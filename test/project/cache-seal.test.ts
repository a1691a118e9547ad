// Issue 44: the per-user cache key that seals every result cache: made once, the same for processes that start
// together, refused when a link or not the user's alone; a seal made with another key never opens.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { cacheSecret, seal, siteCacheFolder, unseal, userCacheFolder } from '../../server/src/project/cache-seal';
import { tempDir } from '../helpers/temp-dir';

const MODULE = path.resolve(__dirname, '../../server/src/project/cache-seal.ts');

function keyFromProcess(folder: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const code = `const { cacheSecret } = require(${JSON.stringify(MODULE)}); const k = cacheSecret(${JSON.stringify(folder)}); process.stdout.write(Buffer.isBuffer(k) ? k.toString('hex') : 'refused ' + k.refused);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', code]);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

test('four processes making the key at once end with one key, 0600', async () => {
  const folder = path.join(tempDir('user-cache-'), 'docs-json-tools');
  const keys = await Promise.all([1, 2, 3, 4].map(() => keyFromProcess(folder)));
  assert.match(keys[0], /^[0-9a-f]{64}$/, keys[0]);
  assert.deepEqual(new Set(keys).size, 1, keys.join('\n'));
  if (process.getuid) assert.equal(fs.statSync(path.join(folder, 'cache-key')).mode & 0o777, 0o600);
  assert.deepEqual(fs.readdirSync(folder), ['cache-key'], 'no temporary file left');
});

test('a key that is a link or of the wrong size is refused (access by others: check-cache.test.ts); a seal opens only with its key', () => {
  const folder = tempDir('user-cache-');
  const elsewhere = path.join(tempDir('other-'), 'key');
  fs.writeFileSync(elsewhere, Buffer.alloc(32, 9), { mode: 0o600 });
  fs.symlinkSync(elsewhere, path.join(folder, 'cache-key'));
  assert.match((cacheSecret(folder) as { refused: string }).refused, /symbolic link/);
  fs.rmSync(path.join(folder, 'cache-key'));
  fs.writeFileSync(path.join(folder, 'cache-key'), 'short', { mode: 0o600 });
  assert.match((cacheSecret(folder) as { refused: string }).refused, /not a cache key of 32 bytes/);
  fs.rmSync(path.join(folder, 'cache-key'));
  const key = cacheSecret(folder) as Buffer;
  assert.equal(key.length, 32);
  assert.deepEqual(cacheSecret(folder), key, 'read again, not made again');

  const sealed = seal('{"entries":{}}', key);
  assert.equal(unseal(sealed, key), '{"entries":{}}');
  assert.equal(unseal(sealed, Buffer.alloc(32)), undefined);
  assert.equal(unseal(sealed.replace('entries', 'entriez'), key), undefined);
  assert.equal(unseal('{"entries":{}}', key), undefined);
});

test('the user cache folder: XDG_CACHE_HOME (absolute only), ~/.cache, macOS and Windows places; a site folder per docs folder', () => {
  assert.equal(userCacheFolder({ XDG_CACHE_HOME: '/x' }, 'linux', '/home/u'), '/x/docs-json-tools');
  assert.equal(userCacheFolder({ XDG_CACHE_HOME: 'relative' }, 'linux', '/home/u'), '/home/u/.cache/docs-json-tools');
  assert.equal(userCacheFolder({}, 'darwin', '/Users/u'), '/Users/u/Library/Caches/docs-json-tools');
  assert.equal(userCacheFolder({}, 'linux', ''), undefined);
  assert.equal(userCacheFolder({}, 'win32', ''), undefined);
  const a = siteCacheFolder('/c', tempDir('site-'));
  assert.match(a, /^\/c\/sites\/[0-9a-f]{24}$/);
  assert.notEqual(a, siteCacheFolder('/c', tempDir('site-')));
});
