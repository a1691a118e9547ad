import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkRepo, findingsWithCode, repoWith } from '../helpers/docs-repo';

const yamlSpec = `openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /users:
    get: {summary: List users, operationId: listUsers}
    post: {summary: Create a user}
  /users/{id}:
    get: {summary: Get a user}
  /teams/:
    delete: {summary: Delete teams}
webhooks:
  userCreated:
    post: {summary: A user was created}
`;
const jsonSpec = JSON.stringify({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths: { '/orders': { get: { summary: 'List orders' } } } });

test('endpoints: entries present in the inherited spec are accepted (JSON and YAML, case-insensitive method, trailing slash, webhooks)', () => {
  const nav = {
    tabs: [
      { tab: 'API', openapi: 'api.yaml', groups: [{ group: 'U', pages: ['GET /users', 'post /users', 'GET /users/{id}', 'DELETE /teams/', 'WEBHOOK userCreated', 'a'] }] },
      { tab: 'Orders', openapi: '/specs/orders.json', pages: ['GET /orders', 'specs/orders.json GET /orders'] },
    ],
  };
  assert.deepEqual(checkRepo({ ...repoWith(nav, ['a']), 'api.yaml': yamlSpec, 'specs/orders.json': jsonSpec }), []);
});

test('unknown-endpoint: every unknown entry is reported with the nearest endpoint', () => {
  const nav = { groups: [{ group: 'U', openapi: 'api.yaml', pages: ['GET /user', 'PUT /users', 'DELETE /teams', 'GET /nothing/like/it/at/all'] }] };
  const findings = findingsWithCode(checkRepo({ ...repoWith(nav), 'api.yaml': yamlSpec }), 'unknown-endpoint');
  assert.deepEqual(findings.map((f) => [f.text, f.data?.suggestion]), [
    ['"GET /user"', 'GET /users'],
    ['"PUT /users"', 'GET /users'],
    ['"DELETE /teams"', 'DELETE /teams/'],
    ['"GET /nothing/like/it/at/all"', undefined],
  ]);
  assert.match(findings[0].message, /'GET \/user' is not in api.yaml: no operation GET \/user; nearest: 'GET \/users'/);
  assert.match(findings[1].message, /\/users has GET, POST but not PUT/);
});

test('endpoints: children inherit the nearest openapi; their own openapi overrides', () => {
  const nav = {
    tabs: [
      {
        tab: 'API',
        openapi: 'api.yaml',
        groups: [
          { group: 'Users', pages: ['GET /users', { group: 'Nested', pages: ['GET /users/{id}'] }] },
          { group: 'Orders', openapi: 'orders.json', pages: ['GET /orders', 'GET /users'] },
        ],
      },
    ],
  };
  const findings = findingsWithCode(checkRepo({ ...repoWith(nav), 'api.yaml': yamlSpec, 'orders.json': jsonSpec }), 'unknown-endpoint');
  assert.deepEqual(findings.map((f) => [f.line, f.text]), [[findings[0].line, '"GET /users"']]);
  assert.match(findings[0].message, /not in orders.json/);
});

test('endpoints: top-level api.openapi is inherited by the navigation', () => {
  // The spec's other operations are api-coverage's (unlisted-endpoints): not this test's.
  const findings = checkRepo({ ...repoWith({ pages: ['GET /users', 'GET /missing'] }, [], { api: { openapi: 'api.yaml' } }), 'api.yaml': yamlSpec }).filter((f) => f.code !== 'unlisted-endpoints');
  assert.deepEqual(findings.map((f) => [f.code, f.text]), [['unknown-endpoint', '"GET /missing"']]);
});

test('invalid-endpoint: malformed METHOD /path entries', () => {
  const nav = { groups: [{ group: 'U', openapi: 'api.yaml', pages: ['FETCH /users', 'GET users', 'GET /users extra'] }] };
  const findings = findingsWithCode(checkRepo({ ...repoWith(nav), 'api.yaml': yamlSpec }), 'invalid-endpoint');
  assert.deepEqual(findings.map((f) => f.text), ['"FETCH /users"', '"GET users"', '"GET /users extra"']);
  assert.match(findings[0].message, /'FETCH' is not an HTTP method/);
  assert.match(findings[1].message, /must start with '\/'/);
});

test('missing-openapi, invalid-openapi, remote-openapi; endpoints under them are not judged', () => {
  const nav = {
    groups: [
      { group: 'A', openapi: 'nope.yaml', pages: ['GET /x'] },
      { group: 'B', openapi: 'broken.yaml', pages: ['GET /x'] },
      { group: 'C', openapi: 'not-openapi.json', pages: ['GET /x'] },
      { group: 'D', openapi: 'https://example.com/openapi.json', pages: ['GET /x'] },
      { group: 'E', openapi: 'https://example.com/openapi.json', pages: ['GET /y'] },
      { group: 'F', openapi: '../outside.yaml', pages: ['GET /y'] },
    ],
  };
  const files = { ...repoWith(nav), 'broken.yaml': 'openapi: 3.0.0\npaths: [\n', 'not-openapi.json': '{"name": "package"}' };
  const findings = checkRepo(files);
  assert.deepEqual(findings.map((f) => [f.code, f.text]), [
    ['missing-openapi', '"nope.yaml"'],
    ['invalid-openapi', '"broken.yaml"'],
    ['invalid-openapi', '"not-openapi.json"'],
    ['remote-openapi', '"https://example.com/openapi.json"'],
    ['page-outside-root', '"../outside.yaml"'],
  ]);
  assert.equal(findings[3].severity, 'info');
  assert.match(findings[2].message, /no `openapi` or `swagger` version field/);
});

test('openapi: an object {source, directory} and an array of specs', () => {
  const nav = {
    tabs: [
      { tab: 'A', openapi: { source: 'api.yaml', directory: 'api-reference' }, pages: ['GET /users', 'GET /orders'] },
      { tab: 'B', openapi: ['api.yaml', 'orders.json'], pages: ['GET /users', 'GET /orders'] },
    ],
  };
  const findings = checkRepo({ ...repoWith(nav), 'api.yaml': yamlSpec, 'orders.json': jsonSpec }).filter((f) => f.code !== 'unlisted-endpoints');
  assert.deepEqual(findings.map((f) => [f.code, f.text]), [['unknown-endpoint', '"GET /orders"']]);
  assert.match(findings[0].message, /not in api.yaml:/);
});
