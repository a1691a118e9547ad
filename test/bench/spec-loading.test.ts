import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { measureSpecLoading, writeSpecSite } from '../../bench/measure-spec-loading';
import { readSpec } from '../../server/src/checker';
import * as fs from 'node:fs';

const SERVER = path.resolve(__dirname, '../../dist/server/server.js');

test('spec loading site: a block-style YAML spec of the size asked for, every operation read', () => {
  const site = writeSpecSite(1);
  try {
    const text = fs.readFileSync(path.join(site.root, 'openapi.yaml'), 'utf8');
    assert.ok(text.length >= 1e6 && text.length < 1.1e6);
    const spec = readSpec('openapi.yaml', text);
    assert.ok(spec.ok && spec.endpoints.size === site.operations && spec.endpoints.get('GET /items1/{id}')?.summary === 'Retrieve item 1');
  } finally {
    fs.rmSync(site.root, { recursive: true, force: true });
  }
});

test('spec loading figures: the real server answers while a YAML spec loads, then endpoint completion lists it', { timeout: 60_000 }, async () => {
  const figures = await measureSpecLoading(SERVER, 2);
  assert.ok(figures.operations > 1000);
  assert.ok(figures.endpointsReadyMs > 0 && Number.isFinite(figures.endpointsReadyMs));
  assert.ok(figures.whileLoading.requests >= 2 && figures.loaded.requests >= 40);
  for (const value of [figures.whileLoading.hoverP95Ms, figures.whileLoading.pageCompletionP95Ms, figures.loaded.hoverP95Ms, figures.p95ToLoaded]) {
    assert.ok(Number.isFinite(value) && value > 0, JSON.stringify(figures));
  }
});
