// Document links in docs.json: every string that names a file (a page, a spec, a `$ref` part) or an operation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ORDERS_JSON, USERS_YAML } from '../lsp/helpers/fixtures';
import { lineOf, openSite, Site } from './helpers';
import { SITE_DOCS_JSON, SITE_FILES } from './sites';

/** Each link as `linked text → target`, the target relative to the docs folder (an operation's with `#Lline,column`). */
function linksOf(site: Site, relative: string): string[] {
  const links = site.service.documentLinks(site.project, site.uriOf(relative));
  assert.ok(links, 'an answer');
  const lines = (relative === 'docs.json' ? site.text : JSON.stringify(SITE_FILES[relative], null, 2)).split('\n');
  return links.map((l) => {
    const [uri, fragment] = l.target!.split('#');
    const text = lines[l.range.start.line].slice(l.range.start.character, l.range.end.character);
    return `${text} → ${site.relativeOf(uri)}${fragment ? `#${fragment}` : ''}`;
  });
}

test('pages, endpoints, `openapi` specs and `$ref` parts are links; a missing page and an unknown endpoint are not', () => {
  const site = openSite(SITE_DOCS_JSON, { files: SITE_FILES });
  // An operation's fragment is its line and column, from 1: the method's key under its path.
  const deleteOrder = lineOf(ORDERS_JSON, '"delete"') + 1;
  const getUser = lineOf(USERS_YAML, '/users/{id}:') + 2;
  const postUser = lineOf(USERS_YAML, 'post:') + 1;
  assert.deepEqual(linksOf(site, 'docs.json').sort(), [
    '"./anchors/changelog.json" → anchors/changelog.json',
    `"DELETE /orders/{id}" → api/orders.json#L${deleteOrder},7`,
    `"GET /users/{id}" → api/users.yaml#L${getUser},5`,
    `"POST /users" → api/users.yaml#L${postUser},5`,
    '"api/orders.json" → api/orders.json',
    '"api/users.yaml" → api/users.yaml',
    '"guides" → guides/index.md',
    '"guides/setup" → guides/setup.mdx',
    '"intro" → intro.mdx',
  ]);
});

test('a file pulled in by `$ref` has the links of its own entries', () => {
  const site = openSite(SITE_DOCS_JSON, { files: SITE_FILES });
  assert.deepEqual(linksOf(site, 'anchors/changelog.json'), ['"changelog/2026" → changelog/2026.mdx']);
});

test('a JSON file that docs.json does not read gets no links', () => {
  const site = openSite(SITE_DOCS_JSON, { files: { ...SITE_FILES, 'unrelated.json': {} } });
  assert.equal(site.service.documentLinks(site.project, site.uriOf('unrelated.json')), null);
});
