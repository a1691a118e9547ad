// The pre-commit hook as a docs repository gets it: pre-commit clones this repository and runs the hook on a docs
// repository with one missing page, once with Debian's pre-commit 3 (3.0.4, `pre-commit` on PATH) and once with
// pre-commit 4 (4.6.2 here: the venv scripts/setup-test-hosts.mjs makes with pip; skipped with one line where no
// index has it). The first run installs the build's dependencies from the npm registry (its cache) into
// pre-commit's clone and builds there: a minute or two, for each.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { test, type TestContext } from 'node:test';
import { makeDocsRepo, repoWith } from '../helpers/docs-repo';
import { tempDir } from '../helpers/temp-dir';
import { NO_PRE_COMMIT, NO_PRE_COMMIT_4, PRE_COMMIT_4 } from '../helpers/test-hosts';
import { writerEnv } from '../helpers/writer-env';

const REPO = path.resolve(__dirname, '../..');

function git(cwd: string, args: string[]): void {
  const result = spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@localhost', ...args], { cwd, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
}

/** `preCommit try-repo` of this repository's hook, after checking that `preCommit` is pre-commit `major`.x. */
function tryRepo(t: TestContext, preCommit: string, major: 3 | 4): void {
  const version = spawnSync(preCommit, ['--version'], { encoding: 'utf8' });
  assert.equal(version.status, 0, `${preCommit} --version: ${version.stderr}${version.error?.message ?? ''}`);
  // Each test runs the pre-commit it names: not the same program twice.
  assert.match(version.stdout, new RegExp(`^pre-commit ${major}\\.\\d+\\.\\d+$`, 'm'), `${preCommit} is not pre-commit ${major}`);
  t.diagnostic(`${preCommit}: ${version.stdout.trim()}`);
  const docs = makeDocsRepo(repoWith({ pages: ['intro', 'guides/missing'] }, ['intro']));
  git(docs, ['init', '-q']);
  git(docs, ['add', '.']);
  git(docs, ['commit', '-q', '-m', 'docs']);
  // pre-commit's store is the test's own.
  const run = spawnSync(preCommit, ['try-repo', REPO, 'docs-json-check', '--all-files'], {
    cwd: docs,
    encoding: 'utf8',
    timeout: 540_000,
    env: { ...writerEnv(), PRE_COMMIT_HOME: tempDir('pre-commit-home-'), PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` },
  });
  const output = `${run.stdout}${run.stderr}`;
  assert.equal(run.status, 1, output);
  assert.match(output, /^docs\.json check\.+Failed$/m);
  assert.match(output, /^- exit code: 1$/m);
  assert.match(output, /^docs\.json:\d+:\d+ {2}error {2}missing-page {2}No page file for 'guides\/missing'/m);
  assert.match(output, /^1 problem \(1 errors?, 0 warnings/m);
}

test('pre-commit 3 (Debian\'s) try-repo: the hook installs from this repository and reports the missing page', { skip: NO_PRE_COMMIT, timeout: 600_000 }, (t) => {
  tryRepo(t, 'pre-commit', 3);
});

test('pre-commit 4 (pip, .test-hosts/pre-commit-4) try-repo: the hook installs from this repository and reports the missing page', { skip: NO_PRE_COMMIT_4, timeout: 600_000 }, (t) => {
  tryRepo(t, PRE_COMMIT_4!, 4);
});
