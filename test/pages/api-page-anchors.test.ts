// Issue 35, cause 5: anchors into API pages (`openapi:` front matter) name a parameter or property of the operation
// the page renders; one that names none is flagged with the nearest.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { openSite } from '../language-service/helpers';

const SPEC = {
  openapi: '3.0.0',
  info: { title: 'T', version: '1' },
  paths: {
    '/users/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        summary: 'Get user',
        parameters: [{ $ref: '#/components/parameters/Limit' }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } },
      },
    },
    '/users': {
      post: {
        summary: 'Create user',
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { return_url: { type: 'string' }, location: { type: 'object', properties: { country: { type: 'string' } } } } },
            },
          },
        },
        responses: { 201: { description: 'created' } },
      },
    },
  },
  components: {
    parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } },
    schemas: { User: { type: 'object', properties: { external_id: { type: 'string' }, metadata: { type: 'object', properties: { plan: { type: 'string' } } } } } },
  },
};

const LINKS = [
  '[a](/api/get-user#parameter-limit) [b](/api/get-user#response-external-id) [c](/api/get-user#response-metadata-plan)',
  '[d](/api/create-user#body-location-country) [e](/api/create-user#body-return-url) [f](/api/get-user#path-id)',
  '[g](/api/create-user#body-retrun-url) [h](/api/get-user#nothing-here) [i](/api/remote#anything)',
  '',
].join('\n');

test('anchors naming a parameter or property of the operation are accepted; others flagged with the nearest as "did you mean"', () => {
  const site = openSite(JSON.stringify({ api: { openapi: 'https://api.example.com/other.json' }, navigation: { pages: ['index', 'api/get-user', 'api/create-user', 'api/remote'] } }), {
    files: {
      'index.mdx': LINKS,
      'openapi.json': JSON.stringify(SPEC),
      'api/get-user.mdx': '---\nopenapi: GET /users/{id}\n---\n',
      'api/create-user.mdx': '---\nopenapi: openapi.json POST /users\n---\n',
      // Not in the local spec: maybe in the remote one, not read here, so its anchors are not judged.
      'api/remote.mdx': '---\nopenapi: GET /remote\n---\n',
    },
  });
  const found = (site.service.checkPages(site.project).byFile.get(path.join(site.root, 'index.mdx')) ?? []).filter((d) => d.code === 'broken-anchor');
  const lines = LINKS.split('\n');
  assert.deepEqual(
    found.map((d) => lines[d.range.start.line].slice(d.range.start.character, d.range.end.character)),
    ['#body-retrun-url', '#nothing-here'],
  );
  assert.match(String(found[0].message), /no parameter or property of the operation it renders.*Did you mean "#body-return-url"\?$/);
});
