// The outline covers all of docs.json (theme, colors, navbar, redirects…), not only the navigation; each kind of
// navigation element has the icon the Docs view shows for it (one mapping, `elementIcon`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DocumentSymbol, SymbolKind } from 'vscode-languageserver-types';
import { elementIcon } from '../../server/src/protocol/element-icons';
import { openSite } from './helpers';

const DOCS_JSON = `{
  "theme": "mint",
  "name": "Acme",
  "colors": { "primary": "#0B7D62" },
  "navbar": { "links": [{ "label": "Blog", "href": "https://acme.dev/blog" }] },
  "navigation": {
    "languages": [{ "language": "en", "tabs": [{ "tab": "Guides", "groups": [{ "group": "Start", "pages": ["intro"] }] }] }]
  },
  "redirects": [{ "source": "/old", "destination": "/intro" }]
}`;

const KIND_NAME = new Map<number, string>(Object.entries(SymbolKind).map(([name, kind]) => [kind as number, name]));

/** `name (kind)` of each symbol, children after. */
function shapeOf(symbols: DocumentSymbol[]): unknown[] {
  return symbols.map((s) => {
    const own = `${s.name} (${KIND_NAME.get(s.kind)})`;
    return s.children?.length ? { [own]: shapeOf(s.children) } : own;
  });
}

test('the outline lists every key of docs.json, the navigation as its tree of elements', () => {
  const site = openSite(DOCS_JSON, { files: ['intro.mdx'] });
  const symbols = site.service.documentSymbols(site.project, site.uri)!;
  assert.deepEqual(shapeOf(symbols), [
    'theme (String)',
    'name (String)',
    { 'colors (Object)': ['primary (String)'] },
    { 'navbar (Object)': [{ 'links (Array)': [{ 'Blog (Object)': ['label (String)', 'href (String)'] }] }] },
    { 'navigation (Struct)': [{ 'en (TypeParameter)': [{ 'Guides (Class)': [{ 'Start (Array)': ['intro (File)'] }] }] }] },
    { 'redirects (Array)': [{ '/old (Object)': ['source (String)', 'destination (String)'] }] },
  ]);
  assert.equal(symbols[2].children![0].detail, '"#0B7D62"');
  assert.deepEqual(symbols[0].range, site.rangeOf('"theme": "mint"'));
  assert.deepEqual(symbols[0].selectionRange, site.rangeOf('"theme"'));
});

test('outline and Docs view share one icon per element kind: no `abc` for languages, no `{}` for tabs and groups', () => {
  for (const kind of ['language', 'tab', 'group'] as const) {
    assert.ok(!([SymbolKind.String, SymbolKind.Namespace, SymbolKind.Module, SymbolKind.Object] as SymbolKind[]).includes(elementIcon(kind).symbolKind), kind);
  }
  assert.deepEqual(elementIcon('tab'), { symbolKind: SymbolKind.Class, codicon: 'symbol-class', color: 'symbolIcon.classForeground' });
  assert.deepEqual(elementIcon('navigation'), { symbolKind: SymbolKind.Struct, codicon: 'symbol-structure', color: 'symbolIcon.structForeground' });
  assert.equal(elementIcon('menu-item').color, 'symbolIcon.enumMemberForeground');
});

test('a key whose value a `$ref` pulls in spans its key; the parts of that file are in its own outline', () => {
  const site = openSite('{ "navbar": { "$ref": "navbar.json" }, "navigation": { "pages": ["intro"] } }', {
    files: { 'intro.mdx': '', 'navbar.json': { links: [{ label: 'Blog', href: 'https://acme.dev/blog' }] } },
  });
  const [navbar] = site.service.documentSymbols(site.project, site.uri)!;
  assert.equal(navbar.name, 'navbar');
  assert.deepEqual(navbar.range, site.rangeOf('"navbar"'));
  assert.deepEqual(navbar.children, [], 'no part of navbar.json in the outline of docs.json');
  assert.deepEqual(shapeOf(site.service.documentSymbols(site.project, site.uriOf('navbar.json'))!), [
    { 'links (Array)': [{ 'Blog (Object)': ['label (String)', 'href (String)'] }] },
  ]);
});

test('a list pulled in by `$ref` (redirects, as meilisearch writes them) adds nothing of its file to the outline of docs.json', () => {
  const site = openSite('{ "navigation": { "pages": ["intro"] },\n  "redirects": { "$ref": "./config/redirects.json" } }', {
    files: { 'intro.mdx': '', 'config/redirects.json': [{ source: '/old-and-long-enough', destination: '/intro' }, { source: '/b', destination: '/intro' }] },
  });
  const symbols = site.service.documentSymbols(site.project, site.uri)!;
  const redirects = symbols.find((s) => s.name === 'redirects')!;
  assert.deepEqual(redirects.children, []);
  assert.deepEqual(redirects.range, site.rangeOf('"redirects"'));
  assert.deepEqual(shapeOf(site.service.documentSymbols(site.project, site.uriOf('config/redirects.json'))!), [
    { '/old-and-long-enough (Object)': ['source (String)', 'destination (String)'] },
    { '/b (Object)': ['source (String)', 'destination (String)'] },
  ]);
});
