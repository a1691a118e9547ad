// The sidebar's tree of the navigation: labels, where each element is written, what it opens, its problems.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NavigationTreeNode } from '../../server/src/service/language-service';
import { ORDERS_JSON, USERS_YAML } from '../lsp/helpers/fixtures';
import { lineOf, openSite, Site } from './helpers';
import { SITE_DOCS_JSON, SITE_FILES } from './sites';

/** Each node as `[kind, label, problems, target]` (target relative, `file:line` for an operation), children after. */
function shapeOf(site: Site, nodes: NavigationTreeNode[]): unknown[] {
  return nodes.map((n) => {
    const target = n.target ? `${site.relativeOf(n.target.uri)}${n.target.range?.start.line ? `:${n.target.range.start.line}` : ''}` : null;
    return [n.kind, n.label, n.problems, target, ...(n.children.length ? [shapeOf(site, n.children)] : [])];
  });
}

test('labels, targets and the problems on each element itself', () => {
  const site = openSite(SITE_DOCS_JSON, { files: { ...SITE_FILES, 'anchors/changelog.json': { anchor: 'Changelog', pages: ['changelog/2026', 'changelog/2027'] } } });
  const [getUser, postUser, deleteOrder] = [lineOf(USERS_YAML, '/users/{id}:') + 1, lineOf(USERS_YAML, 'post:'), lineOf(ORDERS_JSON, '"delete"')];
  assert.deepEqual(shapeOf(site, site.service.navigationTree(site.project)), [
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
      0,
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
  const site = openSite(SITE_DOCS_JSON, { files: SITE_FILES });
  const [guides, , changelog] = site.service.navigationTree(site.project);
  const intro = guides.children[0].children[0];
  assert.equal(site.relativeOf(intro.uri), 'docs.json');
  assert.deepEqual(intro.range, site.rangeOf('"intro"'));
  assert.equal(site.relativeOf(changelog.uri), 'anchors/changelog.json');
  assert.equal(site.relativeOf(changelog.children[0].uri), 'anchors/changelog.json');
});

test('a hidden rule counts no problem; a disabled folder has no tree', () => {
  const marked = '{ "navigation": { "pages": ["intro", "intro", "gone"] } }';
  const counts = (site: Site) => site.service.navigationTree(site.project).map((n) => `${n.label} ${n.problems}`);
  assert.deepEqual(counts(openSite(marked, { files: ['intro.mdx'] })), ['intro 0', 'intro 1', 'gone 1']);
  assert.deepEqual(counts(openSite(marked, { files: ['intro.mdx'], settings: { severity: { 'duplicate-page': 'off', 'missing-page': 'info' } } })), ['intro 0', 'intro 0', 'gone 0']);
  const disabled = openSite(marked, { files: ['intro.mdx'], settings: { enable: false } });
  assert.deepEqual(disabled.service.navigationTree(disabled.project), []);
});
