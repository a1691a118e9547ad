// killed-url (issue 50): every URL the base site served (pages, generated API pages, redirect sources) that the
// changed site no longer serves is an error on docs.json's `navigation`, with a redirect to where the page most likely
// went (git's rename detection, the same title, the nearest path). The quiet twins: a URL kept by a redirect, by
// another form of its page, or by the same pattern source; a redirect whose destination changed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { baseSiteOf } from '../../server/src/checker/links/base-site';
import { rule } from '../../server/src/checker/rules/killed-url/rule';
import { readBaseSite } from '../../server/src/project/base-site-reader';
import { checkRepo, findingsWithCode, makeDocsRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { tempDir } from '../helpers/temp-dir';

type Files = Record<string, unknown>;
const page = (title: string, body = `About ${title}.`) => `---\ntitle: ${title}\n---\n\n${body}\n`;
const LONG = 'Install the tool.\nRun the first command.\nRead the output.\nFix what it says.\nRun it again.\n';

function killed(before: Files, after: Files) {
  const base = baseSiteOf(new DocsWorkspace(makeDocsRepo(before)), 'main');
  return findingsWithCode(checkRepo(after, { base }), 'killed-url');
}
const messages = (before: Files, after: Files) => killed(before, after).map((f) => f.message);
const docs = (pages: string[], extra: Record<string, unknown> = {}) => ({ ...REQUIRED_SETTINGS, ...extra, navigation: { pages } });

test('a page renamed without a redirect: an error on navigation, its successor found by git-style rename detection', () => {
  const found = killed({ 'docs.json': docs(['index', 'quickstart']), 'index.mdx': page('Home'), 'quickstart.mdx': page('Quickstart', LONG) }, { 'docs.json': docs(['index', 'get-started']), 'index.mdx': page('Home'), 'get-started.mdx': page('Get started', LONG + 'One more line.\n') });
  assert.deepEqual(
    found.map((f) => [f.severity, f.text, f.message, f.data?.suggestion, f.data?.preferredFix]),
    [['error', '"navigation"', "'/quickstart' (the page quickstart.mdx at main) is no longer served and no redirect keeps it: add a redirect to /get-started (renamed)", '/get-started', true]],
  );
});

test('quiet twin: the same change with a redirect, or the page kept in another form, is not flagged', () => {
  const before = { 'docs.json': docs(['index', 'quickstart', 'guides']), 'index.mdx': page('Home'), 'quickstart.mdx': page('Quickstart', LONG), 'guides/index.mdx': page('Guides') };
  assert.deepEqual(messages(before, { 'docs.json': docs(['index', 'get-started', 'guides'], { redirects: [{ source: '/quickstart/', destination: '/get-started' }] }), 'index.mdx': page('Home'), 'get-started.mdx': page('Quickstart', LONG), 'guides.mdx': page('Guides') }), []);
  assert.deepEqual(messages(before, { 'docs.json': docs(['index', 'quickstart', 'guides']), 'index.md': page('Home'), 'quickstart/index.mdx': page('Quickstart', LONG), 'guides/index.md': page('Guides') }), [], '.md and /index forms serve the same URLs');
  assert.deepEqual(messages(before, { 'docs.json': docs(['index', 'guides'], { redirects: [{ source: '/:slug', destination: '/guides' }] }), 'index.mdx': page('Home'), 'guides/index.mdx': page('Guides') }), [], 'a pattern redirect keeps it');
  assert.deepEqual(messages(before, { 'docs.json': docs(['index', 'quickstart'], { redirects: [{ source: '/guides/index', destination: '/quickstart' }] }), 'index.mdx': page('Home'), 'quickstart.mdx': page('Quickstart', LONG) }), [], 'a source written /guides/index keeps /guides (mintlify/docs #6227 wrote one)');
});

test('a page outside the navigation is served too; a page replaced by a folder without an index is not served', () => {
  const before = { 'docs.json': docs(['index']), 'index.mdx': page('Home'), 'hidden.mdx': page('Hidden'), 'guides.mdx': page('Guides') };
  assert.deepEqual(
    killed(before, { 'docs.json': docs(['index']), 'index.mdx': page('Home'), 'guides/setup.mdx': page('Setup') }).map((f) => f.data?.removedUrl),
    ['/guides', '/hidden'],
  );
});

test('quiet twin: a redirect source that is also a folder without an index page stays served by the redirect (trails-docs #77)', () => {
  const files = { 'index.mdx': page('Home'), 'sdk/actions/overview.mdx': page('Overview') };
  const redirects = [{ source: '/sdk/actions', destination: '/sdk/actions/overview' }];
  const before = { 'docs.json': docs(['index', 'sdk/actions/overview', 'old'], { redirects }), ...files, 'old.mdx': page('Old') };
  assert.deepEqual(messages(before, { 'docs.json': docs(['index', 'sdk/actions/overview', 'new'], { redirects: [...redirects, { source: '/old', destination: '/new' }] }), ...files, 'new.mdx': page('Old') }), []);
  // Its twin that must still speak: the redirect removed, the folder alone serves nothing.
  assert.deepEqual(killed(before, { 'docs.json': docs(['index', 'sdk/actions/overview']), ...files }).map((f) => f.data?.removedUrl), ['/old', '/sdk/actions']);
});

test('snippets, partials and notes are no pages: removing them kills no URL', () => {
  const before = { 'docs.json': docs(['index']), 'index.mdx': page('Home'), 'snippets/a.mdx': 'A', '_partial.mdx': 'P', 'README.md': '# Repo' };
  assert.deepEqual(messages(before, { 'docs.json': docs(['index']), 'index.mdx': page('Home') }), []);
});

test('a redirect source removed is killed; one kept with a new destination is not; a pattern source kept as written is not', () => {
  const before = { 'docs.json': docs(['index', 'a'], { redirects: [{ source: '/old', destination: '/a' }, { source: '/older', destination: '/a' }, { source: '/v1/:slug*', destination: '/a' }] }), 'index.mdx': page('Home'), 'a.mdx': page('A') };
  const after = { 'docs.json': docs(['index', 'a'], { redirects: [{ source: '/older', destination: '/' }, { source: '/v1/:slug*', destination: '/' }] }), 'index.mdx': page('Home'), 'a.mdx': page('A') };
  assert.deepEqual(killed(before, after).map((f) => f.data?.removedUrl), ['/old']);
  const noPattern = { 'docs.json': docs(['index', 'a'], { redirects: [{ source: '/old', destination: '/a' }, { source: '/older', destination: '/a' }] }), 'index.mdx': page('Home'), 'a.mdx': page('A') };
  assert.deepEqual(messages(before, noPattern), ["main redirected '/v1/:slug*' (a pattern), and this site no longer does: those URLs will answer 404; keep the redirect"]);
});

test('generated API pages: an operation whose page path changed is killed, one at its x-mint.href kept is not', () => {
  const spec = (summary: string, href?: string) => JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'API', version: '1' },
    paths: {
      '/users': { get: { summary, tags: ['Users'], responses: { 200: { description: 'ok' } } } },
      '/teams': { get: { summary: 'List teams', tags: ['Teams'], ...(href ? { 'x-mint': { href } } : {}), responses: { 200: { description: 'ok' } } } },
    },
  });
  const site = (summary: string, href?: string) => ({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: [] }, { group: 'Home', pages: ['index'] }] } }, 'index.mdx': page('Home'), 'openapi.json': spec(summary, href) });
  assert.deepEqual(killed(site('List users', '/teams-page'), site('Get all users', '/teams-page')).map((f) => f.data?.removedUrl), ['/api-reference/users/list-users']);
  assert.deepEqual(messages(site('List users', '/teams-page'), site('List users', '/teams-page')), []);
  assert.deepEqual(killed(site('List users', '/teams-page'), site('List users')).map((f) => f.data?.removedUrl), ['/teams-page']);
});

test('the successor: the same title when the text changed, else the nearest path (offered beside the home page, never preferred)', () => {
  const before = { 'docs.json': docs(['index', 'guides/setup-old', 'guides/deploy']), 'index.mdx': page('Home'), 'guides/setup-old.mdx': page('Setup', 'Old words.'), 'guides/deploy.mdx': page('Deploy') };
  const after = { 'docs.json': docs(['index', 'guides/install', 'guides/deployment']), 'index.mdx': page('Home'), 'guides/install.mdx': page('Setup', 'New words entirely.'), 'guides/deployment.mdx': page('Deploying') };
  const found = killed(before, after);
  assert.deepEqual(found.map((f) => [f.data?.removedUrl, f.data?.suggestion, f.data?.preferredFix]), [['/guides/deploy', '/guides/deployment', false], ['/guides/setup-old', '/guides/install', true]]);
});

function fixesOf(before: Files, after: Files) {
  const base = baseSiteOf(new DocsWorkspace(makeDocsRepo(before)), 'main');
  const workspace = new DocsWorkspace(makeDocsRepo(after));
  const { model, diagnostics } = checkDocs(workspace, undefined, { base });
  return diagnostics.filter((d) => d.code === 'killed-url').map((d) => rule.fixes!['killed-url'](d, { model, diagnostics, files: workspace.files, pageIds: [] }));
}
const applied = (edit: { file: { text: string }; offset: number; length: number; text: string }) => edit.file.text.slice(0, edit.offset) + edit.text + edit.file.text.slice(edit.offset + edit.length);

test('its fix appends the redirect (to redirects, or a new redirects key), and the finding goes', () => {
  const before = { 'docs.json': docs(['index', 'quickstart']), 'index.mdx': page('Home'), 'quickstart.mdx': page('Quickstart', LONG) };
  for (const extra of [{}, { redirects: [] }, { redirects: [{ source: '/x', destination: '/' }] }]) {
    const after = { 'docs.json': docs(['index', 'start'], extra), 'index.mdx': page('Home'), 'start.mdx': page('Quickstart', LONG) };
    const [fixes] = fixesOf(before, after);
    assert.deepEqual(fixes.map((f) => [f.title, f.preferred]), [['Redirect /quickstart to /start', true]]);
    const fixed = JSON.parse(applied(fixes[0].edits[0]));
    assert.deepEqual(fixed.redirects.at(-1), { source: '/quickstart', destination: '/start' });
    assert.deepEqual(messages(before, { ...after, 'docs.json': fixed }), []);
  }
  const guess = fixesOf({ 'docs.json': docs(['index', 'guides/a']), 'index.mdx': page('Home'), 'guides/a.mdx': page('A') }, { 'docs.json': docs(['index', 'guides/b']), 'index.mdx': page('Home'), 'guides/b.mdx': page('B') });
  assert.deepEqual(guess[0].map((f) => [f.title, f.preferred]), [['Redirect /guides/a to /guides/b', false], ['Redirect /guides/a to /', false]]);
});

test('without a base, nothing is reported', () => {
  assert.deepEqual(findingsWithCode(checkRepo({ 'docs.json': docs(['index']), 'index.mdx': page('Home') }), 'killed-url'), []);
});

function git(cwd: string, ...args: string[]): string {
  const result = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

test('--base REF: read with git plumbing from the repository the docs folder is in; nothing of the repository runs', () => {
  const repo = tempDir('killed-url-git-');
  const folder = path.join(repo, 'docs');
  fs.cpSync(makeDocsRepo({ 'docs.json': docs(['index', 'quickstart']), 'index.mdx': page('Home'), 'quickstart.mdx': page('Quickstart', LONG), 'outside.mdx': page('Out') }), folder, { recursive: true });
  git(repo, 'init', '-q');
  fs.symlinkSync('/etc/hostname', path.join(folder, 'linked.mdx'));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'base');
  // A repository that would run a program through its configuration if a porcelain command or a hook ran.
  const marker = path.join(repo, 'ran');
  const script = path.join(repo, 'hook.sh');
  fs.writeFileSync(script, `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
  fs.mkdirSync(path.join(repo, 'hooks'));
  for (const hook of ['post-checkout', 'pre-commit', 'reference-transaction', 'post-index-change']) fs.copyFileSync(script, path.join(repo, 'hooks', hook));
  git(repo, 'config', 'core.hooksPath', path.join(repo, 'hooks'));
  git(repo, 'config', 'core.fsmonitor', script);
  fs.writeFileSync(path.join(repo, '.gitattributes'), '*.mdx diff=run filter=run\n');
  git(repo, 'config', 'diff.run.textconv', script);
  git(repo, 'config', 'filter.run.smudge', script);
  git(repo, 'config', 'filter.run.clean', script);
  fs.rmSync(path.join(folder, 'quickstart.mdx'));
  const read = readBaseSite(folder, { ref: 'HEAD' });
  assert.ok('site' in read);
  assert.deepEqual(read.site.urls.map((u) => u.path).sort(), ['', 'outside', 'quickstart'], 'a symbolic link of the revision is left out');
  assert.equal(read.site.title('quickstart.mdx'), 'Quickstart');
  assert.equal(fs.existsSync(marker), false, 'no hook, filter, textconv or fsmonitor ran');
  assert.deepEqual(fs.readdirSync(folder).sort(), ['docs.json', 'index.mdx', 'linked.mdx', 'outside.mdx'], 'nothing written into the folder');
  assert.match(String((readBaseSite(folder, { ref: 'no-such-branch' }) as { problem: string }).problem), /no commit 'no-such-branch'/);
  assert.match(String((readBaseSite(folder, { ref: '--output=/tmp/x' }) as { problem: string }).problem), /is not a git ref/);
  assert.match(String((readBaseSite(tempDir('killed-url-nogit-'), { ref: 'HEAD' }) as { problem: string }).problem), /not in a git repository/);
});

test('--base-dir DIR: a folder without docs.json is refused', () => {
  assert.match(String((readBaseSite('/', { dir: tempDir('killed-url-empty-') }) as { problem: string }).problem), /holds no docs.json/);
});

test('a deleted page the navigation still names is missing-page alone (one mistake, one finding); once the entry goes, killed-url', () => {
  const before = { 'docs.json': docs(['index', 'quickstart']), 'index.mdx': page('Home'), 'quickstart.mdx': page('Quickstart', LONG) };
  const base = baseSiteOf(new DocsWorkspace(makeDocsRepo(before)), 'main');
  const kept = checkRepo({ 'docs.json': docs(['index', 'quickstart']), 'index.mdx': page('Home') }, { base });
  assert.deepEqual(kept.map((d) => d.code), ['missing-page']);
  assert.deepEqual(messages(before, { 'docs.json': docs(['index']), 'index.mdx': page('Home') }), ["'/quickstart' (the page quickstart.mdx at main) is no longer served and no redirect keeps it: add a redirect to / (nearest path)"]);
});
