// `docs-json check` on a docs.json it cannot read: exit 2 with the reason (it was checked as an empty text and
// reported as a json-syntax error, exit 1). An empty docs.json is a finding that says so.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../helpers/temp-dir';
import { test } from 'node:test';

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');

function check(root: string) {
  const result = spawnSync(process.execPath, [BIN, 'check', root], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function folder(t: { after: (fn: () => void) => void }): string {
  const root = tempDir('check-unreadable-');
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  return root;
}

test('check: a docs.json over the 64 MB read limit exits 2 naming the limit', (t) => {
  const root = folder(t);
  fs.writeFileSync(path.join(root, 'docs.json'), '{}');
  fs.truncateSync(path.join(root, 'docs.json'), 65 * 1024 * 1024); // sparse: no 65 MB written
  const { status, stderr, stdout } = check(root);
  assert.equal(stdout, '');
  assert.match(stderr, /^docs-json check: cannot read docs\.json: it is 65 MB, over the 64 MB limit\n$/);
  assert.equal(status, 2);
});

test('check: a docs.json that links out of its folder exits 2 and is not read', (t) => {
  const root = folder(t);
  const outside = folder(t);
  fs.writeFileSync(path.join(outside, 'real.json'), JSON.stringify({ navigation: { pages: ['SECRET'] } }));
  fs.symlinkSync(path.join(outside, 'real.json'), path.join(root, 'docs.json'));
  const { status, stderr, stdout } = check(root);
  assert.equal(stdout, '');
  assert.match(stderr, /cannot read docs\.json: it is a link to .*real\.json, outside /);
  assert.equal(status, 2);
});

test('check: an unreadable docs.json exits 2 (permission denied)', { skip: process.getuid?.() === 0 ? 'root reads every file' : false }, (t) => {
  const root = folder(t);
  fs.writeFileSync(path.join(root, 'docs.json'), '{}');
  fs.chmodSync(path.join(root, 'docs.json'), 0o000);
  const { status, stderr } = check(root);
  assert.match(stderr, /cannot read docs\.json: permission denied/);
  assert.equal(status, 2);
});

test('check: an empty or blank docs.json is one finding that says it holds no JSON (not "Value expected")', (t) => {
  for (const text of ['', '  \n\n']) {
    const root = folder(t);
    fs.writeFileSync(path.join(root, 'docs.json'), text);
    const { status, stdout } = check(root);
    assert.match(stdout, /^docs\.json:1:1 {2}error {2}json-syntax {2}No JSON here \(the file is empty, or could not be read\): a JSON object is expected\n1 problem/);
    assert.equal(status, 1);
  }
});

test('check: a docs.json that is a folder exits 2 saying so (not "no docs.json")', (t) => {
  const root = folder(t);
  fs.mkdirSync(path.join(root, 'docs.json'));
  const { status, stderr, stdout } = check(root);
  assert.equal(stdout, '');
  assert.equal(stderr, 'docs-json check: cannot read docs.json: not a regular file (a folder)\n');
  assert.equal(status, 2);
});

test('check: a docs.json that is a FIFO exits 2 saying so, without blocking on it', (t) => {
  const root = folder(t);
  if (spawnSync('mkfifo', [path.join(root, 'docs.json')]).status !== 0) return t.skip('no mkfifo');
  const result = spawnSync(process.execPath, [BIN, 'check', root], { encoding: 'utf8', timeout: 10_000 });
  assert.equal(result.signal, null, 'blocked on the FIFO');
  assert.equal(result.stdout, '');
  assert.equal(result.stderr, 'docs-json check: cannot read docs.json: not a regular file (a FIFO)\n');
  assert.equal(result.status, 2);
});
