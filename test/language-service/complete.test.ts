// Completion in docs.json: keys from the schema, page paths, endpoints of the inherited spec, and values.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextEdit } from 'vscode-languageserver-types';
import { ORDERS_JSON, USERS_YAML } from '../lsp/helpers/fixtures';
import { openSite, SiteSetup } from './helpers';

interface ExpectedCompletion {
  /** Every label, in the order the editor shows them before filtering (by sortText, then label). */
  items?: string[];
  /** The labels shown first, in order. */
  first?: string[];
  including?: string[];
  excluding?: string[];
  /** The `detail` of some items, by label. */
  details?: Record<string, string>;
  /** The marked file after accepting the item of a label (its edit and additional edits). */
  accepting?: Record<string, string>;
}

/** Completes at the marker of `marked` and checks what is offered. */
function testCompletion(marked: string, setup: SiteSetup & { snippets?: boolean }, expected: ExpectedCompletion): void {
  const site = openSite(marked, setup);
  const list = site.service.complete(site.project, site.uri, site.position, { snippets: setup.snippets });
  assert.ok(list, 'a completion list');
  const items = [...list.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
  const labels = items.map((i) => i.label);
  if (expected.items) assert.deepEqual(labels, expected.items);
  if (expected.first) assert.deepEqual(labels.slice(0, expected.first.length), expected.first);
  for (const label of expected.including ?? []) assert.ok(labels.includes(label), `'${label}' is offered in ${JSON.stringify(labels)}`);
  for (const label of expected.excluding ?? []) assert.ok(!labels.includes(label), `'${label}' is not offered in ${JSON.stringify(labels)}`);
  const item = (label: string) => items.find((i) => i.label === label) ?? assert.fail(`no item '${label}' in ${JSON.stringify(labels)}`);
  for (const [label, detail] of Object.entries(expected.details ?? {})) assert.equal(item(label).detail, detail, `detail of '${label}'`);
  for (const [label, text] of Object.entries(expected.accepting ?? {})) {
    const accepted = item(label);
    const edits = [accepted.textEdit as TextEdit, ...(accepted.additionalTextEdits ?? [])];
    assert.equal(site.apply({ changes: { [site.uri]: edits } })[setup.at ?? 'docs.json'], text, `after accepting '${label}'`);
  }
}

const PAGES = ['intro.mdx', 'quickstart.mdx', 'guides/setup.mdx', 'guides/deploy/index.md', 'reference/cli.mdx', 'logo.png'];

test('keys: an empty group offers its keys from the schema, the required `group` and `pages` first', () => {
  testCompletion('{ "navigation": { "groups": [{ | }] } }', {}, {
    first: ['group', 'pages'],
    including: ['icon', 'tag', 'expanded', 'root', 'openapi'],
    excluding: ['tab', 'anchor', 'item'],
    details: { group: 'required', pages: 'required' },
    accepting: { group: '{ "navigation": { "groups": [{ "group": "" }] } }', expanded: '{ "navigation": { "groups": [{ "expanded": false }] } }' },
  });
});

test('keys: a client that takes snippets gets placeholders, a choice for booleans', () => {
  testCompletion('{ "navigation": { "groups": [{ | }] } }', { snippets: true }, {
    accepting: {
      group: '{ "navigation": { "groups": [{ "group": "$1" }] } }',
      pages: '{ "navigation": { "groups": [{ "pages": [$1] }] } }',
      expanded: '{ "navigation": { "groups": [{ "expanded": ${1|true,false|} }] } }',
    },
  });
});

test('keys: each element holds one type of child per level: a tab holding groups is offered no other child type', () => {
  testCompletion('{ "navigation": { "tabs": [{ "tab": "Home", "groups": [], | }] } }', {}, {
    including: ['icon', 'openapi', 'href'],
    excluding: ['tab', 'groups', 'pages', 'anchors', 'menu', 'dropdowns', 'products', 'versions', 'languages'],
  });
});

test('keys: the navigation root holds one primary pattern: beside `pages` only `global` and `openapi` are offered', () => {
  testCompletion('{ "navigation": { "pages": [], | } }', {}, { items: ['global', 'openapi'] });
});

test('keys: a key typed right after a value gets the missing comma', () => {
  testCompletion('{ "navigation": { "groups": [{ "group": "G" "pa|" }] } }', {}, {
    accepting: { pages: '{ "navigation": { "groups": [{ "group": "G", "pages": [] }] } }' },
  });
});

test('keys: a key inserted before another one gets the comma after it, and one typed on a line of its own before the next key too', () => {
  testCompletion('{\n  "theme": "mint",\n  |\n  "name": "x"\n}', {}, {
    accepting: { navbar: '{\n  "theme": "mint",\n  "navbar": {},\n  "name": "x"\n}' },
  });
  testCompletion('{\n  "theme": "mint",\n  "nav|"\n  "name": "x"\n}', {}, {
    accepting: { navbar: '{\n  "theme": "mint",\n  "navbar": {},\n  "name": "x"\n}' },
  });
  testCompletion('{\n  "theme": "mint",\n  "colors": { "primary": "#000" }\n  |\n}', {}, {
    accepting: { navbar: '{\n  "theme": "mint",\n  "colors": { "primary": "#000" },\n  "navbar": {}\n}' },
  });
});

test('keys: no key the object holds already, those written after a half-typed key included', () => {
  testCompletion('{\n  "theme": "mint",\n  "|"\n  "name": "x",\n  "navigation": { "pages": [] }\n}', {}, {
    including: ['navbar', 'colors'],
    excluding: ['theme', 'name', 'navigation', 'pages'],
  });
  testCompletion('{\n  "theme": "mint",\n  "na|\n  "colors": { "primary": "#000" },\n  "name": "x"\n}', {}, { including: ['navbar'], excluding: ['name', 'colors'] });
});

test('pages: the page paths that match what is typed', () => {
  testCompletion('{ "navigation": { "pages": ["gu|"] } }', { files: ['guides/setup.mdx', 'intro.mdx'] }, { items: ['guides/setup'] });
  testCompletion('{ "navigation": { "pages": ["ref|"] } }', { files: PAGES }, { items: ['reference/cli'] });
});

test('pages: pages no entry reaches yet come first, each part sorted; a folder index is offered as its folder', () => {
  testCompletion('{ "navigation": { "pages": ["quickstart", "guides/setup", "|"] } }', { files: PAGES }, {
    items: ['guides/deploy', 'intro', 'reference/cli', 'guides/setup', 'quickstart'],
    details: { intro: 'page, not in the navigation yet', quickstart: 'page' },
    accepting: { intro: '{ "navigation": { "pages": ["quickstart", "guides/setup", "intro"] } }' },
  });
});

test('pages: in an empty spot after an entry, the page is inserted quoted, with the missing comma', () => {
  testCompletion('{ "navigation": { "pages": [ "intro" | ] } }', { files: PAGES }, {
    accepting: { quickstart: '{ "navigation": { "pages": [ "intro", "quickstart" ] } }' },
  });
});

test("pages: a group's `root` is completed with page paths", () => {
  testCompletion('{ "navigation": { "groups": [{ "group": "G", "root": "setu|", "pages": [] }] } }', { files: PAGES }, { items: ['guides/setup'] });
});

test('pages: a folder index written `v3/get-started/index` is offered in the form being typed', () => {
  testCompletion(
    '{ "navigation": { "pages": ["v3/get-started/index", "v3/get-started/ind|"] } }',
    { files: ['v3/get-started/index.mdx', 'v3/get-started/install.mdx'] },
    { including: ['v3/get-started/index'] },
  );
});

test('endpoints: a group inherits the `openapi` of its tab: the spec\'s endpoints come first, with their summary', () => {
  const tabs = '{ "navigation": { "tabs": [{ "tab": "Users", "openapi": "api/users.yaml", "groups": [{ "group": "G", "pages": ["|"] }] }] } }';
  testCompletion(tabs, { files: { 'api/users.yaml': USERS_YAML, 'intro.mdx': '' } }, {
    items: ['GET /users', 'POST /users', 'GET /users/{id}', 'intro'],
    details: { 'GET /users': 'List users', 'POST /users': 'Create a user', 'GET /users/{id}': 'Get a user' },
  });
});

test('endpoints: in an empty spot of `pages` an endpoint is inserted quoted; without a spec only pages are offered', () => {
  const files = { 'api/orders.json': ORDERS_JSON, 'intro.mdx': '' };
  testCompletion('{ "navigation": { "openapi": "/api/orders.json", "pages": [|] } }', { files }, {
    including: ['GET /orders', 'DELETE /orders/{id}'],
    accepting: { 'DELETE /orders/{id}': '{ "navigation": { "openapi": "/api/orders.json", "pages": ["DELETE /orders/{id}"] } }' },
  });
  testCompletion('{ "navigation": { "pages": [|] } }', { files }, { items: ['intro'] });
});

test('endpoints: an `x-excluded` operation is not offered (the platform gives it no page); an `x-hidden` one is', () => {
  const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 'A', version: '1' }, paths: { '/a': { get: { summary: 'A' }, post: { summary: 'B', 'x-excluded': true }, put: { summary: 'C', 'x-hidden': true } } } });
  testCompletion('{ "navigation": { "openapi": "api.json", "pages": ["|"] } }', { files: { 'api.json': spec } }, { items: ['GET /a', 'PUT /a'] });
});

test('values: `language` offers the supported language codes, then the extra codes of the settings', () => {
  // SPEC's codes the platform accepts too (not `ua`, which it refuses).
  const codes = ['ar', 'cs', 'cn', 'zh-Hant', 'nl', 'en', 'fr', 'de', 'he', 'hi', 'id', 'it', 'jp', 'ko', 'lv', 'no', 'pl', 'pt-BR', 'ro', 'ru', 'es', 'sv', 'tr', 'uz', 'vi'];
  const marked = '{ "navigation": { "languages": [{ "language": "f|", "pages": [] }] } }';
  testCompletion(marked, {}, { items: codes, accepting: { fr: '{ "navigation": { "languages": [{ "language": "fr", "pages": [] }] } }' } });
  testCompletion(marked, { settings: { extraLanguageCodes: ['x-custom'] } }, { items: [...codes, 'x-custom'] });
});

test('values: `styling.eyebrows` offers its values; `breadcrumbs` enables breadcrumbs', () => {
  testCompletion('{ "styling": { "eyebrows": "|" }, "navigation": { "pages": [] } }', {}, {
    items: ['section', 'breadcrumbs'],
    accepting: { breadcrumbs: '{ "styling": { "eyebrows": "breadcrumbs" }, "navigation": { "pages": [] } }' },
  });
});

test('values: booleans (`interaction.drilldown`, a group\'s `expanded`) offer true and false, replacing what is typed', () => {
  testCompletion('{ "interaction": { "drilldown": | }, "navigation": { "pages": [] } }', {}, { items: ['false', 'true'] });
  testCompletion('{ "navigation": { "groups": [{ "group": "G", "expanded": t|, "pages": [] }] } }', {}, {
    accepting: { true: '{ "navigation": { "groups": [{ "group": "G", "expanded": true, "pages": [] }] } }' },
  });
});

test('values: `openapi` offers the spec files of the folder, not docs.json or package.json', () => {
  const files = { 'api/openapi.yaml': USERS_YAML, 'spec/other.json': ORDERS_JSON, 'package.json': '{}' };
  testCompletion('{ "navigation": { "openapi": "|", "pages": [] } }', { files }, { items: ['api/openapi.yaml', 'spec/other.json'] });
});

test('$ref: inside a file pulled in by `$ref`, keys and pages are completed as in docs.json', () => {
  const files = { 'docs.json': { navigation: { tabs: [{ $ref: 'tabs/api.json' }] } }, 'guides/setup.mdx': '', 'intro.mdx': '' };
  testCompletion('{ "tab": "API", "groups": [{ "group": "G", "pages": ["gu|"] }] }', { at: 'tabs/api.json', files }, {
    items: ['guides/setup'],
    accepting: { 'guides/setup': '{ "tab": "API", "groups": [{ "group": "G", "pages": ["guides/setup"] }] }' },
  });
  testCompletion('{ "tab": "API", "groups": [{ "group": "G", | }] }', { at: 'tabs/api.json', files }, { including: ['pages', 'expanded'], excluding: ['group', 'tab'] });
});

test('a docs folder whose settings disable the tooling gets no completion', () => {
  const site = openSite('{ "navigation": { "pages": ["|"] } }', { files: PAGES, settings: { enable: false } });
  assert.equal(site.service.complete(site.project, site.uri, site.position), null);
});

test('values: an enum value shows what it means beside it (the schema\'s enumDescriptions)', () => {
  const site = openSite('{ "theme": "|" }');
  const list = site.service.complete(site.project, site.uri, site.position, {});
  const mint = list?.items.find((i) => i.label === 'mint');
  assert.match((mint?.documentation as { value: string } | undefined)?.value ?? '', /^The classic layout/);
});
