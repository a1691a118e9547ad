// The "did you mean" of a page's unknown `openapi:` operation compares a bounded set of operations (issue 34: every
// unknown operation against every operation of the specs, 5,000 pages × a 19k-operation spec took 20 s).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { endpointKey } from '../../server/src/checker/openapi/endpoint-entry';
import type { LoadedSpec, SpecEndpoint } from '../../server/src/checker/openapi/openapi-spec';
import { MAX_COMPARED_OPERATIONS, suggestOperation } from '../../server/src/checker/openapi/operation-suggestion';

type Spec = Extract<LoadedSpec, { ok: true }>;

function spec(operations: [string, string][]): Spec {
  const endpoints = new Map<string, SpecEndpoint>();
  for (const [method, path] of operations) endpoints.set(endpointKey(method, path), { method, path, key: endpointKey(method, path), offset: 0 } as SpecEndpoint);
  return { ok: true, file: 'openapi.json', endpoints };
}

test('the same path under another method, and a near path of the same method, are suggested', () => {
  const small = spec([['post', '/users'], ['get', '/users/{id}'], ['delete', '/orders/{id}']]);
  assert.equal(suggestOperation('GET /users', 'GET', '/users', [small]), 'POST /users');
  assert.equal(suggestOperation('GET /user/{id}', 'GET', '/user/{id}', [small]), 'GET /users/{id}');
});

test('a 19k-operation spec: at most MAX_COMPARED_OPERATIONS compared, those under the same first segment first', () => {
  const operations: [string, string][] = [];
  for (let i = 0; i < 19_000; i++) operations.push(['get', `/area${i % 50}/item${i}`]);
  operations.push(['get', '/zeta/widgets/{id}']);
  const big = spec(operations);
  // Under its first segment: found, whatever its place in the spec.
  assert.equal(suggestOperation('GET /zeta/widget/{id}', 'GET', '/zeta/widget/{id}', [big]), 'GET /zeta/widgets/{id}');
  // The near operation past the bound, under another first segment: not compared, so not suggested.
  assert.equal(suggestOperation('GET /zetta/widgets/{id}', 'GET', '/zetta/widgets/{id}', [big]), undefined);
  assert.ok(MAX_COMPARED_OPERATIONS < 19_000);
  // 5,000 pages of unknown operations: each compared with a bounded set (no time asserted; this finishes).
  for (let page = 0; page < 5_000; page++) suggestOperation(`GET /area${page % 50}/thing${page}`, 'GET', `/area${page % 50}/thing${page}`, [big]);
});
