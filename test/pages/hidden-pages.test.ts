// hidden-false-in-hidden-group (issue 50): `hidden: false` on a page the navigation lists only under a hidden group or
// tab, which the platform's hidden-pages page says puts it back into search, the sitemap and AI context. Its quiet twins.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeDocsRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { siteFindings } from '../helpers/site-findings';

const CODE = 'hidden-false-in-hidden-group';
const page = (extra = '') => `---\ntitle: "Preview"\n${extra}---\n\nText.\n`;
const found = (navigation: unknown, pages: Record<string, string>, extra: Record<string, unknown> = {}) =>
  siteFindings(makeDocsRepo({ 'docs.json': { ...REQUIRED_SETTINGS, ...extra, navigation }, ...pages })).filter((line) => line.includes(` ${CODE} `));

test('flagged: hidden: false (or "false") on a page under a hidden group, a hidden tab, a hidden group inside a searchable tab', () => {
  assert.deepEqual(found({ groups: [{ group: 'Beta', hidden: true, pages: ['beta/preview'] }] }, { 'beta/preview.mdx': page('hidden: false\n') }), ['beta/preview.mdx:3:9 hidden-false-in-hidden-group false']);
  assert.deepEqual(found({ tabs: [{ tab: 'Old', hidden: true, groups: [{ group: 'G', pages: ['old'] }] }] }, { 'old.mdx': page("hidden: 'false'\n") }), ["old.mdx:3:9 hidden-false-in-hidden-group 'false'"]);
  const nested = { tabs: [{ tab: 'Storage', hidden: true, searchable: true, groups: [{ group: 'Internal', hidden: true, pages: ['internal'] }] }] };
  assert.equal(found(nested, { 'internal.mdx': page('hidden: false\n') }).length, 1);
});

test('quiet twin: no hidden key, hidden: true, a visible group, a searchable hidden group, another entry shown, seo.indexing "all", a page no navigation lists', () => {
  const hiddenGroup = { groups: [{ group: 'Beta', hidden: true, pages: ['beta/preview'] }] };
  assert.deepEqual(found(hiddenGroup, { 'beta/preview.mdx': page() }), []);
  assert.deepEqual(found(hiddenGroup, { 'beta/preview.mdx': page('hidden: true\n') }), []);
  assert.deepEqual(found({ groups: [{ group: 'Beta', pages: ['beta/preview'] }] }, { 'beta/preview.mdx': page('hidden: false\n') }), []);
  assert.deepEqual(found({ groups: [{ group: 'Beta', hidden: true, searchable: true, pages: ['beta/preview'] }] }, { 'beta/preview.mdx': page('hidden: false\n') }), []);
  assert.deepEqual(found({ groups: [{ group: 'Beta', hidden: true, pages: ['beta/preview'] }, { group: 'Shown', pages: ['beta/preview'] }] }, { 'beta/preview.mdx': page('hidden: false\n') }), []);
  assert.deepEqual(found(hiddenGroup, { 'beta/preview.mdx': page('hidden: false\n') }, { seo: { indexing: 'all' } }), []);
  assert.deepEqual(found({ pages: ['index'] }, { 'index.mdx': page(), 'loose.mdx': page('hidden: false\n') }), []);
});
