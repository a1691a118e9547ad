import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace, LineMap, NavElement } from '../../server/src/checker';
import { makeDocsRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';

const describe = (e: NavElement | undefined) => (e ? `${e.kind}:${e.label ?? ''}` : 'none');

test('model: kinds, labels, parents, sections, containers and inherited openapi', () => {
  const root = makeDocsRepo({
    'docs.json': {
      api: { openapi: 'top.yaml' },
      navigation: {
        versions: [
          {
            version: 'v1',
            tabs: [
              { tab: 'Guides', groups: [{ group: 'G', pages: ['a', { group: 'N', openapi: 'n.yaml', pages: ['GET /x', 'b'] }] }] },
              { tab: 'More', menu: [{ item: 'M', pages: ['c'] }] },
            ],
          },
        ],
        global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example.com' }] },
      },
    },
  });
  const { model } = checkDocs(new DocsWorkspace(root));
  assert.deepEqual(model.elements.map(describe), [
    'navigation:', 'version:v1', 'tab:Guides', 'group:G', 'page:a', 'group:N', 'endpoint:GET /x', 'page:b',
    'tab:More', 'menu-item:M', 'page:c', 'global-anchor:Blog',
  ]);
  const byLabel = (label: string) => model.elements.find((e) => e.label === label)!;
  assert.equal(describe(byLabel('GET /x').parent), 'group:N');
  assert.equal(describe(byLabel('GET /x').section), 'tab:Guides');
  assert.equal(describe(byLabel('v1').section), 'version:v1');
  assert.equal(byLabel('GET /x').container, 'pages');
  assert.equal(byLabel('N').container, 'pages');
  assert.equal(byLabel('G').container, 'groups');
  assert.deepEqual(byLabel('a').openapi.map((s) => s.location), ['top.yaml']);
  assert.deepEqual(byLabel('b').openapi.map((s) => s.location), ['n.yaml']);
  assert.deepEqual(byLabel('GET /x').endpoint, { spec: undefined, method: 'GET', path: '/x', key: 'GET /x' });
  assert.equal(byLabel('c').parent?.kind, 'menu-item');
  assert.equal(model.byNode.get(byLabel('G').node), byLabel('G'));
  const text = model.file.text;
  const g = byLabel('G').node;
  assert.ok(text.slice(g.offset, g.offset + g.length).startsWith('{') && text.slice(g.offset, g.offset + g.length).endsWith('}'));
});

test('line map: LF, CRLF and CR line ends; offsets and positions round-trip', () => {
  const map = new LineMap('a\r\nbc\nd\re');
  assert.equal(map.lineCount, 4);
  assert.deepEqual(map.positionAt(3), { line: 1, character: 0 });
  assert.deepEqual(map.positionAt(6), { line: 2, character: 0 });
  assert.deepEqual(map.positionAt(8), { line: 3, character: 0 });
  assert.deepEqual(map.positionAt(999), { line: 3, character: 1 });
  for (let offset = 0; offset <= 9; offset++) assert.equal(map.offsetAt(map.positionAt(offset)), offset, `offset ${offset}`);
  assert.equal(map.offsetAt({ line: 1, character: 99 }), 6);
});

test('model: the workspace reads each spec once until it is invalidated', () => {
  let reads = 0;
  const root = makeDocsRepo({
    'docs.json': { ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'G', openapi: 'api.yaml', pages: ['GET /a'] }, { group: 'H', openapi: 'api.yaml', pages: ['GET /b'] }] } },
    'api.yaml': 'openapi: 3.0.0\npaths:\n  /a:\n    get: {}\n',
  });
  const fs = require('node:fs') as typeof import('node:fs');
  const base = new DocsWorkspace(root);
  const workspace = new DocsWorkspace(root, base.files, (p) => {
    if (p.endsWith('api.yaml')) reads++;
    return fs.readFileSync(p, 'utf8');
  });
  const first = checkDocs(workspace);
  checkDocs(workspace);
  assert.equal(reads, 1);
  assert.deepEqual(first.diagnostics.map((d) => d.code), ['unknown-endpoint']);
  fs.writeFileSync(`${root}/api.yaml`, 'openapi: 3.0.0\npaths:\n  /a:\n    get: {}\n  /b:\n    get: {}\n');
  workspace.invalidate('api.yaml');
  assert.deepEqual(checkDocs(workspace).diagnostics, []);
  assert.equal(reads, 2);
});
