// api-coverage (issue 51): operations of a spec the navigation lists one by one but leaves out (with their generated
// page paths), listed operations the spec marks deprecated or x-hidden, two copies of one spec that differ; the
// fix that lists the missing endpoints by tag. Each with its quiet twins.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { rule } from '../../server/src/checker/rules/api-coverage/rule';
import { readSpec } from '../../server/src/checker/openapi/openapi-spec';
import { packSpec, unpackSpec } from '../../server/src/checker/openapi/packed-spec';
import { checkRepo, findingsOf, findingsWithCode, makeDocsRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { siteFindings } from '../helpers/site-findings';

const ok = { '200': { description: 'OK' } };
const op = (summary: string, tags: string[] = [], extra: Record<string, unknown> = {}) => ({ summary, ...(tags.length ? { tags } : {}), responses: ok, ...extra });
const spec = (paths: Record<string, unknown>, webhooks?: Record<string, unknown>) => ({ openapi: '3.1.0', info: { title: 'Acme', version: '1' }, paths, ...(webhooks ? { webhooks } : {}) });

const USERS = spec({
  '/users': { get: op('List users', ['Users']), post: op('Create user', ['Users']) },
  '/users/{id}': { get: op('Get user', ['Users']), delete: op('Delete user', ['Users'], { deprecated: true }) },
  '/orders': { get: op('List orders', ['Orders']) },
  '/internal': { get: op('Internal', ['Users'], { 'x-hidden': true }) },
  '/own': { get: op('Own page', ['Users'], { 'x-mint': { href: '/custom/own-page' } }) },
});

const site = (navigation: unknown, files: Record<string, unknown> = {}) => checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation }, 'openapi.json': USERS, ...files });
const codes = ['unlisted-endpoints', 'deprecated-endpoint', 'hidden-endpoint', 'spec-copies-differ'];
const ours = (findings: ReturnType<typeof checkRepo>) => findings.filter((f) => codes.includes(f.code)).map((f) => [f.code, f.text, f.message]);

test('the operations a spec listed one by one leaves out are named with their generated page paths, on the spec that lists them', () => {
  const found = ours(site({ groups: [{ group: 'Users', openapi: { source: 'openapi.json', directory: 'api' }, pages: ['GET /users'] }] }));
  assert.deepEqual(found, [
    [
      'unlisted-endpoints',
      '"openapi.json"',
      '4 operations of openapi.json are in no navigation entry, and the navigation lists this spec\'s endpoints one by one: POST /users (/api/users/create-user), GET /users/{id} (/api/users/get-user), GET /orders (/api/orders/list-orders), GET /own (/custom/own-page)',
    ],
  ]);
});

test('quiet twin: every operation listed (deprecated and x-hidden ones may be left out), by entries and by a page with `openapi:` front matter', () => {
  const listed = ['GET /users', 'POST /users', 'GET /users/{id}', 'GET /orders', 'guides/own'];
  assert.deepEqual(ours(site({ groups: [{ group: 'API', openapi: 'openapi.json', pages: listed }] }, { 'guides/own.mdx': '---\ntitle: Own\nopenapi: "GET /own"\n---\n' })), []);
});

test('quiet twin: a spec generated whole, a spec named but listed nowhere one by one, a remote spec', () => {
  assert.deepEqual(ours(site({ groups: [{ group: 'API', openapi: 'openapi.json' }, { group: 'More', openapi: 'openapi.json', pages: ['GET /users'] }] })), [], 'a group with the spec and no pages generates every page');
  assert.deepEqual(ours(site({ groups: [{ group: 'Guides', pages: ['intro'] }] }, { 'intro.mdx': '' }).concat()), [], 'no endpoint entry');
  assert.deepEqual(ours(checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'API', openapi: 'https://example.com/openapi.json', pages: ['GET /users'] }] } } })), []);
});

test('listed operations the spec marks deprecated (information) or x-hidden (a warning) are flagged on their entries; the others are not', () => {
  const findings = site({ groups: [{ group: 'API', openapi: 'openapi.json', pages: ['GET /users', 'POST /users', 'GET /users/{id}', 'DELETE /users/{id}', 'GET /internal', 'GET /orders', 'GET /own'] }] });
  assert.deepEqual(
    findings.filter((f) => codes.includes(f.code)).map((f) => [f.code, f.severity, f.text]),
    [
      ['deprecated-endpoint', 'info', '"DELETE /users/{id}"'],
      ['hidden-endpoint', 'warning', '"GET /internal"'],
    ],
  );
});

test('an x-excluded operation has no page: unlisted-endpoints does not ask for it; an entry or an `openapi:` page naming it is one finding; no generated page to link to', () => {
  const excluded = spec({
    '/users': { get: op('List users', ['Users']) },
    '/secret': { get: op('Secret', ['Users'], { 'x-excluded': true, deprecated: true, 'x-hidden': true }) },
    '/plain': { get: op('Plain', ['Users'], { 'x-excluded': false }) },
  });
  const docs = (pages: string[]) => ({ ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'API', openapi: { source: 'openapi.json', directory: 'api' }, pages }, { group: 'Guides', pages: ['guides/secret', 'guides/links'] }] } });
  const check = (pages: string[], secretPage: string, links: string) => {
    const files = { 'docs.json': docs(pages), 'openapi.json': excluded, 'guides/secret.mdx': secretPage, 'guides/links.mdx': links };
    const root = makeDocsRepo(files);
    return { lines: siteFindings(root), messages: checkRepo(files) };
  };
  const listed = check(['GET /users', 'GET /plain', 'GET /secret'], '---\ntitle: S\nopenapi: "GET /secret"\n---\n', '[a](/api/users/secret) [b](/api/users/plain)\n');
  assert.deepEqual(listed.lines, [
    'docs.json:18:11 unknown-endpoint "GET /secret"',
    'guides/links.mdx:1:5 broken-link /api/users/secret',
    'guides/secret.mdx:3:11 front-matter-openapi GET /secret',
  ]);
  assert.match(listed.messages.find((f) => f.code === 'unknown-endpoint')!.message, /^Endpoint 'GET \/secret' is `x-excluded` in openapi\.json: the platform leaves the operation out of the documentation, so the entry shows no page$/);
  // Quiet twin: the excluded operation left out of the entries is asked for by no one; `x-excluded: false` is listed as any other.
  const quiet = check(['GET /users', 'GET /plain'], '---\ntitle: S\n---\n', '[b](/api/users/plain)\n');
  assert.deepEqual(quiet.lines, []);
  const unlisted = check(['GET /users'], '---\ntitle: S\n---\n', '');
  assert.deepEqual(unlisted.lines.map((line) => line.split(' ')[1]), ['unlisted-endpoints']);
  assert.match(unlisted.messages.find((f) => f.code === 'unlisted-endpoints')!.message, /^1 operation of openapi\.json is in no navigation entry.*: GET \/plain \(\/api\/users\/plain\)$/);
});

test('the readers take `deprecated`, `x-hidden` and `x-excluded` only as the boolean true, in JSON, in YAML, and through the worker\'s packing', () => {
  const yaml = [
    'openapi: 3.1.0',
    'info: { title: A, version: "1" }',
    'paths:',
    '  /a:',
    '    get:',
    '      summary: A',
    '      deprecated: true',
    '    post:',
    '      x-hidden: true',
    '    put:',
    '      deprecated: "true"',
    '    patch: { "summary": "P", "deprecated": true }',
    '    delete:',
    '      x-excluded: true',
    '    options:',
    '      x-excluded: yes',
    '',
  ].join('\n');
  const json = JSON.stringify(spec({ '/a': { get: op('A', [], { deprecated: true }), post: op('B', [], { 'x-hidden': true }), put: op('C', [], { deprecated: 'true' }), patch: op('P', [], { deprecated: true }), delete: op('D', [], { 'x-excluded': true }), options: op('O', [], { 'x-excluded': 'yes' }) } }));
  for (const [name, text] of [['a.yaml', yaml], ['a.json', json], ['b.json', ` ${json.replace('{', '{ ')}\n`]] as const) {
    const read = readSpec(name, text);
    assert.ok(read.ok, name);
    for (const loaded of [read, unpackSpec(packSpec(read))]) {
      assert.ok(loaded.ok);
      const marks = [...loaded.endpoints.values()].map((e) => [e.key, e.deprecated ?? false, e.hidden ?? false, e.excluded ?? false]);
      assert.deepEqual(
        marks,
        [['GET /a', true, false, false], ['POST /a', false, true, false], ['PUT /a', false, false, false], ['PATCH /a', true, false, false], ['DELETE /a', false, false, true], ['OPTIONS /a', false, false, false]],
        name,
      );
    }
  }
});

test('two copies of one spec whose operations differ are flagged once, on the later; same operations, two versions or two APIs are not', () => {
  const en = spec({ '/users': { get: op('List'), post: op('Create') }, '/orders': { get: op('Orders') } });
  const fr = spec({ '/users': { get: op('Lister') }, '/orders': { get: op('Commandes') }, '/fr-only': { get: op('Seulement') } });
  const nav = (a: string, b: string) => ({ groups: [{ group: 'A', openapi: a }, { group: 'B', openapi: b }] });
  const copies = checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: nav('en/openapi.json', 'fr/openapi.json') }, 'en/openapi.json': en, 'fr/openapi.json': fr });
  assert.deepEqual(ours(copies), [['spec-copies-differ', '"fr/openapi.json"', 'fr/openapi.json and en/openapi.json are copies of one spec, but their operations differ: only fr/openapi.json has GET /fr-only; only en/openapi.json has POST /users']]);
  const same = checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: nav('en/openapi.json', 'fr/openapi.json') }, 'en/openapi.json': en, 'fr/openapi.json': en });
  assert.deepEqual(ours(same), [], 'the same operations');
  const versions = { versions: [{ version: 'v1', openapi: 'v1/openapi.json', groups: [{ group: 'A', pages: ['intro'] }] }, { version: 'v2', openapi: 'v2/openapi.json', groups: [{ group: 'B', pages: ['intro'] }] }] };
  assert.deepEqual(ours(checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: versions }, 'v1/openapi.json': en, 'v2/openapi.json': fr, 'intro.mdx': '' })), [], 'two versions are meant to differ');
  const other = spec({ '/billing': { get: op('Bills') }, '/users': { get: op('Users') }, '/invoices': { get: op('Invoices') } });
  assert.deepEqual(ours(checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: nav('a/openapi.json', 'b/openapi.json') }, 'a/openapi.json': en, 'b/openapi.json': other })), [], 'two APIs that share one path are no copies');
});

/** Applies a fix's edits (from the end backwards) to docs.json's text. */
function applied(text: string, edits: { offset: number; length: number; text: string }[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.offset - a.offset)) out = out.slice(0, edit.offset) + edit.text + out.slice(edit.offset + edit.length);
  return out;
}

test('its fix lists each missing endpoint in the group that keeps its tag, a new group per unlisted tag with the group\'s openapi; the site then checks clean', () => {
  const docs = {
    ...REQUIRED_SETTINGS,
    navigation: {
      tabs: [
        {
          tab: 'API',
          groups: [
            { group: 'Guides', pages: ['intro'] },
            { group: 'Users', openapi: 'openapi.json', pages: ['GET /users'] },
          ],
        },
      ],
    },
  };
  const root = makeDocsRepo({ 'docs.json': docs, 'openapi.json': USERS, 'intro.mdx': '' });
  const workspace = new DocsWorkspace(root);
  const { model, diagnostics } = checkDocs(workspace);
  const finding = diagnostics.find((d) => d.code === 'unlisted-endpoints')!;
  const fixes = rule.fixes!['unlisted-endpoints'](finding, { model, diagnostics, files: workspace.files, pageIds: [] });
  assert.deepEqual(fixes.map((f) => [f.title, f.preferred]), [['List the missing endpoints, grouped by tag', true]]);
  const text = applied(finding.file.text, fixes[0].edits);
  const fixed = JSON.parse(text);
  assert.deepEqual(fixed.navigation.tabs[0].groups, [
    { group: 'Guides', pages: ['intro'] },
    { group: 'Users', openapi: 'openapi.json', pages: ['GET /users', 'POST /users', 'GET /users/{id}', 'GET /own'] },
    { group: 'Orders', openapi: 'openapi.json', pages: ['GET /orders'] },
  ]);
  assert.match(text, /\n {10}\{\n {12}"group": "Orders",\n {12}"openapi": "openapi.json",\n {12}"pages": \[\n {14}"GET \/orders"\n {12}\]\n {10}\}/, 'laid out as the file is');
  const again = makeDocsRepo({ 'docs.json': text, 'openapi.json': USERS, 'intro.mdx': '' });
  assert.deepEqual(findingsOf(again, checkDocs(new DocsWorkspace(again)).diagnostics).map((f) => [f.code, f.text]), [], 'the fixed site checks clean');
});

test('the fix keeps the spec named before the method where the group writes it so, and a one-line array on one line', () => {
  const docs = { ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'Users', pages: ['openapi.json GET /users'] }] }, api: { openapi: 'openapi.json' } };
  const files = { 'openapi.json': spec({ '/users': { get: op('List', ['Users']), post: op('Create', ['Users']) } }) };
  const text = `{"theme":"mint","name":"Test","colors":{"primary":"#0B7D62"},"api":{"openapi":"openapi.json"},"navigation":{"groups":[{"group":"Users","pages":["openapi.json GET /users"]}]}}`;
  const root = makeDocsRepo({ 'docs.json': text, ...files });
  const workspace = new DocsWorkspace(root);
  const { model, diagnostics } = checkDocs(workspace);
  const finding = diagnostics.find((d) => d.code === 'unlisted-endpoints');
  assert.ok(finding, JSON.stringify(findingsOf(root, diagnostics)));
  const fixes = rule.fixes!['unlisted-endpoints'](finding, { model, diagnostics, files: workspace.files, pageIds: [] });
  const fixed = applied(finding.file.text, fixes[0].edits);
  assert.ok(fixed.includes('["openapi.json GET /users", "openapi.json POST /users"]'), fixed);
  assert.deepEqual(JSON.parse(fixed).navigation, { groups: [{ group: 'Users', pages: ['openapi.json GET /users', 'openapi.json POST /users'] }] });
  void docs;
});

test("a page's `openapi:` is read once per file, again after the file changed (the docs.json re-check reads no page)", () => {
  const root = makeDocsRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: ['GET /users', 'POST /users', 'GET /users/{id}', 'GET /orders', 'own'] }] } }, 'openapi.json': USERS, 'own.mdx': '---\nopenapi: GET /own\n---\n' });
  const workspace = new DocsWorkspace(root);
  const unlisted = () => checkDocs(workspace).diagnostics.filter((d) => d.code === 'unlisted-endpoints').length;
  assert.equal(unlisted(), 0);
  fs.writeFileSync(path.join(root, 'own.mdx'), '---\ntitle: Own\n---\n');
  assert.equal(unlisted(), 0, 'kept until the file is said to have changed');
  workspace.invalidate('own.mdx');
  assert.equal(unlisted(), 1, 'read again: GET /own is no longer covered');
});
