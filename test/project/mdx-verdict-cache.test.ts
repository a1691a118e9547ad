// The MDX verdict cache's own limits (issue 33): a bounded number of entries, a FIFO or a link at its path never
// read, the file replaced whole.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { MAX_ENTRIES, MdxVerdictCache } from '../../server/src/project/mdx-verdict-cache';
import { tempDir } from '../helpers/temp-dir';

test('at most MAX_ENTRIES verdicts are kept and written: the least recently used go first', () => {
  const file = path.join(tempDir('mdx-cache-'), 'cache.json');
  const cache = new MdxVerdictCache(file, 'key');
  for (let i = 0; i < MAX_ENTRIES + 5; i++) cache.set(`page ${i}`, undefined);
  assert.equal(cache.size, MAX_ENTRIES);
  assert.equal(cache.get('page 0'), undefined, 'the oldest went');
  assert.equal(cache.get(`page ${MAX_ENTRIES + 4}`), null);
  assert.equal(cache.save(), undefined);
  const again = new MdxVerdictCache(file, 'key');
  assert.equal(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).entries).length, MAX_ENTRIES);
  assert.equal(again.get('page 5'), null);
  assert.equal(again.get('page 4'), undefined);
});

test('a FIFO at the cache path is not opened for a blocking read; the cache is written over it whole', (t) => {
  const folder = tempDir('mdx-cache-');
  const file = path.join(folder, 'cache.json');
  if (spawnSync('mkfifo', [file]).status !== 0) return t.skip('no mkfifo');
  const cache = new MdxVerdictCache(file, 'key');
  assert.equal(cache.notRead, 'it is not a regular file');
  cache.set('text', { offset: 0, length: 1, message: 'm' });
  assert.equal(cache.save(), undefined);
  assert.ok(fs.lstatSync(file).isFile());
  assert.deepEqual(new MdxVerdictCache(file, 'key').get('text'), { offset: 0, length: 1, message: 'm' });
  assert.deepEqual(fs.readdirSync(folder), ['cache.json'], 'no temporary file left');
});

test('a cache of another key reads as empty, silently; nothing is written when nothing changed', () => {
  const file = path.join(tempDir('mdx-cache-'), 'cache.json');
  const first = new MdxVerdictCache(file, 'one');
  first.set('text', undefined);
  first.save();
  const other = new MdxVerdictCache(file, 'two');
  assert.deepEqual([other.notRead, other.get('text')], [undefined, undefined]);
  const same = new MdxVerdictCache(file, 'one');
  assert.equal(same.get('text'), null);
  const before = fs.statSync(file).mtimeMs;
  assert.equal(same.save(), undefined);
  assert.equal(fs.statSync(file).mtimeMs, before);
});
