// Suppressions that survive moves and say what is new (issue 47): the suppressions file records each entry's
// findings by fingerprint (rule and message, not file or line), so a renamed file or folder keeps its suppressions,
// and a file with more findings of a rule than suppressed lists only the new ones.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');
const FILE = 'docs-json-suppressions.json';

function check(root: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, 'check', '.', '--no-check-mdx', '--format', 'json', ...args], { cwd: root, encoding: 'utf8' });
  const json = result.status === 2 ? { diagnostics: [], suppressed: [] } : JSON.parse(result.stdout);
  const list = (l: { file: string; code: string; message: string }[]) => l.map((d) => `${d.file} ${d.code} ${d.message.match(/"([^"]+)"/)?.[1] ?? ''}`);
  return { status: result.status, stderr: result.stderr, failing: list(json.diagnostics), suppressed: list(json.suppressed) };
}

/** Pages linking absolutely (their findings do not change when they move). */
const site = () =>
  makeDocsRepo({
    'docs.json': { navigation: { pages: ['guides/a', 'guides/b'] } },
    'guides/a.mdx': '[x](/nowhere) [y](/nothing)\n',
    'guides/b.mdx': '[z](/none)\n',
  });

const move = (root: string, from: string, to: string) => {
  fs.mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
  fs.renameSync(path.join(root, from), path.join(root, to));
};

test('the file records fingerprints beside each count, sorted, in the same layout', () => {
  const root = site();
  check(root, '--suppress-all');
  const data = JSON.parse(fs.readFileSync(path.join(root, FILE), 'utf8'));
  assert.deepEqual(Object.keys(data), ['guides/a.mdx', 'guides/b.mdx']);
  const a = data['guides/a.mdx']['broken-link'];
  assert.equal(a.count, 2);
  assert.equal(a.fingerprints.length, 2);
  assert.ok(a.fingerprints.every((f: string) => /^[0-9a-f]{16}$/.test(f)));
  assert.deepEqual(a.fingerprints, [...a.fingerprints].sort());
  assert.equal(fs.readFileSync(path.join(root, FILE), 'utf8'), JSON.stringify(data, null, 2) + '\n');
});

test('a renamed folder keeps its suppressions: the check passes, nothing is told as fixed; --prune-suppressions writes the new names', () => {
  const root = site();
  check(root, '--suppress-all');
  move(root, 'guides', 'guide');
  fs.writeFileSync(path.join(root, 'docs.json'), fs.readFileSync(path.join(root, 'docs.json'), 'utf8').replace(/guides\//g, 'guide/'));
  const moved = check(root);
  assert.deepEqual([moved.status, moved.failing, moved.stderr], [0, [], '']);
  assert.deepEqual(moved.suppressed, ['guide/a.mdx broken-link /nowhere', 'guide/a.mdx broken-link /nothing', 'guide/b.mdx broken-link /none']);
  assert.equal(check(root, '--prune-suppressions').status, 0);
  assert.deepEqual(Object.keys(JSON.parse(fs.readFileSync(path.join(root, FILE), 'utf8'))), ['guide/a.mdx', 'guide/b.mdx']);
  assert.deepEqual(check(root).failing, []);
});

test('the quiet twin: a copy of a suppressed file (the original still there) fails on its own findings', () => {
  const root = site();
  check(root, '--suppress-all');
  fs.copyFileSync(path.join(root, 'guides/b.mdx'), path.join(root, 'guides/c.mdx'));
  const copied = check(root);
  assert.equal(copied.status, 1);
  assert.deepEqual(copied.failing, ['guides/c.mdx broken-link /none']);
});

test('one more finding than suppressed: only the new one fails, by fingerprint; without fingerprints (an older file) all are listed', () => {
  const root = site();
  check(root, '--suppress-all');
  fs.writeFileSync(path.join(root, 'guides/a.mdx'), '[w](/new)\n\n[x](/nowhere) [y](/nothing)\n');
  const result = check(root);
  assert.equal(result.status, 1);
  assert.equal(result.failing.length, 1);
  assert.equal(result.failing[0], 'guides/a.mdx broken-link /new');
  assert.equal(result.suppressed.filter((s) => s.startsWith('guides/a.mdx')).length, 2);

  // The same file without its fingerprints: which one is new cannot be told, so all three are listed.
  const counts = JSON.parse(fs.readFileSync(path.join(root, FILE), 'utf8'), (key, value) => (key === 'fingerprints' ? undefined : value));
  fs.writeFileSync(path.join(root, FILE), JSON.stringify(counts, null, 2) + '\n');
  const old = check(root);
  assert.equal(old.status, 1);
  assert.equal(old.failing.length, 3);
});
