// The sidebar's tree of the navigation: labels, where each element is written, what it opens, its problems.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NavigationTreeNode } from '../../server/src/language';
import { REQUIRED_SETTINGS, REQUIRED_SETTINGS_TEXT as SETTINGS } from '../helpers/docs-repo';
import { ORDERS_JSON, USERS_YAML } from '../lsp/helpers/fixtures';
import { lineOf, openSite, Site } from './helpers';
import { SITE_DOCS_JSON, SITE_FILES } from './sites';

/** The site with the settings the platform requires: their findings would list docs.json under "Other files". */
const SITE = SITE_DOCS_JSON.replace(/\}\s*$/, `${SETTINGS}\n}\n`);

/** Each node as `[kind, label, problems, target]` (target relative, `file:line` for an operation), children after. */
function shapeOf(site: Site, nodes: NavigationTreeNode[]): unknown[] {
  return nodes.map((n) => {
    const target = n.target ? `${site.relativeOf(n.target.uri)}${n.target.range?.start.line ? `:${n.target.range.start.line}` : ''}` : null;
    return [n.kind, n.label, n.problems, target, ...(n.children.length ? [shapeOf(site, n.children)] : [])];
  });
}

test('labels, targets and the problems on each element itself', () => {
  const site = openSite(SITE, { files: { ...SITE_FILES, 'anchors/changelog.json': { anchor: 'Changelog', pages: ['changelog/2026', 'changelog/2027'] } } });
  const [getUser, postUser, deleteOrder] = [lineOf(USERS_YAML, '/users/{id}:') + 1, lineOf(USERS_YAML, 'post:'), lineOf(ORDERS_JSON, '"delete"')];
  // The API section (its own test below) aside.
  assert.deepEqual(shapeOf(site, site.service.navigationTree(site.project).filter((n) => n.kind !== 'specs')), [
    [
      'anchor',
      'Guides',
      0,
      null,
      [['group', 'Start', 0, null, [['page', 'intro', 0, 'intro.mdx'], ['group', 'Setup', 0, null, [['page', 'guides', 0, 'guides/index.md'], ['page', 'guides/setup', 0, 'guides/setup.mdx']]], ['page', 'gone', 1, null]]]],
    ],
    [
      'anchor',
      'API',
      // Its `openapi` lists users.yaml's endpoints one by one and leaves GET /users out (unlisted-endpoints).
      1,
      null,
      [
        ['endpoint', 'GET /users/{id}', 0, `api/users.yaml:${getUser}`],
        ['endpoint', 'POST /users', 0, `api/users.yaml:${postUser}`],
        ['group', 'Orders', 0, null, [['endpoint', 'DELETE /orders/{id}', 0, `api/orders.json:${deleteOrder}`], ['endpoint', 'GET /nothing', 1, null]]],
      ],
    ],
    ['anchor', 'Changelog', 0, null, [['page', 'changelog/2026', 0, 'changelog/2026.mdx'], ['page', 'changelog/2027', 1, null]]],
  ]);
});

test('each element names the file it is written in and its range there', () => {
  const site = openSite(SITE, { files: SITE_FILES });
  const [guides, , changelog] = site.service.navigationTree(site.project);
  const intro = guides.children[0].children[0];
  assert.equal(site.relativeOf(intro.uri), 'docs.json');
  assert.deepEqual(intro.range, site.rangeOf('"intro"'));
  assert.equal(site.relativeOf(changelog.uri), 'anchors/changelog.json');
  assert.equal(site.relativeOf(changelog.children[0].uri), 'anchors/changelog.json');
});

test('a hidden rule counts no problem; a disabled folder has no tree', () => {
  const marked = `{ "navigation": { "pages": ["intro", "intro", "gone"] } ${SETTINGS} }`;
  const counts = (site: Site) => site.service.navigationTree(site.project).map((n) => `${n.label} ${n.problems}`);
  assert.deepEqual(counts(openSite(marked, { files: ['intro.mdx'] })), ['intro 0', 'intro 1', 'gone 1']);
  assert.deepEqual(counts(openSite(marked, { files: ['intro.mdx'], settings: { severity: { 'duplicate-page': 'off', 'missing-page': 'info' } } })), ['intro 0', 'intro 0', 'gone 0']);
  const disabled = openSite(marked, { files: ['intro.mdx'], settings: { enable: false } });
  assert.deepEqual(disabled.service.navigationTree(disabled.project), []);
});

test('redirects: a node after the navigation, one row per entry (`source → destination`) with its problems, each opening its entry', () => {
  const entries = [
    '{ "source": "/start", "destination": "/intro" }',
    '{ "source": "/old", "destination": "/gone" }',
    '{ "source": "/start", "destination": "/elsewhere" }',
    '{ "destination": "/intro" }',
  ];
  const site = openSite(`{ "navigation": { "pages": ["intro"] }, "redirects": [${entries.join(', ')}]${SETTINGS} }`, { files: ['intro.mdx'] });
  const tree = site.service.navigationTree(site.project);
  // /gone lands on nothing; /start twice (and /elsewhere lands on nothing); the last entry has no source.
  assert.deepEqual(shapeOf(site, tree), [
    ['page', 'intro', 0, 'intro.mdx'],
    ['redirects', 'Redirects', 4, null, [['redirect', '/start → /intro', 0, null], ['redirect', '/old → /gone', 1, null], ['redirect', '/start → /elsewhere', 2, null], ['redirect', '? → /intro', 1, null]]],
  ]);
  const [, redirects] = tree;
  assert.deepEqual([site.relativeOf(redirects.uri), redirects.children[1].range], ['docs.json', site.rangeOf(entries[1])]);
  const hidden = openSite(`{ "navigation": { "pages": ["intro"] }, "redirects": [${entries.join(', ')}]${SETTINGS} }`, {
    files: ['intro.mdx'],
    settings: { severity: { 'broken-link': 'off', 'duplicate-redirect': 'info', 'missing-key': 'off' } },
  });
  assert.deepEqual(hidden.service.navigationTree(hidden.project)[1].children.map((n) => n.problems), [0, 0, 0, 0]);
});

test('redirects: written in a `$ref` file, the rows open it there; an empty list shows no node', () => {
  const site = openSite(`{ "navigation": { "pages": ["intro"] }, "redirects": { "$ref": "redirects.json" }${SETTINGS} }`, {
    files: { 'intro.mdx': '', 'redirects.json': [{ source: '/a', destination: '/intro' }] },
  });
  const [, redirects] = site.service.navigationTree(site.project);
  assert.deepEqual([redirects.label, site.relativeOf(redirects.uri), site.relativeOf(redirects.children[0].uri), redirects.children[0].label], ['Redirects', 'redirects.json', 'redirects.json', '/a → /intro']);
  const empty = openSite(`{ "navigation": { "pages": ["intro"] }, "redirects": []${SETTINGS} }`, { files: ['intro.mdx'] });
  assert.deepEqual(empty.service.navigationTree(empty.project).map((n) => n.kind), ['page']);
});

test('a level at a time: the children of the element at a path, with the counts of what is below them', () => {
  const site = openSite(SITE, { files: SITE_FILES });
  const whole = site.service.navigationTree(site.project);
  const level = (path: number[]) => site.service.navigationTree(site.project, path, 1);
  const flat = (nodes: NavigationTreeNode[]) => nodes.map((n) => [n.label, n.children.length, n.childCount, n.grandchildCount]);
  // Guides holds Start, which holds intro, Setup (two pages) and gone.
  assert.deepEqual(flat(level([])), [['Guides', 0, 1, 3], ['API', 0, 3, 2], ['Changelog', 0, 1, 0], ['OpenAPI specs', 0, 2, 5]]);
  assert.deepEqual(flat(level([0, 0])), [['intro', 0, 0, 0], ['Setup', 0, 2, 0], ['gone', 0, 0, 0]]);
  // The same nodes as the whole tree's, but for the children left out.
  const bare = (n: NavigationTreeNode) => ({ ...n, children: [] });
  assert.deepEqual(level([0, 0, 1]), whole[0].children[0].children[1].children.map(bare));
  assert.deepEqual(site.service.navigationTree(site.project, [0], 2), whole[0].children.map((n) => ({ ...n, children: n.children.map(bare) })));
  for (const nowhere of [[4], [0, 5], [0, 0, 0, 0], [99, 0], [3, 2], [3, 0, 0]]) assert.deepEqual(level(nowhere), [], JSON.stringify(nowhere));
  // Under the API section too: a level at a time is the whole tree's nodes without their children.
  assert.deepEqual(level([3, 1]), whole[3].children[1].children.map(bare));
});

test('a level at a time: the redirects are the index after the last section', () => {
  const site = openSite(`{ "navigation": { "pages": ["intro"] }, "redirects": [{ "source": "/a", "destination": "/intro" }, { "source": "/b", "destination": "/gone" }]${SETTINGS} }`, { files: ['intro.mdx'] });
  const [, redirects] = site.service.navigationTree(site.project, [], 1);
  assert.deepEqual([redirects.kind, redirects.children.length, redirects.childCount, redirects.problems], ['redirects', 0, 2, 1]);
  assert.deepEqual(site.service.navigationTree(site.project, [1], 1).map((n) => [n.label, n.problems]), [['/a → /intro', 0], ['/b → /gone', 1]]);
  assert.deepEqual(site.service.navigationTree(site.project, [1, 0], 1), []);
});


test('problem counts follow the check and the settings (they are kept between the requests of one check)', () => {
  const site = openSite(`{ "navigation": { "pages": ["intro", "intro", "gone"] } ${SETTINGS} }`, { files: ['intro.mdx'] });
  const counts = () => site.service.navigationTree(site.project, [], 1).map((n) => n.problems);
  assert.deepEqual(counts(), [0, 1, 1]);
  assert.deepEqual(counts(), [0, 1, 1]);
  site.service.configure(site.project, { ...site.project.settings, severity: { 'missing-page': 'off' } });
  assert.deepEqual(counts(), [0, 1, 0]);
  site.change(`{ "navigation": { "pages": ["intro", "gone", "gone"] } ${SETTINGS} }`);
  site.service.check(site.project);
  assert.deepEqual(counts(), [0, 0, 1], 'the duplicate moved; missing pages stay off');
});

test('every row counts the errors and warnings of its subtree, the findings in its pages\' links once checked', () => {
  const docsJson = JSON.stringify({
    navigation: {
      languages: [
        {
          language: 'en',
          tabs: [
            { tab: 'Guides', groups: [{ group: 'Start', pages: ['intro', 'gone', { group: 'More', pages: ['linked', 'intro'] }] }] },
            { tab: 'Fine', pages: ['fine'] },
          ],
        },
      ],
    },
    ...REQUIRED_SETTINGS,
  });
  const site = openSite(docsJson, { files: { 'intro.mdx': '', 'fine.mdx': '', 'linked.mdx': '[a](/nowhere) and [b](/missing)\n' } });
  const counts = (nodes: NavigationTreeNode[]): unknown[] => nodes.map((n) => [n.label, n.errors, n.warnings, ...(n.children.length ? [counts(n.children)] : [])]);
  const before = counts(site.service.navigationTree(site.project));
  // A missing page (error) counts on its group, tab and language; the duplicate page (a warning) too.
  assert.deepEqual(before, [['en', 1, 1, [['Guides', 1, 1, [['Start', 1, 1, [['intro', 0, 0], ['gone', 1, 0], ['More', 0, 1, [['linked', 0, 0], ['intro', 0, 1]]]]]]], ['Fine', 0, 0, [['fine', 0, 0]]]]]]);
  site.service.checkPages(site.project);
  const [en] = site.service.navigationTree(site.project, [], 1);
  assert.deepEqual([en.errors, en.warnings, en.problems], [3, 1, 0], 'the two broken links of linked.mdx, once its links are checked; `problems` stays the element\'s own');
  const hidden = openSite(docsJson, { files: ['intro.mdx', 'fine.mdx', 'linked.mdx'], settings: { severity: { 'missing-page': 'warning', 'duplicate-page': 'info' } } });
  assert.deepEqual(counts(hidden.service.navigationTree(hidden.project, [], 1)), [['en', 0, 1]], 'severities after the settings');
});

test('a click selects the label of a row, not its element: the label value, a redirect\'s source, the key of the redirects', () => {
  const site = openSite(`{ "navigation": { "tabs": [{ "tab": "Guides", "pages": ["intro"] }, { "pages": ["intro"] }] }, "redirects": [{ "source": "/a", "destination": "/intro" }]${SETTINGS} }`, { files: ['intro.mdx'] });
  const [guides, unnamed, redirects] = site.service.navigationTree(site.project);
  assert.deepEqual(guides.selectionRange, site.rangeOf('"Guides"'));
  assert.deepEqual(guides.children[0].selectionRange, site.rangeOf('"intro"'));
  assert.deepEqual(unnamed.selectionRange, site.rangeOf('"pages"', 2), 'no label: its first key');
  assert.deepEqual(redirects.selectionRange, site.rangeOf('"redirects"'));
  assert.deepEqual(redirects.children[0].selectionRange, site.rangeOf('"/a"'));
});

test('a group without a name is labelled after its first page (by title when it has one)', () => {
  const site = openSite(`{ "navigation": { "groups": [{ "group": " ", "pages": ["intro"] }, { "group": "", "pages": [{ "group": " ", "pages": ["plain"] }] }, { "group": "Named", "pages": ["plain"] }] } ${SETTINGS} }`, {
    files: { 'intro.mdx': '---\ntitle: Welcome\n---\n', 'plain.mdx': '' },
  });
  const rows = site.service.navigationTree(site.project, [], 1).map((n) => [n.label, n.unnamed ?? false]);
  assert.deepEqual(rows, [['Welcome', true], ['plain', true], ['Named', false]]);
});

test('the pages no entry reaches: a "Not in navigation" row after the redirects, opening each file; none when off', () => {
  const text = `{ "navigation": { "pages": ["intro"] }, "redirects": [{ "source": "/a", "destination": "/intro" }]${SETTINGS} }`;
  const files = ['intro.mdx', 'old/b.mdx', 'a.md', 'snippets/s.mdx', 'README.md'];
  const site = openSite(text, { files });
  const top = site.service.navigationTree(site.project, [], 1);
  assert.deepEqual(top.map((n) => [n.kind, n.label, n.childCount]), [['page', 'intro', 0], ['redirects', 'Redirects', 1], ['orphans', 'Not in navigation', 2]]);
  const orphans = site.service.navigationTree(site.project, [2], 1);
  assert.deepEqual(orphans.map((n) => [n.kind, n.label, site.relativeOf(n.target!.uri)]), [['orphan', 'a.md', 'a.md'], ['orphan', 'old/b.mdx', 'old/b.mdx']]);
  assert.deepEqual(site.service.navigationTree(site.project, [2, 0], 1), []);
  const off = openSite(text, { files, settings: { severity: { 'docsJson.orphan': 'off' } } });
  assert.deepEqual(off.service.navigationTree(off.project, [], 1).map((n) => n.kind), ['page', 'redirects']);
});

test('"Not in navigation" counts the errors and warnings in its pages\' links, as the Problems panel lists them, once checked', () => {
  const site = openSite(`{ "navigation": { "pages": ["intro"] }${SETTINGS} }`, { files: { 'intro.mdx': '', 'lost.mdx': '[a](/nowhere) and [b](/missing)\n', 'fine.mdx': '' } });
  site.service.checkPages(site.project);
  const [, orphans] = site.service.navigationTree(site.project, [], 2);
  assert.deepEqual([orphans.label, orphans.errors, orphans.warnings, orphans.problems], ['Not in navigation', 2, 0, 0]);
  assert.deepEqual(orphans.children.map((n) => [n.label, n.errors, n.warnings]), [['fine.mdx', 0, 0], ['lost.mdx', 2, 0]]);
});

test('an endpoint row names the page the platform generates for it and its spec\'s mark (deprecated, x-hidden, x-excluded: no page)', () => {
  const spec = JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'A', version: '1' },
    paths: {
      '/users': { get: { summary: 'List users', tags: ['Team Members'] }, post: { summary: 'Create user', deprecated: true } },
      '/secret': { get: { summary: 'Secret', 'x-hidden': true, 'x-mint': { href: '/custom/secret' } } },
      '/internal': { get: { summary: 'Internal', 'x-excluded': true } },
    },
  });
  const docs = `{ "navigation": { "groups": [{ "group": "API", "openapi": { "source": "api.json", "directory": "reference" }, "pages": ["GET /users", "POST /users", "GET /secret", "GET /nothing", "GET /internal"] }] } ${SETTINGS} }`;
  const site = openSite(docs, { files: { 'api.json': spec } });
  const rows = site.service.navigationTree(site.project)[0].children.map((n) => [n.label, n.pagePath ?? null, n.operationMark ?? null]);
  assert.deepEqual(rows, [
    ['GET /users', 'reference/team-members/list-users', null],
    ['POST /users', 'reference/create-user', 'deprecated'],
    ['GET /secret', 'custom/secret', 'hidden'],
    ['GET /nothing', null, null],
    ['GET /internal', null, 'excluded'],
  ]);
});

test('the API section: per spec, each operation and what gives it a page (entry, generated group, `openapi:` page) or nothing, with the platform\'s page path; no problem counted', () => {
  const listed = JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'A', version: '1' },
    paths: {
      '/users': { get: { summary: 'List users', tags: ['Users'] }, post: { summary: 'Create user', tags: ['Users'] } },
      '/users/{id}': { get: { summary: 'Get user', tags: ['Users'] }, delete: { summary: 'Delete user', tags: ['Users'], 'x-excluded': true } },
      '/old': { get: { summary: 'Old', deprecated: true } },
    },
  });
  const whole = JSON.stringify({ openapi: '3.1.0', info: { title: 'B', version: '1' }, paths: { '/ping': { get: { summary: 'Ping' } } } });
  const docs = `{ "navigation": { "groups": [
    { "group": "Users", "openapi": { "source": "users.json", "directory": "reference" }, "pages": ["GET /users", "guides/get-user"] },
    { "group": "Health", "openapi": "health.json" }
  ] } ${SETTINGS} }`;
  const site = openSite(docs, { files: { 'users.json': listed, 'health.json': whole, 'guides/get-user.mdx': '---\ntitle: Get\nopenapi: "GET /users/{id}"\n---\n' } });
  const top = site.service.navigationTree(site.project, [], 1);
  const section = top[top.length - 1];
  assert.deepEqual([section.kind, section.label, section.childCount, section.errors, section.warnings], ['specs', 'OpenAPI specs', 2, 0, 0]);
  const at = top.length - 1;
  const specs = site.service.navigationTree(site.project, [at], 1);
  assert.deepEqual(specs.map((s) => [s.kind, s.label, s.childCount, s.uncovered, s.target?.uri]), [
    ['spec', 'users.json', 5, 2, site.uriOf('users.json')],
    ['spec', 'health.json', 1, 0, site.uriOf('health.json')],
  ]);
  const rows = (index: number) => site.service.navigationTree(site.project, [at, index], 1).map((n) => [n.kind, n.label, n.coverage, n.pagePath ?? null, n.coveredByPage ?? null, n.operationMark ?? null]);
  assert.deepEqual(rows(0), [
    ['operation', 'GET /users', 'entry', 'reference/users/list-users', null, null],
    ['operation', 'POST /users', 'none', 'reference/users/create-user', null, null],
    ['operation', 'GET /users/{id}', 'page', 'guides/get-user', 'guides/get-user.mdx', null],
    ['operation', 'DELETE /users/{id}', 'none', null, null, 'excluded'],
    ['operation', 'GET /old', 'none', 'reference/old', null, 'deprecated'],
  ]);
  assert.deepEqual(rows(1), [['operation', 'GET /ping', 'generated', 'api-reference/ping', null, null]]);
  // An operation row opens the spec where the operation is written.
  const [first] = site.service.navigationTree(site.project, [at, 0], 1);
  assert.equal(first.target?.uri, site.uriOf('users.json'));
  assert.deepEqual(first.target?.range?.start, { line: 0, character: listed.indexOf(`"get"`) }, "the operation's key in the one-line spec");
  // The whole tree at once holds the same rows.
  const all = site.service.navigationTree(site.project);
  assert.deepEqual(all[all.length - 1].children.map((s) => s.children.length), [5, 1]);
});

test('quiet twin: no API section for a site whose docs.json names no local spec (a remote one aside)', () => {
  const site = openSite(`{ "navigation": { "groups": [{ "group": "API", "openapi": "https://example.com/openapi.json", "pages": ["intro"] }] } ${SETTINGS} }`, { files: { 'intro.mdx': '' } });
  assert.deepEqual(site.service.navigationTree(site.project, [], 1).map((n) => n.kind), ['group']);
});
