// Moving page files: the entries that name them are rewritten, in docs.json and in `$ref` parts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openSite, Site } from './helpers';

/**
 * The files' texts after the edits for moving `from` to `to` (paths relative to the docs folder), or null for no
 * edit; the redirects from the old URLs are left out (rename-redirects.test.ts).
 */
function afterMoving(site: Site, from: string, to: string): Record<string, string> | null {
  const changes = site.service.renameEdits([{ oldUri: site.uriOf(from), newUri: site.uriOf(to) }]);
  return changes && Object.keys(changes.update).length ? site.apply({ changes: changes.update }) : null;
}

test('moving a page file rewrites every entry for it, a group `root` and `$ref` parts included, keeping a leading slash', () => {
  const marked = '{ "navigation": { "groups": [{ "group": "A", "root": "guides/setup", "pages": ["guides/setup", "intro", "/guides/setup", { "$ref": "more.json" }] }] } }';
  const site = openSite(marked, { files: { 'more.json': '{ "group": "More", "pages": ["guides/setup", "guides/setup-old"] }', 'guides/setup.mdx': '', 'guides/setup-old.mdx': '', 'intro.mdx': '' } });
  assert.deepEqual(afterMoving(site, 'guides/setup.mdx', 'start/install.mdx'), {
    'docs.json': '{ "navigation": { "groups": [{ "group": "A", "root": "start/install", "pages": ["start/install", "intro", "/start/install", { "$ref": "more.json" }] }] } }',
    'more.json': '{ "group": "More", "pages": ["start/install", "guides/setup-old"] }',
  });
});

test('moving a folder rewrites the pages inside it, its index page included, and not a folder that only shares its prefix', () => {
  const site = openSite('{ "navigation": { "pages": ["guides", "guides/a", "guides/deep/b", "guidesx/c"] } }', {
    files: ['guides/index.mdx', 'guides/a.mdx', 'guides/deep/b.md', 'guidesx/c.mdx'],
  });
  assert.deepEqual(afterMoving(site, 'guides', 'learn/guides'), {
    'docs.json': '{ "navigation": { "pages": ["learn/guides", "learn/guides/a", "learn/guides/deep/b", "guidesx/c"] } }',
  });
});

test('a move that leaves every page where its entry finds it needs no edit', () => {
  const site = openSite('{ "navigation": { "pages": ["intro"] } }', { files: ['intro.mdx', 'logo.png', 'other.mdx'] });
  assert.equal(afterMoving(site, 'intro.mdx', 'intro.md'), null, 'the same page, another extension');
  assert.equal(afterMoving(site, 'logo.png', 'logo2.png'), null, 'not a page');
  assert.equal(afterMoving(site, 'other.mdx', 'elsewhere.mdx'), null, 'a page no entry names');
});

test("the edits apply to the editor's unsaved text of docs.json", () => {
  const site = openSite('{ "navigation": { "pages": ["a"] } }', { files: ['a.mdx'] });
  site.change('{ "navigation": { "pages": ["new", "a"] } }');
  assert.deepEqual(afterMoving(site, 'a.mdx', 'b.mdx'), { 'docs.json': '{ "navigation": { "pages": ["new", "b"] } }' });
});
