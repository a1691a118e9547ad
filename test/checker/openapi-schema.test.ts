// openapi-schema: the specs a site uses, validated as the platform validates them (`mint validate`), each problem on
// the spec file where it is written; flagged and quiet twins, the corpus specs quiet, and the worker's budgets.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { MAX_VALIDATED_YAML_BYTES, SpecValidation } from '../../server/src/checker/openapi/spec-validation';
import { inProcessSpecValidator, validateSpecText } from '../../server/src/checker/openapi/validate-spec';
import { SPEC_VALIDATION_HEAP_MB, SPEC_VALIDATION_YOUNG_MB, WorkerSpecValidator } from '../../server/src/project/spec-validation-loader';
import { findingsOf, repoWith } from '../helpers/docs-repo';
import { usersSpec } from '../helpers/openapi-specs';
import { tempRepo } from '../helpers/temp-repo';

const WORKER = path.resolve(__dirname, '../../dist/server/spec-validation-worker.js');
const CORPUS = path.resolve(__dirname, '../../../shared/corpus');

const jsonSpec = (document: object) => JSON.stringify({ openapi: '3.1.0', paths: { '/orders': { get: { responses: { '200': { description: 'OK' } } } } }, ...document }, null, 2);

/** The openapi-schema findings of a site whose group uses `spec` (named `file`), once its validation is answered. */
async function schemaFindings(file: string, spec: string) {
  const root = tempRepo({ ...repoWith({ groups: [{ group: 'API', openapi: file, pages: [] }] }), [file]: spec });
  const workspace = new DocsWorkspace(root);
  workspace.specValidator = inProcessSpecValidator;
  let ready = 0;
  workspace.onSpecReady = () => ready++;
  assert.deepEqual(findingsOf(root, checkDocs(workspace).diagnostics).filter((f) => f.code === 'openapi-schema'), [], 'nothing said while it is validated');
  await workspace.whenValidated();
  const findings = findingsOf(root, checkDocs(workspace).diagnostics).filter((f) => f.code === 'openapi-schema');
  assert.equal(ready, findings.length ? 1 : 0, 'the check is asked for again once the spec is validated, when it has something to say');
  return { root, workspace, findings };
}

test('openapi-schema: a YAML response without its description is flagged on the response key in the spec; with it, quiet', async () => {
  const { findings } = await schemaFindings('api/openapi.yaml', usersSpec('descriptio: OK'));
  assert.deepEqual(findings.map((f) => [f.file, f.line, f.text, f.severity]), [['api/openapi.yaml', 10, '"200"', 'error']]);
  assert.match(findings[0].message, /paths › \/users › get › responses › 200.*neither a `\$ref` nor a valid object/);
  assert.deepEqual((await schemaFindings('api/openapi.yaml', usersSpec('description: OK'))).findings, []);
});

test('openapi-schema: a JSON spec without `info` is flagged at its top; with it, quiet', async () => {
  const { findings } = await schemaFindings('openapi.json', jsonSpec({}));
  assert.deepEqual(findings.map((f) => [f.file, f.line, f.text]), [['openapi.json', 1, '']]);
  assert.match(findings[0].message, /its top level: must have required property 'info'/);
  assert.deepEqual((await schemaFindings('openapi.json', jsonSpec({ info: { title: 'A', version: '1' } }))).findings, []);
});

test('openapi-schema: a path that does not start with a slash is flagged on `paths`; with the slash, quiet', async () => {
  const spec = (key: string) => jsonSpec({ info: { title: 'A', version: '1' }, paths: { [key]: { get: { responses: { '200': { description: 'OK' } } } } } });
  const { findings } = await schemaFindings('openapi.json', spec('orders'));
  assert.deepEqual(findings.map((f) => [f.line, f.text]), [[3, '"paths"']]);
  assert.match(findings[0].message, /Property orders is not expected to be here/);
  assert.deepEqual((await schemaFindings('openapi.json', spec('/orders'))).findings, []);
});

test('openapi-schema: a $ref to another file is refused where it is written (as the platform does, before validating); a local one is not', async () => {
  const spec = (ref: string) =>
    usersSpec(`description: OK\n          content:\n            application/json:\n              schema:\n                $ref: "${ref}"`) +
    'components:\n  schemas:\n    User:\n      type: object\n';
  const { findings } = await schemaFindings('api.yaml', spec('./schemas.yaml#/User'));
  assert.deepEqual(findings.map((f) => [f.line, f.text]), [[15, '$ref']]);
  assert.match(findings[0].message, /a `\$ref` to another file or URL \('\.\/schemas\.yaml#\/User'\)/);
  assert.deepEqual((await schemaFindings('api.yaml', spec('#/components/schemas/User'))).findings, []);
});

test('openapi-schema: a reference to nothing is flagged on its $ref; Swagger 2.0 and an unknown version are refused, OpenAPI 3.0 and 3.1 are not', async () => {
  // (The validator resolves a reference into a section that is there even when its name is not: so does the platform.)
  const ref = (components: string) =>
    usersSpec(`description: OK\n          content:\n            application/json:\n              schema:\n                $ref: '#/components/schemas/User'`) + components;
  const missing = await schemaFindings('api.yaml', ref(''));
  assert.deepEqual(missing.findings.map((f) => [f.line, f.text]), [[15, "$ref: '#/components/schemas/User'"]]);
  assert.match(missing.findings[0].message, /cannot resolve the reference '#\/components\/schemas\/User'/);
  assert.deepEqual((await schemaFindings('api.yaml', ref('components:\n  schemas:\n    User:\n      type: object\n'))).findings, []);

  const swagger = await schemaFindings('api.yaml', 'swagger: "2.0"\ninfo:\n  title: A\n  version: "1"\npaths:\n  /users:\n    get:\n      responses:\n        "200":\n          description: OK\n');
  assert.deepEqual(swagger.findings.map((f) => [f.line, f.text]), [[1, 'swagger']]);
  assert.match(swagger.findings[0].message, /Swagger 2\.0/);
  const version = await schemaFindings('openapi.json', jsonSpec({ openapi: '4.0.0', info: { title: 'A', version: '1' } }));
  assert.deepEqual(version.findings.map((f) => [f.line, f.text]), [[2, '"openapi"']]);
});

test('openapi-schema: a spec edited is validated again (once per content), and its findings go when it is fixed', async () => {
  const { root, workspace, findings } = await schemaFindings('api.yaml', usersSpec('descriptio: OK'));
  assert.equal(findings.length, 1);
  fs.writeFileSync(path.join(root, 'api.yaml'), usersSpec('description: OK'));
  workspace.invalidate('api.yaml');
  checkDocs(workspace);
  await workspace.whenValidated();
  assert.deepEqual(findingsOf(root, checkDocs(workspace).diagnostics).filter((f) => f.code === 'openapi-schema'), []);
});

test('openapi-schema: copies of one spec under two names are validated once, and each gets its findings', async () => {
  const spec = usersSpec('descriptio: OK');
  const root = tempRepo({ ...repoWith({ tabs: [{ tab: 'A', openapi: 'v1.yaml', pages: [] }, { tab: 'B', openapi: 'v2.yaml', pages: [] }] }), 'v1.yaml': spec, 'v2.yaml': spec });
  const workspace = new DocsWorkspace(root);
  let validations = 0;
  workspace.specValidator = { validate: (request, ready) => (validations++, inProcessSpecValidator.validate(request, ready)) };
  checkDocs(workspace);
  await workspace.whenValidated();
  const found = () => findingsOf(root, checkDocs(workspace).diagnostics).filter((f) => f.code === 'openapi-schema').map((f) => [f.file, f.line]);
  assert.deepEqual(found(), [['v1.yaml', 10], ['v2.yaml', 10]]);
  assert.equal(validations, 1);
  // A third copy, read after the answer, takes it at once.
  fs.writeFileSync(path.join(root, 'v2.yaml'), `${spec}\n`);
  workspace.invalidate('v2.yaml');
  checkDocs(workspace);
  await workspace.whenValidated();
  fs.writeFileSync(path.join(root, 'v2.yaml'), spec);
  workspace.invalidate('v2.yaml');
  assert.deepEqual(found(), [['v1.yaml', 10], ['v2.yaml', 10]]);
  assert.equal(validations, 2);
});

test('openapi-schema: a site that may apply OpenAPI overlays (which the platform applies before validating) gets no finding', async () => {
  const broken = usersSpec('descriptio: OK');
  const named = tempRepo({ ...repoWith({ groups: [{ group: 'API', openapi: 'api.yaml', pages: [] }] }, [], { api: { openapi: { source: 'api.yaml', overlays: ['fix.yaml'] } } }), 'api.yaml': broken, 'fix.yaml': 'overlay: 1.0.0\n' });
  const found = tempRepo({ ...repoWith({ groups: [{ group: 'API', openapi: 'api.yaml', pages: [] }] }), 'api.yaml': broken, 'specs/api.overlay.yaml': 'overlay: 1.0.0\n' });
  for (const root of [named, found]) {
    const workspace = new DocsWorkspace(root);
    workspace.specValidator = inProcessSpecValidator;
    checkDocs(workspace);
    assert.equal(await workspace.whenValidated(), false);
    assert.deepEqual(findingsOf(root, checkDocs(workspace).diagnostics).filter((f) => f.code === 'openapi-schema'), []);
  }
});

test('openapi-schema: an overlay file added after a check quiets the next one; removed, the finding is back (the answer follows the file list)', async () => {
  const { root, workspace, findings } = await schemaFindings('api.yaml', usersSpec('descriptio: OK'));
  assert.equal(findings.length, 1);
  workspace.files.add('specs/api.overlay.yaml');
  assert.deepEqual(findingsOf(root, checkDocs(workspace).diagnostics).filter((f) => f.code === 'openapi-schema'), []);
  workspace.files.remove('specs/api.overlay.yaml');
  assert.equal(findingsOf(root, checkDocs(workspace).diagnostics).filter((f) => f.code === 'openapi-schema').length, 1);
});

test('openapi-schema: every spec of the corpus validates (the live sites deploy them): no finding', async () => {
  const specs = [
    'polarsource__polar/openapi/2026-04.openapi.json',
    'meilisearch__documentation/assets/open-api/meilisearch-openapi-mintlify.json',
    'langgenius__dify-docs/en/api-reference/openapi_service.json',
    'triggerdotdev__trigger.dev/openapi.yml',
    'triggerdotdev__trigger.dev/v3-openapi.yaml',
  ];
  for (const spec of specs) assert.deepEqual(await validateSpecText(fs.readFileSync(path.join(CORPUS, spec), 'utf8')), { state: 'done', problems: [] }, spec);
});

function validateIn(validator: WorkerSpecValidator, text: string, absolute = '/docs/api.yaml'): Promise<SpecValidation> {
  return new Promise((resolve) => validator.validate({ file: 'api.yaml', absolute, text, hash: text }, resolve));
}

test('openapi-schema in the worker: problems as in process; deep $ref cycles answer; a spec too large is not validated, with a note', async () => {
  assert.ok(fs.existsSync(WORKER), `${WORKER} is built by scripts/build.mjs`);
  const validator = new WorkerSpecValidator(WORKER);
  try {
    const flagged = await validateIn(validator, usersSpec('descriptio: OK'));
    assert.deepEqual(flagged, await validateSpecText(usersSpec('descriptio: OK')));
    // 300 schemas, each referring to the next and to itself, and the last to the first.
    const schemas: Record<string, object> = {};
    for (let i = 0; i < 300; i++) schemas[`S${i}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/S${(i + 1) % 300}` }, self: { $ref: `#/components/schemas/S${i}` } } };
    const cyclic = jsonSpec({ info: { title: 'A', version: '1' }, components: { schemas } });
    assert.deepEqual(await validateIn(validator, cyclic), { state: 'done', problems: [] });
    const huge = `openapi: 3.0.3\ninfo: {title: A, version: "1"}\npaths: {}\nx-padding: "${'x'.repeat(MAX_VALIDATED_YAML_BYTES)}"\n`;
    const skipped = await validateIn(validator, huge);
    assert.equal(skipped.state, 'skipped');
    assert.match(skipped.state === 'skipped' ? skipped.note : '', /^not validated: it is too large \(4\.0 MB, over the 4 MB/);
  } finally {
    validator.dispose();
  }
});

test('openapi-schema in the worker: past its time budget or its memory the worker is ended and the spec is said not validated; the next one is validated', async () => {
  const slow = new WorkerSpecValidator(WORKER, 0);
  try {
    const timedOut = await validateIn(slow, usersSpec('descriptio: OK'));
    assert.deepEqual(timedOut, { state: 'skipped', note: 'not validated: it took longer than 0 s' });
  } finally {
    slow.dispose();
  }
  const small = new WorkerSpecValidator(WORKER, 60_000, 8);
  try {
    const big = jsonSpec({ info: { title: 'A', version: '1' }, 'x-data': Array.from({ length: 200_000 }, (_, i) => ({ id: i, name: `item ${i}` })) });
    const outOfMemory = await validateIn(small, big);
    assert.deepEqual(outOfMemory, { state: 'skipped', note: 'not validated: it needs more than 8 MB of memory' });
  } finally {
    small.dispose();
  }
  const next = new WorkerSpecValidator(WORKER);
  try {
    // A queued text replaced by a newer one of the same file is answered at once; the newer one is validated.
    const [replaced, latest] = await Promise.all([validateIn(next, usersSpec('descriptio: OK')), validateIn(next, usersSpec('descriptio: OK\n')), validateIn(next, usersSpec('description: OK'))].slice(1));
    assert.equal(replaced.state, 'skipped');
    assert.deepEqual(latest, { state: 'done', problems: [] });
  } finally {
    next.dispose();
  }
});

test('openapi-schema in the worker: ended as soon as nothing is queued (its heap is not kept through the pages\' pass)', async () => {
  const validator = new WorkerSpecValidator(WORKER);
  try {
    const both = Promise.all([
      new Promise<SpecValidation>((resolve) => validator.validate({ file: 'a.yaml', absolute: '/docs/a.yaml', text: usersSpec('description: OK'), hash: 'a' }, resolve)),
      new Promise<SpecValidation>((resolve) => validator.validate({ file: 'b.yaml', absolute: '/docs/b.yaml', text: usersSpec('descriptio: OK'), hash: 'b' }, resolve)),
    ]);
    assert.equal(validator.alive, true);
    const [a, b] = await both;
    assert.equal(a.state, 'done');
    assert.equal(b.state === 'done' && b.problems.length, 1);
    assert.equal(validator.alive, false, 'ended once the queue is empty');
    assert.deepEqual(await validateIn(validator, usersSpec('description: OK')), { state: 'done', problems: [] }, 'a new worker for the next spec');
    assert.equal(validator.alive, false);
  } finally {
    validator.dispose();
  }
});

test('openapi-schema in the worker: the worker starts with its old and young generations capped (the young one below V8\'s default 48 MB)', async () => {
  // A stand-in worker that answers each spec with the limits it was started with.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-limits-'));
  const script = path.join(dir, 'limits-worker.js');
  fs.writeFileSync(
    script,
    `const { parentPort, resourceLimits } = require('node:worker_threads');
parentPort.on('message', ({ id }) => parentPort.postMessage({ id, validation: { state: 'skipped', note: JSON.stringify(resourceLimits) } }));`,
  );
  const validator = new WorkerSpecValidator(script);
  try {
    const answer = await validateIn(validator, usersSpec('description: OK'));
    const limits = JSON.parse(answer.state === 'skipped' ? answer.note : '{}') as { maxOldGenerationSizeMb?: number; maxYoungGenerationSizeMb?: number };
    assert.equal(limits.maxOldGenerationSizeMb, SPEC_VALIDATION_HEAP_MB);
    assert.equal(limits.maxYoungGenerationSizeMb, SPEC_VALIDATION_YOUNG_MB);
    assert.ok(SPEC_VALIDATION_YOUNG_MB < 48);
  } finally {
    validator.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
