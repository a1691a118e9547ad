// Issue 32: `check` at a repository's root finds the one folder below it that holds docs.json (and says so), takes
// a path to docs.json itself, lists the candidates when there are several, and says what to do with a site that
// still has only mint.json, or where it looked when there is nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const SITE = { navigation: { pages: ['intro', 'gone'] } };

test('check at a repository root: the docs/ folder below it is checked, said in one line on stderr', () => {
  const repo = makeDocsRepo({ 'docs/docs.json': SITE, 'docs/intro.mdx': '', 'node_modules/pkg/docs.json': SITE, '.github/docs.json': SITE });
  const { status, stdout, stderr } = run(['check', '--format', 'json'], repo);
  assert.equal(status, 1);
  // Information, not a warning: the check found its folder (issue 47).
  assert.equal(stderr, `docs-json check: checking docs/, the one folder below ${repo} that holds docs.json\n`);
  const files = JSON.parse(stdout).diagnostics.map((d: { file: string }) => d.file);
  // Relative to the current folder, where a terminal opens them (issue 47).
  assert.deepEqual([...new Set(files)], ['docs/docs.json'], 'node_modules and hidden folders are not candidates');
  // Given as a relative folder, the message names it as given.
  assert.match(run(['check', '.'], repo).stderr, /^docs-json check: checking docs\/, the one folder below \. that holds docs\.json\n$/);
});

test('check path/to/docs.json: the folder that holds it is checked; another file is refused', () => {
  const repo = makeDocsRepo({ 'site/docs.json': SITE, 'site/intro.mdx': '' });
  const { status, stdout, stderr } = run(['check', 'site/docs.json'], repo);
  assert.deepEqual([status, stderr], [1, '']);
  assert.match(stdout, /^site\/docs\.json:\d+:\d+ {2}error {2}missing-page/m);
  const other = run(['check', 'site/intro.mdx'], repo);
  assert.deepEqual([other.status, other.stderr], [2, 'docs-json check: site/intro.mdx is a file: give the folder that holds docs.json, or docs.json itself\n']);
});

test('check with several folders holding docs.json below: exit 2 listing them, nothing checked', () => {
  const repo = makeDocsRepo({ 'en/docs.json': SITE, 'fr/guides/docs.json': SITE, 'fr/guides/nested/docs.json': SITE });
  const { status, stdout, stderr } = run(['check'], repo);
  assert.equal(status, 2);
  assert.equal(stdout, '');
  assert.equal(stderr, `docs-json check: no docs.json in ${repo}, and 2 folders below it have one: en/, fr/guides/; name the one to check\n`);
});

test('check of a mint.json-only site: says it is the old format and to run mint upgrade', () => {
  for (const layout of [{ 'mint.json': {} }, { 'docs/mint.json': {} }]) {
    const repo = makeDocsRepo(layout);
    const { status, stderr } = run(['check'], repo);
    assert.equal(status, 2);
    const where = 'docs/mint.json' in layout ? 'docs/' : repo;
    assert.equal(stderr, `docs-json check: ${where} has a mint.json and no docs.json: mint.json is the platform's old format; run 'mint upgrade' in that folder to write docs.json from it, then check again\n`);
  }
});

test('check with nothing to check: says where it looked; a folder that does not exist is named', () => {
  const repo = makeDocsRepo({ 'a/b/c/d/docs.json': SITE, 'README.md': '' });
  const none = run(['check'], repo);
  assert.equal(none.status, 2);
  assert.equal(none.stderr, `docs-json check: no docs.json in ${repo} nor in its folders 3 levels below (node_modules and hidden folders skipped)\n`);
  assert.equal(run(['check', 'nowhere'], repo).stderr, 'docs-json check: no such file or folder: nowhere\n');
  // A link to a folder elsewhere is not followed.
  fs.symlinkSync(path.join(repo, 'a/b/c/d'), path.join(repo, 'linked'));
  assert.match(run(['check'], repo).stderr, /^docs-json check: no docs\.json in /);
});
