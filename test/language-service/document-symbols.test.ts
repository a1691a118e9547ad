// The outline of docs.json (and of a `$ref` part): its navigation tree, each element named by its label.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DocumentSymbol } from 'vscode-languageserver-types';
import { openSite, Site } from './helpers';
import { SITE_DOCS_JSON, SITE_FILES } from './sites';

type Outline = (string | { [element: string]: Outline })[];

/** The outline as `kind:name` entries, with children under their parent. */
function outlineOf(site: Site, relative: string): Outline {
  const symbols = site.service.documentSymbols(site.project, site.uriOf(relative));
  assert.ok(symbols, 'an answer');
  const name = (s: DocumentSymbol) => [s.detail, s.name].filter(Boolean).join(':');
  const shape = (list: DocumentSymbol[]): Outline => list.map((s) => (s.children?.length ? { [name(s)]: shape(s.children) } : name(s)));
  return shape(symbols);
}

test('the outline is the navigation tree; the anchor written in a `$ref` file is left to that file', () => {
  const site = openSite(SITE_DOCS_JSON, { files: SITE_FILES });
  const [navigation] = outlineOf(site, 'docs.json') as { [element: string]: Outline }[];
  assert.deepEqual(navigation['navigation'], [
    { 'anchor:Guides': [{ 'group:Start': ['page:intro', { 'group:Setup': ['page:guides', 'page:guides/setup'] }, 'page:gone'] }] },
    {
      'anchor:API': ['endpoint:GET /users/{id}', 'endpoint:POST /users', { 'group:Orders': ['endpoint:DELETE /orders/{id}', 'endpoint:GET /nothing'] }],
    },
  ]);
  assert.deepEqual(outlineOf(site, 'anchors/changelog.json'), [{ 'anchor:Changelog': ['page:changelog/2026'] }]);
});

test('an element spans its object and is selected by its label; one without a label is named for its kind', () => {
  const site = openSite('{ "navigation": { "groups": [{ "group": "Start", "pages": [] }, { "group": " ", "pages": [] }] } }');
  const [start, unnamed] = site.service.documentSymbols(site.project, site.uri)![0].children!;
  assert.deepEqual(start.range, site.rangeOf('{ "group": "Start", "pages": [] }'));
  assert.deepEqual(start.selectionRange, site.rangeOf('"Start"'));
  assert.equal(unnamed.name, '(group without a name)');
});

test('a name of a million characters shows cut in the outline and the Docs view, its length said', () => {
  const long = 'x'.repeat(1_000_000);
  const site = openSite(`{ "${long}": 1, "navigation": { "groups": [{ "group": "${long}", "pages": ["intro"] }] } }`, { files: ['intro.mdx'] });
  const symbols = site.service.documentSymbols(site.project, site.uri)!;
  const names = [symbols[0].name, symbols[1].children![0].name, site.service.navigationTree(site.project)[0].label];
  for (const name of names) {
    assert.ok(name.length <= 200, `${name.length} characters`);
    assert.match(name, /^x+… \(1,000,000 characters\)$/);
  }
});
