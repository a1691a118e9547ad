// `docs-json check --base REF` and `--base-dir DIR` (issue 50): the URLs the base served that the change kills fail the
// check (killed-url, an error); a usage error when the base cannot be read or both are given; a ref without the
// site's docs.json (the change sets the site up) is said and nothing compared.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');
const page = (title: string) => `---\ntitle: ${title}\n---\n\nAbout ${title}, with enough words to be a page.\nA second line.\n`;
const docs = (pages: string[], redirects: unknown[] = []) => ({ ...REQUIRED_SETTINGS, redirects, navigation: { pages } });

function run(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, 'check', '--no-check-mdx', ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function git(cwd: string, ...args: string[]): void {
  const result = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
}

test('--base HEAD: a page moved without a redirect fails the check; with the redirect it passes', () => {
  const root = makeDocsRepo({ 'docs.json': docs(['index', 'setup']), 'index.mdx': page('Home'), 'setup.mdx': page('Setup') });
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'base');
  fs.renameSync(path.join(root, 'setup.mdx'), path.join(root, 'install.mdx'));
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs(['index', 'install']), null, 2));
  const failed = run(root, '--base', 'HEAD', '.');
  assert.equal(failed.status, 1, failed.stderr);
  assert.match(failed.stdout, /docs\.json:\d+:\d+ {2}error {2}killed-url {2}'\/setup' \(the page setup\.mdx at HEAD\) is no longer served and no redirect keeps it: add a redirect to \/install \(renamed\)/);
  const fixed = run(root, '--base', 'HEAD', '--fix', '.');
  assert.equal(fixed.status, 0, fixed.stdout + fixed.stderr);
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(root, 'docs.json'), 'utf8')).redirects, [{ source: '/setup', destination: '/install' }]);
});

test('--base-dir DIR: the same against a folder; without --base the change is not judged', () => {
  const before = makeDocsRepo({ 'docs.json': docs(['index', 'setup']), 'index.mdx': page('Home'), 'setup.mdx': page('Setup') });
  const after = makeDocsRepo({ 'docs.json': docs(['index']), 'index.mdx': page('Home') });
  const found = run(after, '--base-dir', before, '.');
  assert.equal(found.status, 1);
  assert.match(found.stdout, /killed-url {2}'\/setup'/);
  assert.equal(run(after, '.').status, 0);
});

test('a base that cannot be read, or both options, is a usage error (exit 2)', () => {
  const root = makeDocsRepo({ 'docs.json': docs(['index']), 'index.mdx': page('Home') });
  const both = run(root, '--base', 'HEAD', '--base-dir', root, '.');
  assert.equal(both.status, 2);
  assert.match(both.stderr, /--base reads a git ref, --base-dir a folder: give one/);
  const noGit = run(root, '--base', 'main', '.');
  assert.equal(noGit.status, 2);
  assert.match(noGit.stderr, /--base: .* is not in a git repository/);
});

test('--base REF whose tree has no docs.json in the folder (the change sets the site up): said on stderr, nothing compared, the check runs', () => {
  const repo = makeDocsRepo({ 'README.md': '# A project\n', 'docs/notes.md': 'Plain notes before the site.\n' });
  git(repo, 'init', '-q');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'before the docs site');
  fs.writeFileSync(path.join(repo, 'docs', 'docs.json'), JSON.stringify(docs(['index']), null, 2));
  fs.writeFileSync(path.join(repo, 'docs', 'index.mdx'), page('Home'));
  fs.rmSync(path.join(repo, 'docs', 'notes.md'));
  const result = run(path.join(repo, 'docs'), '--base', 'HEAD', '.');
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stderr, /--base: HEAD has no docs\/docs\.json: no URL of it to compare, killed URLs not checked/);
  assert.doesNotMatch(result.stdout, /killed-url/);
});
