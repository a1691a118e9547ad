// Issue 47's done-when: replaying pull requests, the gate (the parent's findings accepted with --suppress-all, then
// the commit checked) fails only on what each commit broke, renames included. scripts/replay-history.mjs does the
// replay on a repository's history (docs/ci.md has its results on a public docs repository); here it runs on a small
// repository made for it: an old broken link, a folder rename that carries it along, then a commit that adds one.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { tempDir } from '../helpers/temp-dir';

const REPO = path.resolve(__dirname, '../..');

interface ReplayRecord {
  commit: string;
  subject: string;
  status: number | null;
  renames: number;
  broke: string[];
  noise: string[];
  missed: string[];
  right: boolean;
}

function git(cwd: string, args: string[]): string {
  const result = spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@localhost', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

function write(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
}

const docsJson = (folder: string) => JSON.stringify({ name: 'Site', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages: ['index', `${folder}/a`, `${folder}/b`] } }, null, 2);

test('replay: a folder rename that carries an old broken link passes; a commit that adds a broken link fails on it alone', async () => {
  const repo = tempDir('replay-');
  git(repo, ['init', '-q']);
  write(repo, {
    'docs.json': docsJson('guides'),
    'index.mdx': '# Home\n\nSee [A](/guides/a).\n',
    'guides/a.mdx': '# A\n\nAn old mistake: [gone](/guides/gone).\n',
    'guides/b.mdx': '# B\n\nBack [home](/index).\n',
  });
  git(repo, ['add', '.']);
  git(repo, ['commit', '-q', '-m', 'site with one old broken link']);
  // A pure folder rename (the issue's one noise: suppressions keyed by path re-reported the moved files' findings).
  git(repo, ['mv', 'guides', 'tutorials']);
  write(repo, { 'docs.json': docsJson('tutorials'), 'index.mdx': '# Home\n\nSee [A](/tutorials/a).\n' });
  git(repo, ['commit', '-q', '-a', '-m', 'rename guides to tutorials']);
  // A new broken link beside the old one's twin: only it is new.
  write(repo, { 'tutorials/b.mdx': '# B\n\nBack [home](/index), and [new](/tutorials/nowhere).\n' });
  git(repo, ['commit', '-q', '-a', '-m', 'a new broken link']);
  // A change that breaks nothing.
  write(repo, { 'index.mdx': '# Home\n\nSee [A](/tutorials/a), then [B](/tutorials/b).\n' });
  git(repo, ['commit', '-q', '-a', '-m', 'one more good link']);

  const { replay } = (await import(pathToFileURL(path.join(REPO, 'scripts/replay-history.mjs')).href)) as { replay: (options: { gitDir: string; commits: number }) => ReplayRecord[] };
  const records = replay({ gitDir: path.join(repo, '.git'), commits: 3 });
  const bySubject = Object.fromEntries(records.map((r) => [r.subject, r]));
  assert.deepEqual(Object.keys(bySubject), ['one more good link', 'a new broken link', 'rename guides to tutorials']);

  const rename = bySubject['rename guides to tutorials'];
  assert.deepEqual([rename.status, rename.broke, rename.noise, rename.missed, rename.right], [0, [], [], [], true], JSON.stringify(rename));
  assert.equal(rename.renames, 2);

  const added = bySubject['a new broken link'];
  assert.equal(added.status, 1);
  assert.equal(added.broke.length, 1, added.broke.join('\n'));
  assert.match(added.broke[0], /^tutorials\/b\.mdx:3 {2}broken-link {2}.*\/tutorials\/nowhere/);
  assert.deepEqual([added.noise, added.missed, added.right], [[], [], true]);

  const quiet = bySubject['one more good link'];
  assert.deepEqual([quiet.status, quiet.broke, quiet.noise, quiet.right], [0, [], [], true]);
});

test('replay: an old finding suppressions never accept (a missing snippet: the site does not build) fails a harmless commit, and is said so, not counted as noise', async () => {
  const repo = tempDir('replay-unbuildable-');
  git(repo, ['init', '-q']);
  write(repo, {
    'docs.json': docsJson('guides'),
    'index.mdx': "import Gone from '/snippets/gone.mdx';\n\n# Home\n\n<Gone />\n",
    'guides/a.mdx': '# A\n',
    'guides/b.mdx': '# B\n',
  });
  git(repo, ['add', '.']);
  git(repo, ['commit', '-q', '-m', 'a site that does not build']);
  write(repo, { 'guides/a.mdx': '# A\n\nMore words.\n' });
  git(repo, ['commit', '-q', '-a', '-m', 'a harmless edit']);
  const { replay } = (await import(pathToFileURL(path.join(REPO, 'scripts/replay-history.mjs')).href)) as { replay: (options: { gitDir: string; commits: number }) => (ReplayRecord & { unbuildable: string[] })[] };
  const [record] = replay({ gitDir: path.join(repo, '.git'), commits: 1 });
  assert.equal(record.subject, 'a harmless edit');
  assert.equal(record.status, 1);
  assert.deepEqual([record.broke, record.noise, record.missed, record.right], [[], [], [], true], JSON.stringify(record));
  assert.equal(record.unbuildable.length, 1);
  assert.match(record.unbuildable[0], /^index\.mdx:1 {2}missing-snippet /);
});

interface UrlRecord {
  subject: string;
  status: number | null;
  expected: string[];
  found: string[];
  asMissingPage: number;
  missed: string[];
  extra: string[];
  right: boolean;
}

test('replay --urls (issue 50): each killed URL found, by killed-url or by missing-page where the entry stayed; a root served by the first page, a folder kept by its redirect, a README, an ignored file and a folder that was no site yet kill nothing; a folder newly ignored and a pattern source dropped are killed', async () => {
  const repo = tempDir('replay-urls-');
  git(repo, ['init', '-q']);
  const site = (pages: string[], pattern = true) =>
    JSON.stringify({ name: 'Site', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages }, redirects: [{ source: '/sdk/actions', destination: '/sdk/actions/overview' }, ...(pattern ? [{ source: '/v1/:slug*', destination: '/a' }] : [])] }, null, 2);
  // Before the site: plain notes, no docs.json (they served no URL; cline #3230 set its site up over such a folder).
  write(repo, { 'notes.md': 'Notes.\n', 'a.mdx': '# A\n' });
  git(repo, ['add', '.']);
  git(repo, ['commit', '-q', '-m', 'notes']);
  git(repo, ['rm', '-q', 'notes.md']);
  write(repo, {
    'docs.json': site(['index', 'a', 'b', 'c', 'sdk/actions/overview']),
    'index.mdx': '# Home\n',
    'a.mdx': '# A\n',
    'b.mdx': '# B\n',
    'c.mdx': '# C\n',
    'sdk/actions/overview.mdx': '# Actions\n',
    'files.md': 'a list someone kept at the root\n',
    'README.md': '# How to edit these docs\n',
    'old/page.mdx': '# Old\n',
    'drafts/wip.mdx': '# Draft\n',
    '.mintignore': '/drafts/\n',
    'e.mdx.mdx': '# E\n',
  });
  git(repo, ['add', '.']);
  git(repo, ['commit', '-q', '-m', 'site']);
  git(repo, ['rm', '-q', 'b.mdx']);
  write(repo, { 'docs.json': site(['index', 'a', 'c', 'sdk/actions/overview']) });
  git(repo, ['commit', '-q', '-a', '-m', 'b removed without a redirect']);
  git(repo, ['rm', '-q', 'c.mdx']);
  git(repo, ['commit', '-q', '-a', '-m', 'c deleted, its entry left']);
  git(repo, ['rm', '-q', 'index.mdx']);
  write(repo, { 'home.mdx': '# Home\n', 'docs.json': site(['home', 'a', 'c', 'sdk/actions/overview']) });
  git(repo, ['add', '.']);
  git(repo, ['commit', '-q', '-m', 'home replaces index']);
  git(repo, ['rm', '-q', 'files.md', 'README.md']);
  git(repo, ['commit', '-q', '-m', 'root files removed']);
  // .mintignore: a file it leaves out was never served; a folder it starts to leave out is killed (dify-docs #749).
  git(repo, ['rm', '-q', 'drafts/wip.mdx']);
  git(repo, ['commit', '-q', '-m', 'an ignored draft removed']);
  write(repo, { '.mintignore': '/drafts/\n/old/\n' });
  git(repo, ['commit', '-q', '-a', '-m', 'old section ignored']);
  // A file named twice `.mdx` renamed: its URL `/e.mdx` lands on `e.mdx` still (dify-docs #25).
  git(repo, ['mv', 'e.mdx.mdx', 'e.mdx']);
  git(repo, ['commit', '-q', '-m', 'double extension fixed']);
  // A pattern source dropped: every URL it redirected answers 404 (dify-docs #553, #563).
  write(repo, { 'docs.json': site(['home', 'a', 'c', 'sdk/actions/overview'], false) });
  git(repo, ['commit', '-q', '-a', '-m', 'pattern dropped']);

  const { replayUrls } = (await import(pathToFileURL(path.join(REPO, 'scripts/replay-history.mjs')).href)) as { replayUrls: (options: { gitDir: string; commits: number; cli: string }) => UrlRecord[] };
  const records = replayUrls({ gitDir: path.join(repo, '.git'), commits: 9, cli: path.join(REPO, 'dist/cli/start.js') });
  const by = Object.fromEntries(records.map((r) => [r.subject, [r.expected, r.found, r.asMissingPage, r.extra, r.right]]));
  assert.deepEqual(by, {
    'pattern dropped': [['/v1/:slug*'], ['/v1/:slug*'], 0, [], true],
    'double extension fixed': [[], [], 0, [], true],
    'old section ignored': [['/old/page'], ['/old/page'], 0, [], true],
    'an ignored draft removed': [[], [], 0, [], true],
    'root files removed': [['/files'], ['/files'], 0, [], true],
    'home replaces index': [[], [], 0, [], true],
    'c deleted, its entry left': [['/c'], ['/c'], 1, [], true],
    'b removed without a redirect': [['/b'], ['/b'], 0, [], true],
    site: [[], [], 0, [], true],
  });
});
