// Specs read in the language server's worker (dist/server/spec-worker.js, built before the tests run): while one
// loads every request is answered, and no endpoint is judged; once it is read, the project is checked again.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { LoadedSpec, readSpec } from '../../server/src/checker';
import { IN_PROCESS_JSON_SPEC_BYTES, IN_PROCESS_SPEC_BYTES, WorkerSpecLoader } from '../../server/src/project/spec-worker-loader';
import { openSite } from './helpers';

const WORKER = path.resolve(__dirname, '../../dist/server/spec-worker.js');

const SPEC = 'openapi: 3.1.0\npaths:\n  /users:\n    get:\n      summary: List users\n';
/** SPEC, long enough to be read in the worker. */
const LONG_SPEC = `info:\n  description: ${'x'.repeat(IN_PROCESS_SPEC_BYTES)}\n${SPEC}`;
const DOCS = '{"navigation": {"groups": [{"group": "API", "openapi": "api.yaml", "pages": ["GET /users", "GET /nope", "|"]}]}}';

/** The codes of the findings about specs and endpoints. */
function codes(diagnostics: { code?: string | number }[] = []): string[] {
  return diagnostics.map((d) => String(d.code)).filter((code) => /openapi|endpoint/.test(code));
}

test('a spec read in the worker: loading is said, no endpoint judged; checked again once read; read once per content', async () => {
  assert.ok(fs.existsSync(WORKER), `${WORKER} is built by scripts/build.mjs`);
  let loaded!: () => void;
  let nextLoad = new Promise<void>((resolve) => (loaded = resolve));
  const site = openSite(DOCS, { files: { 'api.yaml': LONG_SPEC }, service: { specWorker: WORKER, onSpecLoaded: () => loaded() } });
  try {
    assert.deepEqual(codes(site.check()['docs.json']), [], 'nothing judged while the spec loads');
    const hover = site.service.hover(site.project, site.uri, site.rangeOf('GET /nope').start);
    assert.match(JSON.stringify(hover?.contents), /still loading/);
    const loadingList = site.service.complete(site.project, site.uri, site.position);
    assert.equal(loadingList?.isIncomplete, true);
    assert.match(loadingList?.items.map((i) => i.label).join('\n') ?? '', /Loading the endpoints of api.yaml/);

    await nextLoad;
    assert.deepEqual(codes(site.check()['docs.json']), ['unknown-endpoint']);
    const list = site.service.complete(site.project, site.uri, site.position);
    assert.ok(list?.items.some((i) => i.label === 'GET /users'));
    assert.ok(!list?.items.some((i) => /Loading/.test(i.label)));

    // Saved unchanged: the same content is not read again.
    site.service.fileEvents([{ uri: site.uriOf('api.yaml'), type: 'changed' }]);
    assert.equal(site.project.workspace.spec('api.yaml').ok, true);

    // A new text is read again, in the worker.
    nextLoad = new Promise<void>((resolve) => (loaded = resolve));
    fs.writeFileSync(path.join(site.root, 'api.yaml'), `${LONG_SPEC}  /nope:\n    get: {}\n`);
    site.service.fileEvents([{ uri: site.uriOf('api.yaml'), type: 'changed' }]);
    assert.deepEqual(codes(site.check()['docs.json']), []);
    await nextLoad;
    assert.deepEqual(codes(site.check()['docs.json']), []);
  } finally {
    site.service.dispose();
  }
});

function load(loader: WorkerSpecLoader, file: string, text: string, hash = text): Promise<LoadedSpec> {
  return new Promise((resolve) => {
    const now = loader.load({ file, absolute: `/docs/${file}`, text, hash }, resolve);
    assert.equal(!now.ok && now.problem, 'loading');
  });
}

test('the worker: a spec that needs more memory than its limit is a finding naming the limit, and the next spec is read', async () => {
  const loader = new WorkerSpecLoader(WORKER, 16);
  try {
    const lines = ['openapi: 3.1.0', 'paths:'];
    for (let i = 0; i < 400_000; i++) lines.push(`  /users${i}:`, '    get: {summary: A user}');
    const big = await load(loader, 'big.yaml', lines.join('\n'));
    assert.ok(!big.ok && big.problem === 'invalid', JSON.stringify(big).slice(0, 200));
    assert.match(big.message, /needs more than 16 MB of memory, the limit for one spec/);
    const small = await load(loader, 'api.yaml', LONG_SPEC);
    assert.ok(small.ok && small.endpoints.has('GET /users'));
  } finally {
    loader.dispose();
  }
});

test('the worker: a short spec is read at once, in process (JSON up to 2 MB)', () => {
  const loader = new WorkerSpecLoader(WORKER);
  const spec = loader.load({ file: 'api.yaml', absolute: '/docs/api.yaml', text: SPEC, hash: 'h' }, () => assert.fail('no worker for a short spec'));
  assert.ok(spec.ok && spec.endpoints.has('GET /users'));
  const paths = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`/users${i}`, { get: { summary: 'A user' } }]));
  const json = JSON.stringify({ openapi: '3.1.0', paths });
  assert.ok(json.length > IN_PROCESS_SPEC_BYTES && json.length < IN_PROCESS_JSON_SPEC_BYTES);
  const read = loader.load({ file: 'api.json', absolute: '/docs/api.json', text: json, hash: 'j' }, () => assert.fail('no worker for a JSON spec this short'));
  assert.ok(read.ok && read.endpoints.size === 20_000);
  loader.dispose();
});

test('the worker: texts of one file queued behind a running read are replaced by the newest; the same content is read once', async () => {
  const loader = new WorkerSpecLoader(WORKER);
  try {
    const version = (n: number) => `${LONG_SPEC}  /v${n}:\n    get: {}\n`;
    const answered: number[] = [];
    const reads = [1, 2, 3].map((n) => load(loader, 'api.yaml', version(n)).then((spec) => (answered.push(n), spec)));
    const again = load(loader, 'api.yaml', version(3));
    const [first, , third] = await Promise.all([reads[0], reads[2], again]);
    assert.ok(first.ok && first.endpoints.has('GET /v1'));
    assert.ok(third.ok && third.endpoints.has('GET /v3'));
    assert.deepEqual(answered, [1, 3], 'the second text, replaced before it started, is never read');
  } finally {
    loader.dispose();
  }
});

test('endpoint completion on a spec of over 1,000 operations: those holding what is typed, 1,000 at most, asked for again on the next key', () => {
  const lines = ['openapi: 3.1.0', 'paths:'];
  for (let i = 0; i < 1500; i++) lines.push(`  /users${i}:`, '    get: {}');
  const files = { 'api.yaml': lines.join('\n') };
  const labels = (typed: string) => {
    const site = openSite(`{"navigation": {"groups": [{"group": "API", "openapi": "api.yaml", "pages": ["${typed}|"]}]}}`, { files });
    const list = site.service.complete(site.project, site.uri, site.position);
    return { incomplete: list?.isIncomplete ?? false, labels: (list?.items ?? []).map((i) => i.label).filter((l) => l.startsWith('GET')) };
  };
  const all = labels('');
  assert.equal(all.labels.length, 1000);
  assert.equal(all.incomplete, true);
  const typed = labels('get /users149');
  assert.deepEqual(typed.labels, ['GET /users149', ...Array.from({ length: 10 }, (_, i) => `GET /users149${i}`)]);
});

test('the worker: its packed answer gives the same operations as reading in process (webhooks, absent fields, NUL and astral characters)', async () => {
  const loader = new WorkerSpecLoader(WORKER);
  try {
    const text =
      `${LONG_SPEC}  /odd/{id}:\n    post:\n      summary: "a\\0b \u{1F600} \u00e9"\n      operationId: make\n    delete: {}\n` +
      'webhooks:\n  /hooked:\n    post:\n      description: Sent on change\n';
    const read = await load(loader, 'api.yaml', text);
    const local = readSpec('api.yaml', text);
    assert.ok(read.ok && local.ok);
    assert.deepEqual([...read.endpoints.entries()], [...local.endpoints.entries()]);
    assert.deepEqual([...read.endpoints.keys()], ['GET /users', 'POST /odd/{id}', 'DELETE /odd/{id}', 'WEBHOOK hooked']);
    assert.equal(read.endpoints.get('POST /odd/{id}')?.summary, 'a\0b \u{1F600} \u00e9');
    const over = await load(loader, 'over.yaml', `${LONG_SPEC}${Array.from({ length: 100_001 }, (_, i) => `  /u${i}:\n    get: {}\n`).join('')}`);
    assert.ok(!over.ok && over.message === 'it has more than 100,000 operations, the limit for an OpenAPI spec');
  } finally {
    loader.dispose();
  }
});
