// A page's `openapi:` front matter resolved against the site's specs (issue 26), through the language service.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { openSite } from '../language-service/helpers';

const SPEC = {
  openapi: '3.0.0',
  info: { title: 'x', version: '1' },
  paths: { '/rerank': { post: { summary: 'Rerank documents' } }, '/users/{id}': { get: { summary: 'Get a user' }, delete: {} } },
};
const OTHER = { openapi: '3.1.0', info: { title: 'y', version: '1' }, paths: { '/orders': { get: { summary: 'List orders' } } } };

function findings(pages: Record<string, string>, docs = '{ "navigation": { "pages": ["a"] } }', files: Record<string, unknown> = { 'api/main.json': SPEC, 'other-openapi.yaml': 'openapi: 3.1.0\npaths:\n  /orders:\n    get:\n      summary: List orders\n' }) {
  const site = openSite(docs, { files: { ...files, ...pages } });
  const byFile = site.service.checkPages(site.project).byFile;
  return [...byFile].flatMap(([file, ds]) => ds.map((d) => `${path.relative(site.root, file)} ${d.code} ${d.message}`));
}

test('an operation of any spec of the folder is accepted, with or without the spec named (by name or path), a trailing / aside', () => {
  const page = (value: string) => `---\ntitle: x\nopenapi: ${value}\n---\n`;
  assert.deepEqual(
    findings({
      'a.mdx': page('post /rerank'),
      'b.mdx': page('"GET /users/{id}"'),
      'c.mdx': page("'main DELETE /users/{id}'"),
      'd.mdx': page('"/api/main.json POST /rerank/"'),
      'e.mdx': page('other-openapi GET /orders'),
      'f.mdx': page('GET /orders'),
    }),
    [],
  );
});

test('an operation no spec holds is an error on `METHOD /path`, with the nearest operation of the named spec', () => {
  const found = findings({ 'a.mdx': '---\nopenapi: "main POST /rerankk"\n---\n', 'b.mdx': '---\nopenapi: PUT /orders\n---\n', 'c.mdx': '---\nopenapi: /rerank\n---\n', 'd.mdx': '---\nopenapi: FETCH /rerank\n---\n' });
  assert.deepEqual(found, [
    'a.mdx front-matter-openapi "openapi": no operation "POST /rerankk" in "api/main.json": the page would render empty. Did you mean "POST /rerank"?',
    `b.mdx front-matter-openapi "openapi": no operation "PUT /orders" in the site's OpenAPI specs (other-openapi.yaml, api/main.json): the page would render empty. Did you mean "GET /orders"?`,
    'c.mdx front-matter-openapi "openapi": expected "METHOD /path", or "spec-file METHOD /path" ("POST /users", "openapi.json GET /users/{id}").',
    `d.mdx front-matter-openapi "openapi": 'FETCH' is not an HTTP method (GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, TRACE).`,
  ]);
});

test('not judged where the operation may be in a remote spec, or in a named file that is no readable spec', () => {
  const page = { 'a.mdx': '---\nopenapi: post /nowhere\n---\n' };
  const remote = '{ "navigation": { "pages": ["a"] }, "api": { "openapi": "https://example.com/openapi.yaml" } }';
  assert.deepEqual(findings(page, remote), []);
  // Unless the value names a local spec.
  assert.deepEqual(findings({ 'a.mdx': '---\nopenapi: main POST /nowhere\n---\n' }, remote).map((f) => f.split(' ').slice(0, 2).join(' ')), ['a.mdx front-matter-openapi']);
  assert.deepEqual(findings({ 'a.mdx': '---\nopenapi: v1-openapi POST /x\n---\n' }, undefined, { 'api/v1-openapi.json': '' }), []);
  assert.deepEqual(findings(page, undefined, {}).map((f) => f.split(' ').slice(0, 2).join(' ')), ['a.mdx front-matter-openapi']);
});

test('a spec file that changes re-checks the pages that name its operations', () => {
  const site = openSite('{ "navigation": { "pages": ["a"] } }', { files: { 'api.json': SPEC, 'a.mdx': '---\nopenapi: GET /orders\n---\n' } });
  const codes = () => [...site.service.checkPages(site.project).byFile.values()].flat().map((d) => d.code);
  assert.deepEqual(codes(), ['front-matter-openapi']);
  site.service.openDocument(site.uriOf('api.json'), JSON.stringify(OTHER));
  assert.deepEqual(codes(), []);
});
