// `docs-json check --cache` (issue 33): pages' MDX verdicts kept in a file by the SHA-256 of their text and the
// version of the tool and its parser, reused for unchanged pages; the file is data, and anything odd in it is a miss.
// Issue 44: the file lives in the user's cache folder (XDG_CACHE_HOME here, one per test), sealed with the user's
// key; a cache in the repository (the old default `.docs-json-cache`) or sealed with another key is never believed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { seal, unseal } from '../../server/src/project/cache-seal';
import { makeDocsRepo } from '../helpers/docs-repo';
import { tempDir } from '../helpers/temp-dir';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/docs-json.js');
const CACHE = '.docs-json-cache';

/** The user's cache folder of a test: each test its own, so that its key and files are its own. */
function userCache(): string {
  return tempDir('user-cache-');
}

function run(args: string[], xdg: string, cwd = REPO) {
  const result = spawnSync(process.execPath, [BIN, 'check', ...args], { cwd, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: xdg } });
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

const secretOf = (xdg: string) => fs.readFileSync(path.join(xdg, 'docs-json-tools', 'cache-key'));
/** The one site cache of a user's cache folder. */
function siteCache(xdg: string): string {
  const sites = path.join(xdg, 'docs-json-tools', 'sites');
  const [only, ...more] = fs.readdirSync(sites);
  assert.deepEqual(more, []);
  return path.join(sites, only, 'mdx-verdicts.json');
}
const readCache = (file: string, xdg: string) => JSON.parse(unseal(fs.readFileSync(file, 'utf8'), secretOf(xdg))!) as CacheFile;
const writeCache = (file: string, data: CacheFile, xdg: string) => fs.writeFileSync(file, seal(JSON.stringify(data), secretOf(xdg)));

test('--cache: kept in the user cache folder (not the docs folder) with the verdict of every page; a second run takes them (a planted verdict shows), a changed page is parsed again', () => {
  const root = site();
  const xdg = userCache();
  const uncached = run([root, '--format', 'json'], xdg);
  assert.equal(uncached.status, 1);
  assert.ok(findings(uncached.stdout).some((line) => line.startsWith('mdx-syntax broken.mdx:')), uncached.stdout);
  assert.equal(fs.existsSync(path.join(xdg, 'docs-json-tools', 'sites')), false, 'no cache without --cache');

  const first = run([root, '--format', 'json', '--cache'], xdg);
  assert.deepEqual([first.status, first.stdout, first.stderr], [1, uncached.stdout, '']);
  assert.deepEqual(fs.readdirSync(root).sort(), ['broken.mdx', 'clean.mdx', 'docs.json'], 'nothing written into the site (issue 48)');
  if (process.getuid) assert.equal(fs.statSync(path.join(xdg, 'docs-json-tools', 'cache-key')).mode & 0o777, 0o600);
  const file = siteCache(xdg);
  const cache = readCache(file, xdg);
  assert.equal(cache.entries[hashOf(CLEAN)], null, 'the clean page parses');
  assert.match(JSON.stringify(cache.entries[hashOf(BROKEN)]), /"offset":\d+,"length":\d+,"message":"/);
  assert.equal(Object.keys(cache.entries).length, 2);

  // Proof that the second run reads the cache instead of parsing: a verdict no parser would give.
  cache.entries[hashOf(CLEAN)] = { offset: 0, length: 1, message: 'planted verdict' };
  writeCache(file, cache, xdg);
  const warm = run([root, '--format', 'json', '--cache'], xdg);
  assert.ok(findings(warm.stdout).includes('mdx-syntax clean.mdx:1 planted verdict'), warm.stdout);

  // The page changed: its text has another hash, so it is parsed (and the old entry is dropped from the file).
  fs.writeFileSync(path.join(root, 'clean.mdx'), `${CLEAN}\nMore.\n`);
  const changed = run([root, '--format', 'json', '--cache'], xdg);
  assert.deepEqual(findings(changed.stdout), findings(uncached.stdout));
  const after = readCache(file, xdg);
  assert.deepEqual(Object.keys(after.entries).sort(), [hashOf(`${CLEAN}\nMore.\n`), hashOf(BROKEN)].sort());
});

test('issue 44: a cache committed to the repository (the old default names, a key anyone computes) is ignored and said once; the broken page fails', () => {
  const root = site();
  const xdg = userCache();
  // What a first run writes, read to know the key a planted file would carry (anyone can compute it).
  run([root, '--cache'], xdg);
  const { key, format } = readCache(siteCache(xdg), xdg);
  fs.rmSync(path.join(xdg, 'docs-json-tools', 'sites'), { recursive: true });
  const planted = JSON.stringify({ format, key, entries: { [hashOf(BROKEN)]: null, [hashOf(CLEAN)]: null } });
  fs.writeFileSync(path.join(root, CACHE), planted);
  fs.writeFileSync(path.join(root, '.docs-json-external-links.json'), '{}');
  const result = run([root, '--format', 'json', '--cache'], xdg);
  assert.equal(result.status, 1, 'the broken page is parsed, not believed');
  assert.ok(findings(result.stdout).some((line) => line.startsWith('mdx-syntax broken.mdx:')), result.stdout);
  assert.match(result.stderr, /^docs-json check: ignored \.docs-json-cache and \.docs-json-external-links\.json in .+: a cache inside the repository is never believed; --cache keeps its files in .+docs-json-tools.sites.+ \(delete them\)\n$/);
  assert.equal(fs.readFileSync(path.join(root, CACHE), 'utf8'), planted, 'left as it is');

  // Named with --cache-location, unsealed or sealed with another user's key: not used, said.
  for (const text of [planted, seal(planted, Buffer.alloc(32, 1))]) {
    fs.writeFileSync(path.join(root, CACHE), text);
    const named = run([root, '--format', 'json', '--cache-location', path.join(root, CACHE)], xdg);
    assert.equal(named.status, 1);
    assert.ok(findings(named.stdout).some((line) => line.startsWith('mdx-syntax broken.mdx:')));
    assert.match(named.stderr, /was not used: its seal does not match this user's cache key/);
  }
});

test('--cache: a cache of another tool or parser version is not used', () => {
  const root = site();
  const xdg = userCache();
  run([root, '--cache'], xdg);
  const file = siteCache(xdg);
  const cache = readCache(file, xdg);
  cache.entries[hashOf(CLEAN)] = { offset: 0, length: 1, message: 'planted verdict' };
  writeCache(file, { ...cache, key: `0.0.1 ${cache.key.split(' ')[1]}` }, xdg);
  const other = run([root, '--format', 'json', '--cache'], xdg);
  assert.equal(other.stderr, '');
  assert.ok(!other.stdout.includes('planted verdict'), other.stdout);
  assert.equal(readCache(file, xdg).key, cache.key, 'written again with this version');
  assert.equal(readCache(file, xdg).entries[hashOf(CLEAN)], null);
});

test('--cache: a corrupt file or planted entries are misses: the same findings as without a cache, nothing run, nothing thrown', () => {
  const root = site();
  const xdg = userCache();
  const expected = findings(run([root, '--format', 'json'], xdg).stdout);
  run([root, '--cache'], xdg);
  const file = siteCache(xdg);

  for (const corrupt of ['{"format":', '', '\u0000\u0001binary', '[]', 'null', '{"format":"docs-json-mdx-verdicts-2","key":1,"entries":[]}']) {
    fs.writeFileSync(file, seal(corrupt, secretOf(xdg)));
    const result = run([root, '--format', 'json', '--cache'], xdg);
    assert.deepEqual(findings(result.stdout), expected, JSON.stringify(corrupt));
    assert.equal(result.status, 1);
    assert.equal(readCache(file, xdg).entries[hashOf(CLEAN)], null, 'replaced by a good cache');
  }

  const { key, format } = readCache(file, xdg);
  const marker = path.join(root, 'ran');
  const planted = {
    // Verdicts that do not fit the text, or are not verdicts: misses, the page is parsed.
    [hashOf(CLEAN)]: { offset: CLEAN.length, length: 5, message: 'past the end' },
    [hashOf(BROKEN)]: { offset: -1, length: 1, message: 'negative' },
    constructor: null,
    'not-a-hash': { offset: 0, length: 0, message: `require('fs').writeFileSync(${JSON.stringify(marker)}, '')` },
  };
  // A literal `__proto__` key (an object literal would set the prototype instead).
  fs.writeFileSync(file, seal(JSON.stringify({ format, key, entries: planted }).replace('"entries":{', '"entries":{"__proto__":{"offset":0,"length":0,"message":"polluted"},'), secretOf(xdg)));
  const result = run([root, '--format', 'json', '--cache'], xdg);
  assert.deepEqual(findings(result.stdout), expected);
  assert.equal(fs.existsSync(marker), false);
  for (const wrong of [{ offset: 0, length: 1, message: 42 }, { offset: 0.5, length: 1, message: 'x' }, 'verdict', { offset: 0, length: 1, message: 'x'.repeat(10_000) }]) {
    writeCache(file, { format, key, entries: { [hashOf(BROKEN)]: null, [hashOf(CLEAN)]: wrong } }, xdg);
    assert.deepEqual(findings(run([root, '--format', 'json', '--cache'], xdg).stdout).filter((line) => line.includes('clean.mdx')), [], JSON.stringify(wrong));
  }
});

test('--cache: a symbolic link at the cache path is neither read nor written through (left, said); a cache key not the user\'s alone is not used', () => {
  const root = site();
  const xdg = userCache();
  const outside = tempDir('cache-target-');
  const target = path.join(outside, 'precious.txt');
  fs.writeFileSync(target, 'do not touch');
  fs.symlinkSync(target, path.join(root, CACHE));
  const result = run([root, '--format', 'json', '--cache-location', path.join(root, CACHE)], xdg);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /^docs-json check: the cache .+\.docs-json-cache was not used: it is a symbolic link\n/m);
  assert.match(result.stderr, /^docs-json check: the cache was not written to .+\.docs-json-cache: it is a symbolic link \(not written through\)\n/m);
  assert.equal(fs.readFileSync(target, 'utf8'), 'do not touch');
  assert.equal(fs.lstatSync(path.join(root, CACHE)).isSymbolicLink(), true);

  if (!process.getuid) return;
  const key = path.join(xdg, 'docs-json-tools', 'cache-key');
  fs.chmodSync(key, 0o644);
  const loose = run([root, '--format', 'json', '--cache'], xdg);
  assert.equal(loose.status, 1);
  assert.match(loose.stderr, /^docs-json check: no cache this run: .+cache-key is not this user's alone \(owner and mode 0600 expected\)\n$/);
  fs.chmodSync(key, 0o600);
  fs.chmodSync(path.dirname(key), 0o777);
  const shared = run([root, '--format', 'json', '--cache'], xdg);
  assert.equal(shared.status, 1);
  assert.match(shared.stderr, /^docs-json check: no cache this run: .+docs-json-tools is not this user's alone \(others may write it\)\n$/);
});

test('--cache-location: a file or a folder (made when missing); a place that cannot be written is said, the check unchanged', () => {
  const root = site();
  const xdg = userCache();
  const elsewhere = tempDir('cache-location-');
  run([root, '--cache-location', path.join(elsewhere, 'verdicts.json')], xdg);
  assert.ok(readCache(path.join(elsewhere, 'verdicts.json'), xdg).entries);
  run([root, '--cache-location', `${path.join(elsewhere, 'sub')}/`], xdg);
  assert.ok(readCache(path.join(elsewhere, 'sub', CACHE), xdg).entries);
  assert.equal(fs.existsSync(path.join(root, CACHE)), false, 'nothing in the docs folder');

  // A folder where the cache file would be: it cannot be written.
  fs.mkdirSync(path.join(elsewhere, 'blocked', CACHE), { recursive: true });
  const expected = run([root, '--format', 'json'], xdg);
  const blocked = run([root, '--format', 'json', '--cache-location', path.join(elsewhere, 'blocked')], xdg);
  assert.deepEqual([blocked.status, blocked.stdout], [expected.status, expected.stdout]);
  assert.match(blocked.stderr, /the cache was not written to .+blocked.\.docs-json-cache: a folder is at that path\n$/);
  assert.deepEqual(fs.readdirSync(elsewhere).filter((name) => name.endsWith('.tmp')), [], 'no temporary file left');
});

test('--cache in a read-only folder: the check runs, says the cache was not written, exit unchanged', { skip: process.getuid?.() === 0 ? 'root writes every folder' : false }, () => {
  const root = site();
  const xdg = userCache();
  const place = tempDir('cache-read-only-');
  fs.chmodSync(place, 0o555);
  try {
    const result = run([root, '--format', 'json', '--cache-location', `${place}/`], xdg);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /the cache was not written to .+: permission denied\n$/);
  } finally {
    fs.chmodSync(place, 0o755);
  }
});
