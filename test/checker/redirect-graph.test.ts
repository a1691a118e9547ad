// The redirect graph (issue 50): loops as the platform computes them (a trailing `/index` and trailing slashes
// canonicalised), and redirects whose source a page of the site serves as well (shadowed-redirect). Quiet twins:
// a chain that is no loop, a source under a page's folder, a pattern source over pages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkRepo, findingsWithCode, REQUIRED_SETTINGS } from '../helpers/docs-repo';

type Redirect = { source: string; destination: string };
const site = (redirects: Redirect[], files: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS, ...extra, redirects, navigation: { pages: ['c'] } }, 'c.mdx': '', ...files });
const loops = (redirects: Redirect[]) => findingsWithCode(site(redirects), 'redirect-loop').map((f) => f.text);
const shadowed = (redirects: Redirect[], files: Record<string, string> = {}, extra: Record<string, unknown> = {}) => findingsWithCode(site(redirects, files, extra), 'shadowed-redirect').map((f) => [f.text, f.severity, f.message]);

test('redirect-loop: a trailing /index and trailing slashes are canonicalised', () => {
  assert.deepEqual(loops([{ source: '/a', destination: '/a/index' }]), ['"/a/index"'], 'a page redirected to its own /index form');
  assert.deepEqual(loops([{ source: '/a/', destination: '/a' }]), ['"/a"']);
  assert.deepEqual(loops([{ source: '/a', destination: '/b' }, { source: '/b/index', destination: '/a/' }]), ['"/b"', '"/a/"'], 'a source written /b/index redirects /b');
  assert.deepEqual(loops([{ source: '/index', destination: '/' }]), ['"/"'], '/index is the root');
});

test('redirect-loop quiet twin: a chain that ends on a page, and /index of another path, are no loop', () => {
  assert.deepEqual(loops([{ source: '/a', destination: '/b/index' }, { source: '/b', destination: '/c' }]), []);
  assert.deepEqual(loops([{ source: '/a/index', destination: '/a/b' }]), []);
  assert.deepEqual(loops([{ source: '/guides/index', destination: '/c' }]), []);
});

test('shadowed-redirect: an exact source that a page file serves, in any of its forms', () => {
  const message = (source: string, page: string) => `'${source}' is redirected to '/c' and is also the page ${page}: the page and the redirect claim one URL and readers get only one; remove the redirect, or the page`;
  assert.deepEqual(shadowed([{ source: '/a', destination: '/c' }], { 'a.mdx': '' }), [['"/a"', 'warning', message('/a', 'a.mdx')]]);
  assert.deepEqual(shadowed([{ source: '/a/', destination: '/c' }], { 'a/index.md': '' }), [['"/a/"', 'warning', message('/a/', 'a/index.md')]]);
  assert.deepEqual(shadowed([{ source: '/a/index', destination: '/c' }], { 'a.mdx': '' }), [['"/a/index"', 'warning', message('/a/index', 'a.mdx')]]);
  assert.deepEqual(shadowed([{ source: '/docs/a', destination: '/c' }], { 'a.mdx': '' }, {}).length, 0, 'without a base path, /docs/a is no page');
});

test('shadowed-redirect quiet twin: a source no page serves, a folder, a pattern over pages, a snippet file', () => {
  assert.deepEqual(shadowed([{ source: '/old', destination: '/c' }]), []);
  assert.deepEqual(shadowed([{ source: '/guides', destination: '/c' }], { 'guides/a.mdx': '' }), [], 'a folder without an index page');
  assert.deepEqual(shadowed([{ source: '/guides/:slug*', destination: '/c' }], { 'guides/a.mdx': '' }), [], 'a pattern');
  assert.deepEqual(shadowed([{ source: '/a#x', destination: '/c' }], { 'a.mdx': '' }), [], "with '#': redirect-source's");
});
