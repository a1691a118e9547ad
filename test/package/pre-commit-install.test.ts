// The pre-commit hook as a docs repository gets it: pre-commit clones this repository and runs the hook on a docs
// repository with one missing page, once with Debian's pre-commit 3 (3.0.4, `pre-commit` on PATH) and once with
// pre-commit 4 (4.6.2 here: the venv scripts/setup-test-hosts.mjs makes with pip; skipped with one line where no
// index has it), and once from a config that names this repository with a `rev`, as a team's config does. The hook
// runs the committed bundle shipped/ (issue 47): nothing is installed or built in pre-commit's clone.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
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

/** The folders of pre-commit's store that hold a clone of a repository: none of them got node_modules or dist/. */
function assertNothingInstalled(home: string): void {
  const clones = fs.readdirSync(home).map((name) => path.join(home, name)).filter((folder) => fs.existsSync(path.join(folder, '.pre-commit-hooks.yaml')));
  for (const clone of clones) {
    assert.ok(fs.existsSync(path.join(clone, 'shipped', 'cli', 'start.js')), `${clone} has the bundle`);
    for (const built of ['node_modules', 'dist']) assert.equal(fs.existsSync(path.join(clone, built)), false, `${built} in ${clone}`);
  }
}

function assertReported(output: string): void {
  assert.match(output, /^docs\.json check\.+Failed$/m);
  assert.match(output, /^- exit code: 1$/m);
  assert.match(output, /^docs\.json:\d+:\d+ {2}error {2}missing-page {2}No page file for 'guides\/missing'/m);
  assert.match(output, /^1 problem \(1 errors?, 0 warnings/m);
  // Nothing was installed: npm never ran (its output would be on stderr, which pre-commit shows).
  assert.doesNotMatch(output, /added \d+ packages|npm (warn|error)/i);
}

function docsRepo(): string {
  const docs = makeDocsRepo(repoWith({ pages: ['intro', 'guides/missing'] }, ['intro']));
  git(docs, ['init', '-q']);
  git(docs, ['add', '.']);
  git(docs, ['commit', '-q', '-m', 'docs']);
  return docs;
}

/**
 * pre-commit's environment: its own store, this Node first on PATH, and before it an `npm` that only leaves a mark
 * and fails, so that a hook that installed anything fails the test (`noNpm(env)` says whether it ran).
 */
function preCommitEnv(home: string): NodeJS.ProcessEnv {
  const bin = tempDir('no-npm-');
  fs.writeFileSync(path.join(bin, 'npm'), `#!/bin/sh\necho "$@" >> "${path.join(bin, 'ran')}"\nexit 99\n`, { mode: 0o755 });
  return { ...writerEnv(), PRE_COMMIT_HOME: home, NO_NPM_BIN: bin, PATH: [bin, path.dirname(process.execPath), process.env.PATH].join(path.delimiter) };
}

function assertNoNpm(env: NodeJS.ProcessEnv): void {
  const ran = path.join(env.NO_NPM_BIN!, 'ran');
  assert.equal(fs.existsSync(ran) ? fs.readFileSync(ran, 'utf8') : '', '', 'the hook ran npm');
}

/** `preCommit try-repo` of this repository's hook, after checking that `preCommit` is pre-commit `major`.x. */
function tryRepo(t: TestContext, preCommit: string, major: 3 | 4): void {
  const version = spawnSync(preCommit, ['--version'], { encoding: 'utf8' });
  assert.equal(version.status, 0, `${preCommit} --version: ${version.stderr}${version.error?.message ?? ''}`);
  // Each test runs the pre-commit it names: not the same program twice.
  assert.match(version.stdout, new RegExp(`^pre-commit ${major}\\.\\d+\\.\\d+$`, 'm'), `${preCommit} is not pre-commit ${major}`);
  t.diagnostic(`${preCommit}: ${version.stdout.trim()}`);
  const docs = docsRepo();
  // pre-commit's store is the test's own.
  const home = tempDir('pre-commit-home-');
  const env = preCommitEnv(home);
  // try-repo clones into a throwaway store of its own: the stand-in npm tells whether anything was installed.
  const run = spawnSync(preCommit, ['try-repo', REPO, 'docs-json-check', '--all-files'], { cwd: docs, encoding: 'utf8', timeout: 540_000, env });
  const output = `${run.stdout}${run.stderr}`;
  assert.equal(run.status, 1, output);
  assertReported(output);
  assertNoNpm(env);
}

test('pre-commit 3 (Debian\'s) try-repo: the hook runs the shipped bundle (nothing installed) and reports the missing page', { skip: NO_PRE_COMMIT, timeout: 600_000 }, (t) => {
  tryRepo(t, 'pre-commit', 3);
});

test('pre-commit 4 (pip, .test-hosts/pre-commit-4) try-repo: the hook runs the shipped bundle (nothing installed) and reports the missing page', { skip: NO_PRE_COMMIT_4, timeout: 600_000 }, (t) => {
  tryRepo(t, PRE_COMMIT_4!, 4);
});

test('a config with this repository and a `rev` (pre-commit 3): the store\'s clone runs the shipped bundle, nothing installed', { skip: NO_PRE_COMMIT, timeout: 600_000 }, () => {
  const docs = docsRepo();
  // The rev a team pins: this repository's HEAD (a commit: the bundle is in it), cloned over the file system.
  const rev = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).stdout.trim();
  fs.writeFileSync(path.join(docs, '.pre-commit-config.yaml'), `repos:\n  - repo: ${REPO}\n    rev: ${rev}\n    hooks:\n      - id: docs-json-check\n`);
  const home = tempDir('pre-commit-home-');
  const env = preCommitEnv(home);
  const run = spawnSync('pre-commit', ['run', '--all-files'], { cwd: docs, encoding: 'utf8', timeout: 540_000, env });
  const output = `${run.stdout}${run.stderr}`;
  assert.equal(run.status, 1, output);
  assertReported(output);
  // The store holds the clone (repo<random>/), with the bundle and nothing installed beside it.
  const clones = fs.readdirSync(home).filter((name) => fs.existsSync(path.join(home, name, '.pre-commit-hooks.yaml')));
  assert.equal(clones.length, 1, `one clone in ${fs.readdirSync(home).join(', ')}`);
  assertNothingInstalled(home);
  assertNoNpm(env);
});
