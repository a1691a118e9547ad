// `docs-json check --cache` (issue 33): pages' MDX verdicts kept in a file by the SHA-256 of their text and the
// version of the tool and its parser, reused for unchanged pages; the file is data, and anything odd in it is a miss.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';
import { tempDir } from '../helpers/temp-dir';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/docs-json.js');
const CACHE = '.docs-json-cache';

function run(args: string[], cwd = REPO) {
  const result = spawnSync(process.execPath, [BIN, 'check', ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The findings as `code file:line message` lines. */
function findings(stdout: string): string[] {
  return (JSON.parse(stdout).diagnostics as { code: string; file: string; line: number; message: string }[]).map((d) => `${d.code} ${d.file}:${d.line} ${d.message}`);
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

const CLEAN = '# Clean\n\n<Card>ok</Card>\n';
const BROKEN = '# Broken\n\n<Card>\n';

function site() {
  return makeDocsRepo({ 'docs.json': { navigation: { pages: ['clean', 'broken'] } }, 'clean.mdx': CLEAN, 'broken.mdx': BROKEN });
}

interface CacheFile {
  format: string;
  key: string;
  entries: Record<string, unknown>;
}

const readCache = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as CacheFile;
const writeCache = (file: string, data: CacheFile) => fs.writeFileSync(file, JSON.stringify(data));

test('--cache: written in the docs folder with the verdict of every page; a second run takes them (a planted verdict shows), a changed page is parsed again', () => {
  const root = site();
  const uncached = run([root, '--format', 'json']);
  assert.equal(uncached.status, 1);
  assert.ok(findings(uncached.stdout).some((line) => line.startsWith('mdx-syntax broken.mdx:')), uncached.stdout);
  assert.equal(fs.existsSync(path.join(root, CACHE)), false, 'no cache without --cache');

  const first = run([root, '--format', 'json', '--cache']);
  assert.deepEqual([first.status, first.stdout, first.stderr], [1, uncached.stdout, '']);
  const cache = readCache(path.join(root, CACHE));
  assert.equal(cache.entries[hashOf(CLEAN)], null, 'the clean page parses');
  assert.match(JSON.stringify(cache.entries[hashOf(BROKEN)]), /"offset":\d+,"length":\d+,"message":"/);
  assert.equal(Object.keys(cache.entries).length, 2);

  // Proof that the second run reads the cache instead of parsing: a verdict no parser would give.
  cache.entries[hashOf(CLEAN)] = { offset: 0, length: 1, message: 'planted verdict' };
  writeCache(path.join(root, CACHE), cache);
  const warm = run([root, '--format', 'json', '--cache']);
  assert.ok(findings(warm.stdout).includes('mdx-syntax clean.mdx:1 planted verdict'), warm.stdout);

  // The page changed: its text has another hash, so it is parsed (and the old entry is dropped from the file).
  fs.writeFileSync(path.join(root, 'clean.mdx'), `${CLEAN}\nMore.\n`);
  const changed = run([root, '--format', 'json', '--cache']);
  assert.deepEqual(findings(changed.stdout), findings(uncached.stdout));
  const after = readCache(path.join(root, CACHE));
  assert.deepEqual(Object.keys(after.entries).sort(), [hashOf(`${CLEAN}\nMore.\n`), hashOf(BROKEN)].sort());
});

test('--cache: a cache of another tool or parser version is not used', () => {
  const root = site();
  const file = path.join(root, CACHE);
  run([root, '--cache']);
  const cache = readCache(file);
  cache.entries[hashOf(CLEAN)] = { offset: 0, length: 1, message: 'planted verdict' };
  writeCache(file, { ...cache, key: `0.0.1 ${cache.key.split(' ')[1]}` });
  const other = run([root, '--format', 'json', '--cache']);
  assert.equal(other.stderr, '');
  assert.ok(!other.stdout.includes('planted verdict'), other.stdout);
  assert.equal(readCache(file).key, cache.key, 'written again with this version');
  assert.equal(readCache(file).entries[hashOf(CLEAN)], null);
});

test('--cache: a corrupt file or planted entries are misses: the same findings as without a cache, nothing run, nothing thrown', () => {
  const root = site();
  const file = path.join(root, CACHE);
  const expected = findings(run([root, '--format', 'json']).stdout);

  for (const corrupt of ['{"format":', '', '\u0000\u0001binary', '[]', 'null', '{"format":"docs-json-mdx-verdicts-1","key":1,"entries":[]}']) {
    fs.writeFileSync(file, corrupt);
    const result = run([root, '--format', 'json', '--cache']);
    assert.deepEqual(findings(result.stdout), expected, JSON.stringify(corrupt));
    assert.equal(result.status, 1);
    assert.equal(readCache(file).entries[hashOf(CLEAN)], null, 'replaced by a good cache');
  }

  run([root, '--cache']);
  const { key, format } = readCache(file);
  const marker = path.join(root, 'ran');
  const planted = {
    // Verdicts that do not fit the text, or are not verdicts: misses, the page is parsed.
    [hashOf(CLEAN)]: { offset: CLEAN.length, length: 5, message: 'past the end' },
    [hashOf(BROKEN)]: { offset: -1, length: 1, message: 'negative' },
    constructor: null,
    'not-a-hash': { offset: 0, length: 0, message: `require('fs').writeFileSync(${JSON.stringify(marker)}, '')` },
  };
  // A literal `__proto__` key (an object literal would set the prototype instead).
  fs.writeFileSync(file, JSON.stringify({ format, key, entries: planted }).replace('"entries":{', '"entries":{"__proto__":{"offset":0,"length":0,"message":"polluted"},'));
  const result = run([root, '--format', 'json', '--cache']);
  assert.deepEqual(findings(result.stdout), expected);
  assert.equal(fs.existsSync(marker), false);
  for (const wrong of [{ offset: 0, length: 1, message: 42 }, { offset: 0.5, length: 1, message: 'x' }, 'verdict', { offset: 0, length: 1, message: 'x'.repeat(10_000) }]) {
    writeCache(file, { format, key, entries: { [hashOf(BROKEN)]: null, [hashOf(CLEAN)]: wrong } });
    assert.deepEqual(findings(run([root, '--format', 'json', '--cache']).stdout).filter((line) => line.includes('clean.mdx')), [], JSON.stringify(wrong));
  }
});

test('--cache: a symbolic link at the cache path is neither read nor written through; it is replaced by the cache', () => {
  const root = site();
  const outside = tempDir('cache-target-');
  const target = path.join(outside, 'precious.txt');
  fs.writeFileSync(target, 'do not touch');
  fs.symlinkSync(target, path.join(root, CACHE));
  const result = run([root, '--format', 'json', '--cache']);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /^docs-json check: the cache .+\.docs-json-cache was not used: it is a symbolic link\n$/);
  assert.equal(fs.readFileSync(target, 'utf8'), 'do not touch');
  assert.equal(fs.lstatSync(path.join(root, CACHE)).isSymbolicLink(), false);
  assert.equal(readCache(path.join(root, CACHE)).entries[hashOf(CLEAN)], null);
});

test('--cache-location: a file or a folder (made when missing); a place that cannot be written is said, the check unchanged', () => {
  const root = site();
  const elsewhere = tempDir('cache-location-');
  run([root, '--cache-location', path.join(elsewhere, 'verdicts.json')]);
  assert.ok(readCache(path.join(elsewhere, 'verdicts.json')).entries);
  run([root, '--cache-location', `${path.join(elsewhere, 'sub')}/`]);
  assert.ok(readCache(path.join(elsewhere, 'sub', CACHE)).entries);
  assert.equal(fs.existsSync(path.join(root, CACHE)), false, 'nothing in the docs folder');

  // A folder where the cache file would be: it cannot be written.
  fs.mkdirSync(path.join(root, CACHE));
  const expected = run([root, '--format', 'json']);
  const blocked = run([root, '--format', 'json', '--cache']);
  assert.deepEqual([blocked.status, blocked.stdout], [expected.status, expected.stdout]);
  assert.match(blocked.stderr, /the cache was not written to .+\.docs-json-cache: a folder is at that path\n$/);
  assert.deepEqual(fs.readdirSync(root).filter((name) => name.endsWith('.tmp')), [], 'no temporary file left');
});

test('--cache in a read-only folder: the check runs, says the cache was not written, exit unchanged', { skip: process.getuid?.() === 0 ? 'root writes every folder' : false }, () => {
  const root = site();
  fs.chmodSync(root, 0o555);
  try {
    const result = run([root, '--format', 'json', '--cache']);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /the cache was not written to .+: permission denied\n$/);
  } finally {
    fs.chmodSync(root, 0o755);
  }
});
