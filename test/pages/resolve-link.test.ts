import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { FileIndex } from '../../server/src/checker';
import { resolveLink, resolvesToSomething, siteLink } from '../../server/src/checker/links/resolve-link';
import { RedirectTable } from '../../server/src/checker/links/redirects';

const files = new FileIndex(['index.mdx', 'guide/start.mdx', 'guide/notes.md', 'api/index.mdx', 'api/users/index.md', 'images/logo.png', 'files/a b.pdf']);
const redirects = new RedirectTable([
  { source: '/old/start', destination: '/guide/start' },
  { source: '/blog/:slug*', destination: '/guide/:slug*' },
  { source: '/v1/*', destination: '/api/*' },
  { source: '/chain', destination: '/old/start' },
  { source: '/gone', destination: '/nowhere' },
  { source: '/loop-a', destination: '/loop-b' },
  { source: '/loop-b', destination: '/loop-a' },
  { source: '/users/:id/profile', destination: '/api/users' },
]);
const generated = { has: (p: string) => p === 'api-reference/users/list-users' };
const targets = { files, redirects, generated };

function lands(href: string, from = 'guide/start.mdx'): boolean {
  return resolvesToSomething(resolveLink(href, targets, from));
}

test('page files in every form, from the root', () => {
  assert.deepEqual(resolveLink('/guide/start', targets), { kind: 'page', file: 'guide/start.mdx' });
  assert.deepEqual(resolveLink('/guide/notes', targets), { kind: 'page', file: 'guide/notes.md' });
  assert.deepEqual(resolveLink('/api', targets), { kind: 'page', file: 'api/index.mdx' });
  assert.deepEqual(resolveLink('/api/users/', targets), { kind: 'page', file: 'api/users/index.md' });
  assert.deepEqual(resolveLink('/', targets), { kind: 'page', file: 'index.mdx' });
  assert.deepEqual(resolveLink('/guide/start.mdx', targets), { kind: 'page', file: 'guide/start.mdx' });
  assert.equal(lands('/guide/missing'), false);
  assert.equal(lands('/Guide/start'), false, 'paths are case-sensitive');
});

test('anchors and queries are stripped, escapes decoded, other files found', () => {
  assert.equal(lands('/guide/start#install'), true);
  assert.equal(lands('/guide/start?tab=npm#x'), true);
  assert.deepEqual(siteLink('/guide/start?x#Sec%20two'), { path: 'guide/start', anchor: 'Sec two', self: false, relative: false });
  assert.deepEqual(resolveLink('/images/logo.png', targets), { kind: 'file', file: 'images/logo.png' });
  assert.equal(lands('/files/a%20b.pdf'), true);
  assert.equal(lands('/images/logo.jpg'), false);
  assert.deepEqual(resolveLink('#top', targets, 'guide/start.mdx'), { kind: 'page', file: 'guide/start.mdx' });
});

test('relative links from the page folder; bare paths from either', () => {
  assert.equal(lands('./notes'), true);
  assert.equal(lands('../api'), true);
  assert.equal(lands('../images/logo.png'), true);
  assert.equal(lands('./missing'), false);
  assert.equal(lands('notes'), true, 'from the page folder, as a browser reads it');
  assert.equal(lands('guide/notes', 'api/index.mdx'), true, 'from the root, as the platform checker reads it');
});

test('external links are not checked', () => {
  for (const href of ['https://x.dev/a', 'mailto:a@b.c', 'cursor://open', '//cdn.x/a.png', 'data:image/png;base64,AA']) {
    assert.deepEqual(resolveLink(href, targets), { kind: 'external' });
  }
});

test('redirect sources: exact, wildcards, params, chains; a dead end or a loop is missing', () => {
  assert.equal(resolveLink('/old/start', targets).kind, 'redirect');
  assert.equal(lands('/old/start'), true);
  assert.equal(lands('/blog/start'), true);
  assert.equal(lands('/blog/nothing'), false);
  assert.equal(lands('/v1/users'), true);
  assert.equal(lands('/chain'), true);
  assert.equal(lands('/gone'), false);
  assert.equal(lands('/loop-a'), false);
  assert.equal(lands('/users/7/profile'), true);
  assert.equal(lands('/users/7/8/profile'), false, ':param is one segment');
  // `mint broken-links --check-redirects` 4.0.1552 reports `/blog` under `/blog/:slug*`: zero segments do not match.
  assert.equal(lands('/blog'), false, ':slug* is one segment or more');
});

test('a page link with `.md` or `.mdx` lands on the page in either form (as the platform matches it)', () => {
  assert.deepEqual(resolveLink('./notes.mdx', targets, 'guide/start.mdx'), { kind: 'page', file: 'guide/notes.md' });
  assert.deepEqual(resolveLink('/guide/start.md#x', targets), { kind: 'page', file: 'guide/start.mdx' });
  assert.deepEqual(resolveLink('../api.md', targets, 'guide/start.mdx'), { kind: 'page', file: 'api/index.mdx' });
  assert.equal(lands('/guide/gone.md'), false);
  assert.equal(lands('/images/logo.png.md'), false);
});

test('generated API pages', () => {
  assert.deepEqual(resolveLink('/api-reference/users/list-users', targets), { kind: 'generated', path: 'api-reference/users/list-users' });
  assert.equal(lands('/api-reference/users/remove-users'), false);
});

test('site paths read as path.posix reads them, `..` held at the root; a 1 MB `../` run in one pass', () => {
  // Differential against path.posix on every short path of these segments (a link climbing out stays at the root).
  const parts = ['a', '.', '..', '', 'b.mdx'];
  const posixSite = (written: string, from: string) => {
    const joined = written.startsWith('.') ? path.posix.join(path.posix.dirname(from), written) : written;
    const site = path.posix.normalize(`/${joined}`).slice(1).replace(/\/+$/, '');
    return site === '.' ? '' : site;
  };
  for (const a of parts) for (const b of parts) for (const c of parts) {
    for (const written of [`${a}/${b}/${c}`, `/${a}/${b}/${c}`, `.${a}/${b}/${c}`]) {
      if (written.startsWith('//')) continue; // protocol-relative: external
      for (const from of ['', 'guide/start.mdx', 'x/y/z.mdx']) {
        assert.equal(siteLink(written, from)?.path, posixSite(written, from), `${written} from ${from}`);
      }
    }
  }
  // path.posix.join took 140 s on this (found by the checker fuzz, seed 72025); a run of `..` ends at the root.
  assert.equal(siteLink('../'.repeat(333_334), 'guide/start.mdx')?.path, '');
  assert.equal(siteLink(`${'../'.repeat(333_334)}guide/start`)?.path, 'guide/start');
});
