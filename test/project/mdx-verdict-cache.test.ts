// The MDX verdict cache's own limits (issue 33): a bounded number of entries, a FIFO or a link at its path never
// read, the file replaced whole. Issue 44: sealed with the user's key, bounded in bytes, messages cut when stored, the
// editor's writes batched.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { seal, unseal } from '../../server/src/project/cache-seal';
import { MAX_BYTES, MAX_ENTRIES, MAX_STORED_MESSAGE, MdxVerdictCache } from '../../server/src/project/mdx-verdict-cache';
import { MdxCacheSaver, SAVE_EVERY_MS, SaverClock } from '../../server/src/lsp/mdx-cache-saver';
import { tempDir } from '../helpers/temp-dir';

const SECRET = Buffer.alloc(32, 3);

test('at most MAX_ENTRIES verdicts are kept and written: the least recently used go first', () => {
  const file = path.join(tempDir('mdx-cache-'), 'cache.json');
  const cache = new MdxVerdictCache(file, 'key', SECRET);
  for (let i = 0; i < MAX_ENTRIES + 5; i++) cache.set(`page ${i}`, {});
  assert.equal(cache.size, MAX_ENTRIES);
  assert.equal(cache.get('page 0'), undefined, 'the oldest went');
  assert.deepEqual(cache.get(`page ${MAX_ENTRIES + 4}`), {});
  assert.equal(cache.save(), undefined);
  const again = new MdxVerdictCache(file, 'key', SECRET);
  assert.equal(Object.keys(JSON.parse(unseal(fs.readFileSync(file, 'utf8'), SECRET)!).entries).length, MAX_ENTRIES);
  assert.deepEqual(again.get('page 5'), {});
  assert.equal(again.get('page 4'), undefined);
});

test('a FIFO at the cache path is not opened for a blocking read; the cache is written over it whole', (t) => {
  const folder = tempDir('mdx-cache-');
  const file = path.join(folder, 'cache.json');
  if (spawnSync('mkfifo', [file]).status !== 0) return t.skip('no mkfifo');
  const cache = new MdxVerdictCache(file, 'key', SECRET);
  assert.equal(cache.notRead, 'it is not a regular file');
  cache.set('text', { error: { offset: 0, length: 1, message: 'm' } });
  assert.equal(cache.save(), undefined);
  assert.ok(fs.lstatSync(file).isFile());
  assert.deepEqual(new MdxVerdictCache(file, 'key', SECRET).get('text'), { error: { offset: 0, length: 1, message: 'm' } });
  assert.deepEqual(fs.readdirSync(folder), ['cache.json'], 'no temporary file left');
});

test('a cache of another key reads as empty, silently; nothing is written when nothing changed', () => {
  const file = path.join(tempDir('mdx-cache-'), 'cache.json');
  const first = new MdxVerdictCache(file, 'one', SECRET);
  first.set('text', {});
  first.save();
  const other = new MdxVerdictCache(file, 'two', SECRET);
  assert.deepEqual([other.notRead, other.get('text')], [undefined, undefined]);
  const same = new MdxVerdictCache(file, 'one', SECRET);
  assert.deepEqual(same.get('text'), {});
  const before = fs.statSync(file).mtimeMs;
  assert.equal(same.save(), undefined);
  assert.equal(fs.statSync(file).mtimeMs, before);
});

test('a file sealed with another key, or not sealed, is not used and says why', () => {
  const file = path.join(tempDir('mdx-cache-'), 'cache.json');
  const mine = new MdxVerdictCache(file, 'key', SECRET);
  mine.set('broken page', {});
  mine.save();
  const body = unseal(fs.readFileSync(file, 'utf8'), SECRET)!;
  for (const planted of [body, seal(body, Buffer.alloc(32, 4)), seal(body, SECRET).replace('"key"', '"key" ')]) {
    fs.writeFileSync(file, planted);
    const cache = new MdxVerdictCache(file, 'key', SECRET);
    assert.match(cache.notRead ?? '', /seal does not match/);
    assert.equal(cache.get('broken page'), undefined);
  }
});

test('150 distinct texts of a page with a 1 MB message keep 150 short messages; the bytes stay under MAX_BYTES', () => {
  const file = path.join(tempDir('mdx-cache-'), 'cache.json');
  const cache = new MdxVerdictCache(file, 'key', SECRET);
  const huge = `MDX syntax error: Unexpected closing tag \`</${'x'.repeat(1024 * 1024)}>\``;
  for (let i = 0; i < 150; i++) cache.set(`page text ${i}`, { error: { offset: 0, length: 1, message: huge } });
  assert.equal(cache.size, 150);
  assert.ok(cache.bytes <= 150 * (60 + MAX_STORED_MESSAGE), `${cache.bytes} bytes`);
  const kept = cache.get('page text 7')!.error!;
  assert.equal(kept.message.length, MAX_STORED_MESSAGE);
  assert.ok(kept.message.startsWith('MDX syntax error: Unexpected closing tag') && kept.message.endsWith('…'));
  cache.save();
  assert.ok(fs.statSync(file).size < 150 * (100 + MAX_STORED_MESSAGE), `${fs.statSync(file).size} bytes in the file`);

  // Many long messages: the least recently used go once the bytes would pass MAX_BYTES.
  const many = new MdxVerdictCache(path.join(tempDir('mdx-cache-'), 'cache.json'), 'key', SECRET);
  const count = Math.ceil(MAX_BYTES / (60 + MAX_STORED_MESSAGE)) + 100;
  for (let i = 0; i < count; i++) many.set(`text ${i}`, { error: { offset: 0, length: 1, message: 'm'.repeat(MAX_STORED_MESSAGE) } });
  assert.ok(many.bytes <= MAX_BYTES, `${many.bytes}`);
  assert.ok(many.size < count);
  assert.equal(many.get('text 0'), undefined, 'the oldest went');
  assert.ok(many.get(`text ${count - 1}`));
});

/** A clock whose timers run when the test moves time on. */
function fakeClock(): SaverClock & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let timers: { at: number; run: () => void; id: object }[] = [];
  return {
    now: () => now,
    setTimeout(run, ms) {
      const id = {};
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout(id) {
      timers = timers.filter((t) => t.id !== id);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.run();
      }
      now = end;
    },
    pending: () => timers.length,
  };
}

test('the editor\'s saver: typing for 5 minutes (a new text every 2 s) writes at most once a minute, nothing when nothing changed', () => {
  const xdg = tempDir('user-cache-');
  const file = path.join(tempDir('storage-'), 'sub', 'mdx-cache.json');
  const clock = fakeClock();
  const logged: string[] = [];
  const saver = new MdxCacheSaver(file, (m) => logged.push(m), clock, { XDG_CACHE_HOME: xdg }, __filename);
  const cache = saver.cache!;
  assert.ok(cache, logged.join('\n'));
  for (let second = 0; second < 300; second += 2) {
    cache.set(`text typed at ${second}`, { error: { offset: 0, length: 1, message: 'MDX syntax error: ' + 'y'.repeat(100_000) } });
    clock.advance(2_000);
  }
  clock.advance(SAVE_EVERY_MS);
  const writes = cache.writes;
  assert.ok(writes >= 4 && writes <= 300_000 / SAVE_EVERY_MS + 1, `${writes} writes`);
  assert.deepEqual(logged, []);
  const reread = new MdxVerdictCache(file, cache.key, fs.readFileSync(path.join(xdg, 'docs-json-tools', 'cache-key')), [], true);
  for (let second = 0; second < 300; second += 2) assert.ok(reread.get(`text typed at ${second}`), `${second}`);
  assert.ok(cache.bytesWritten < 150 * 700, `${cache.bytesWritten} bytes written in all: messages cut, each verdict written once`);
  // Nothing changed: no timer, no write, even at shutdown.
  assert.equal(clock.pending(), 0);
  saver.save();
  assert.equal(cache.writes, writes);
});

test('the editor\'s journal: a write after the first appends only the new verdicts, each line sealed; the file is rewritten once the log outgrows it', () => {
  const file = path.join(tempDir('mdx-cache-'), 'cache.json');
  const cache = new MdxVerdictCache(file, 'key', SECRET, [], true);
  for (let i = 0; i < 1_000; i++) cache.set(`page ${i}`, {});
  assert.equal(cache.saveChanges(), undefined);
  const whole = cache.bytesWritten;
  assert.ok(whole > 30_000, `${whole}`);
  cache.set('page 1000', { error: { offset: 0, length: 1, message: 'an error' } });
  assert.equal(cache.saveChanges(), undefined);
  assert.ok(cache.bytesWritten - whole < 200, `${cache.bytesWritten - whole} bytes for one new verdict`);
  assert.equal(cache.saveChanges(), undefined);
  assert.equal(cache.writes, 2, 'nothing changed: nothing written');

  const again = new MdxVerdictCache(file, 'key', SECRET, [], true);
  assert.deepEqual(again.get('page 1000'), { error: { offset: 0, length: 1, message: 'an error' } });
  assert.deepEqual(again.get('page 999'), {});
  // A log line that fails its seal (planted, another key or version) is a miss; the others still count.
  const log = `${file}.log`;
  fs.appendFileSync(log, `${fs.readFileSync(log, 'utf8').trim().replace('an error', 'planted').replace(/^\S+/, 'A'.repeat(43))}\n`);
  fs.appendFileSync(log, 'garbage\n');
  assert.deepEqual(new MdxVerdictCache(file, 'key', SECRET, [], true).get('page 1000'), { error: { offset: 0, length: 1, message: 'an error' } });
  assert.equal(new MdxVerdictCache(file, 'other', SECRET, [], true).get('page 1000'), undefined);
  // The CLI (no journal) never reads a log.
  assert.equal(new MdxVerdictCache(file, 'key', SECRET).get('page 1000'), undefined);

  // The log grows past the file: the next write is the whole file, and the log goes.
  for (let i = 0; i < 2_000; i++) {
    again.set(`typed ${i}`, { error: { offset: 0, length: 1, message: 'e'.repeat(200) } });
    assert.equal(again.saveChanges(), undefined);
  }
  assert.ok(fs.statSync(log, { throwIfNoEntry: false }) === undefined || fs.statSync(log).size <= Math.max(256 * 1024, fs.statSync(file).size));
  const last = new MdxVerdictCache(file, 'key', SECRET, [], true);
  assert.ok(last.get('typed 1999'));
  assert.ok(last.get('page 1000'));
});

test("a page's free names are kept and read again; a stored entry with names of the wrong shape is a miss", () => {
  const file = path.join(tempDir('mdx-cache-'), 'cache.json');
  const cache = new MdxVerdictCache(file, 'key', SECRET);
  const names = [{ name: 'version', line: 3, column: 9 }, { name: 'ünïcode$', line: 4, column: 0 }];
  cache.set('page with names', { names });
  cache.set('page without', { names: [] });
  assert.equal(cache.save(), undefined);
  const again = new MdxVerdictCache(file, 'key', SECRET);
  assert.deepEqual(again.get('page with names'), { names });
  assert.deepEqual(again.get('page without'), {}, 'no names: kept as a page that parses');
  // Entries written by hand with this user's seal: each shape checked, anything else not believed.
  const data = JSON.parse(unseal(fs.readFileSync(file, 'utf8'), SECRET)!);
  const [withNames] = Object.keys(data.entries).filter((hash) => data.entries[hash]?.names);
  const hostile: unknown[] = [{ names: [['a b', 1, 0]] }, { names: [['x', 0, 0]] }, { names: [['x', 1]] }, { names: [] }, { names: Array.from({ length: 201 }, () => ['x', 1, 0]) }, { names: [['y'.repeat(201), 1, 0]] }, { names: 'x' }];
  for (const entry of hostile) {
    data.entries[withNames] = entry;
    fs.writeFileSync(file, seal(JSON.stringify(data) + '\n', SECRET));
    assert.equal(new MdxVerdictCache(file, 'key', SECRET).get('page with names'), undefined, JSON.stringify(entry).slice(0, 80));
  }
});
