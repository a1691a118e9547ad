// Go to definition from docs.json: a page entry to its file, an endpoint to its operation in the spec, a
// `$ref` or `openapi` path to the file it names.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ORDERS_JSON, USERS_YAML } from '../lsp/helpers/fixtures';
import { openSite } from './helpers';
import { SITE_FILES } from './sites';

/** Where definition at the marker leads: `file:line:character` (0-based), relative to the docs folder. */
function definitionAt(marked: string, at?: string): string[] {
  const site = openSite(marked, { files: SITE_FILES, at });
  const locations = site.service.definition(site.project, site.uri, site.position);
  assert.ok(locations, 'an answer');
  return locations.map((l) => `${site.relativeOf(l.uri)}:${l.range.start.line}:${l.range.start.character}`);
}

test('a page entry leads to the start of its file, whichever form names it', () => {
  assert.deepEqual(definitionAt('{ "navigation": { "pages": ["in|tro"] } }'), ['intro.mdx:0:0']);
  assert.deepEqual(definitionAt('{ "navigation": { "pages": ["/guides/se|tup"] } }'), ['guides/setup.mdx:0:0'], 'a leading slash');
  assert.deepEqual(definitionAt('{ "navigation": { "pages": ["gui|des"] } }'), ['guides/index.md:0:0'], 'a folder: its index page');
});

test('an endpoint leads to its operation in the inherited spec, YAML or JSON', () => {
  const yaml = definitionAt('{ "navigation": { "openapi": "api/users.yaml", "pages": ["GET /users/{i|d}"] } }');
  assert.deepEqual(yaml, ['api/users.yaml:13:4']);
  assert.deepEqual(USERS_YAML.split('\n').slice(12, 14), ['  /users/{id}:', '    get:']);
  const json = definitionAt('{ "navigation": { "openapi": "api/orders.json", "pages": ["DELETE /ord|ers/{id}"] } }');
  const [line, character] = json[0].split(':').slice(1).map(Number);
  assert.deepEqual([json[0].split(':')[0], ORDERS_JSON.split('\n')[line].slice(character)], ['api/orders.json', '"delete": {']);
});

test('an `openapi` path and a `$ref` path lead to the file they name', () => {
  assert.deepEqual(definitionAt('{ "navigation": { "openapi": "api/us|ers.yaml", "pages": [] } }'), ['api/users.yaml:0:0']);
  assert.deepEqual(definitionAt('{ "navigation": { "anchors": [{ "$ref": "./anchors/change|log.json" }] } }'), ['anchors/changelog.json:0:0']);
});

test('a missing page, an endpoint the spec lacks and a label lead nowhere', () => {
  assert.deepEqual(definitionAt('{ "navigation": { "pages": ["go|ne"] } }'), []);
  assert.deepEqual(definitionAt('{ "navigation": { "openapi": "api/users.yaml", "pages": ["GET /no|thing"] } }'), []);
  assert.deepEqual(definitionAt('{ "navigation": { "groups": [{ "group": "Gui|des", "pages": ["intro"] }] } }'), []);
});

test('in a file pulled in by `$ref`, its own page entries lead to their files', () => {
  assert.deepEqual(definitionAt('{ "anchor": "Changelog", "pages": ["changelog/20|26"] }', 'anchors/changelog.json'), ['changelog/2026.mdx:0:0']);
});
