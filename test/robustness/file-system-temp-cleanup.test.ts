// Test processes clean up the temp folders they make (docs repos, corpus copies, code caches), even when their
// tests fail; the folders of a process killed outright are removed by the next one.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';

const REPO = path.resolve(__dirname, '../..');

/** Runs `script` in a test-like child process (tsx), with the temp helpers at hand; returns what it printed. */
function child(script: string) {
  const code = `const { makeDocsRepo } = require('./test/helpers/docs-repo'); const { tempDir } = require('./test/helpers/temp-dir');\n${script}`;
  return spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
}

test('temp folders: a failing test process leaves none of the folders it made', () => {
  const run = child(`
    const made = [makeDocsRepo({ 'docs.json': '{}' }), tempDir('corpus-copy-')];
    console.log(JSON.stringify(made));
    throw new Error('a failing test');`);
  assert.equal(run.status, 1, run.stderr);
  const made = JSON.parse(run.stdout) as string[];
  assert.equal(made.length, 2);
  for (const folder of made) assert.equal(fs.existsSync(folder), false, `${folder} left behind`);
  assert.equal(fs.existsSync(path.dirname(made[0])), false, 'the process folder left behind');
});

test("temp folders: a process killed outright leaves its folder; the next test process removes it", () => {
  const killed = child(`console.log(JSON.stringify(makeDocsRepo({ 'docs.json': '{}' }))); process.kill(process.pid, 'SIGKILL');`);
  assert.equal(killed.signal, 'SIGKILL');
  const left = JSON.parse(killed.stdout) as string;
  assert.ok(fs.existsSync(left));
  const next = child(`makeDocsRepo({ 'docs.json': '{}' });`);
  assert.equal(next.status, 0, next.stderr);
  assert.equal(fs.existsSync(path.dirname(left)), false);
});
