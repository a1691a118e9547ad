// Completion of icon names (the library the site uses) and font families, from the name lists the build writes.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { openSite } from './helpers';

const NAME_LISTS = path.resolve(__dirname, '../../dist/server/name-lists.json');

function labels(marked: string): { labels: string[]; detail?: string; incomplete: boolean } {
  const site = openSite(marked, { files: ['a.mdx'], service: { nameLists: NAME_LISTS } });
  const list = site.service.complete(site.project, site.uri, site.position, {});
  assert.ok(list);
  return { labels: list.items.map((i) => i.label), detail: list.items[0]?.detail, incomplete: list.isIncomplete };
}

test('icons: Font Awesome names by default, those starting with what is typed first, then those holding it', () => {
  const found = labels('{ "navigation": { "tabs": [{ "tab": "A", "icon": "rock|", "pages": ["a"] }] } }');
  assert.equal(found.labels[0], 'rocket');
  assert.equal(found.detail, 'Font Awesome icon');
  const holding = labels('{ "navigation": { "groups": [{ "group": "A", "icon": "arrow-up|", "pages": ["a"] }] } }').labels;
  assert.ok(holding.indexOf('arrow-up') < holding.indexOf('circle-arrow-up') && holding.includes('circle-arrow-up'), holding.slice(0, 8).join(' '));
});

test("icons: the site's icons.library picks the list (Lucide, Tabler); an icon object's own library wins", () => {
  const lucide = labels('{ "icons": { "library": "lucide" }, "navigation": { "anchors": [{ "anchor": "A", "icon": "circle-check|", "pages": ["a"] }] } }');
  assert.deepEqual([lucide.labels[0], lucide.detail], ['circle-check', 'Lucide icon']);
  assert.ok(labels('{ "icons": { "library": "tabler" }, "navbar": { "links": [{ "label": "x", "href": "/a", "icon": "brand-git|" }] } }').labels.includes('brand-github'));
  const own = labels('{ "navigation": { "tabs": [{ "tab": "A", "icon": { "library": "tabler", "name": "home|" }, "pages": ["a"] }] } }');
  assert.deepEqual([own.labels[0], own.detail], ['home', 'Tabler icon']);
});

test('icons: with nothing typed, the list is cut and marked incomplete (5,000 Tabler names)', () => {
  const all = labels('{ "icons": { "library": "tabler" }, "navigation": { "tabs": [{ "tab": "A", "icon": "|", "pages": ["a"] }] } }');
  assert.equal(all.labels.length, 300);
  assert.equal(all.incomplete, true);
});

test('fonts: `family` of fonts, headings, body and thumbnails offers the Google Fonts families', () => {
  for (const marked of ['{ "fonts": { "family": "Inte|" } }', '{ "fonts": { "heading": { "family": "Inte|" } } }', '{ "thumbnails": { "fonts": { "family": "Inte|" } } }']) {
    const found = labels(marked);
    assert.equal(found.labels[0], 'Inter', marked);
    assert.equal(found.detail, 'Google Fonts family');
  }
});

test('a name list that cannot be read offers nothing, and breaks nothing', () => {
  const site = openSite('{ "navigation": { "tabs": [{ "tab": "A", "icon": "rock|", "pages": ["a"] }] } }', { files: ['a.mdx'], service: { nameLists: '/nonexistent/name-lists.json' } });
  assert.deepEqual(site.service.complete(site.project, site.uri, site.position, {})?.items, []);
});
