import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { stringify } from 'yaml';
import { generateOpenApiSpec } from '../../bench/openapi-fixture';
import { SeededRandom } from '../../bench/seeded-random';
import { makeSourceFile } from '../../server/src/checker/json/json-tree';
import {
  endpointsFromYamlDocument,
  endpointsFromYamlScan,
  MAX_FULL_YAML_BYTES,
  MAX_SPEC_BYTES,
  MAX_SPEC_OPERATIONS,
  readSpec,
  SpecEndpoint,
} from '../../server/src/checker/openapi/openapi-spec';
import { Unsupported } from '../../server/src/checker/openapi/yaml-scan';
import { MAX_SUGGESTED_FROM } from '../../server/src/checker/rules/endpoints/rule';
import { CORPUS_DIR, NO_CORPUS } from '../helpers/corpus';
import { makeDocsRepo, repoWith } from '../helpers/docs-repo';
import { tempRepo } from '../helpers/temp-repo';
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { MAX_READ_BYTES } from '../../server/src/checker/workspace/docs-workspace';
import { mutate } from '../helpers/fuzz-mutations';

/** What the scanner reads, or `unsupported`, or the error it gives. */
function scanned(text: string): Map<string, SpecEndpoint> | 'unsupported' | Error {
  try {
    return endpointsFromYamlScan(text);
  } catch (error) {
    return error instanceof Unsupported ? 'unsupported' : (error as Error);
  }
}

function full(text: string): Map<string, SpecEndpoint> | Error {
  try {
    return endpointsFromYamlDocument(text);
  } catch (error) {
    return error as Error;
  }
}

/** Both readings of the text agree (when the scanner follows it and the document is valid); true when compared. */
function assertAgree(name: string, text: string): boolean {
  const fast = scanned(text);
  const slow = full(text);
  if (fast === 'unsupported') return false;
  if (slow instanceof Error) return false;
  assert.ok(!(fast instanceof Error), `${name}: the scanner failed (${String(fast)}) where the document reads`);
  assert.deepEqual([...fast.entries()], [...slow.entries()], name);
  return true;
}

const SPEC = `openapi: 3.1.0 # version
info:
  title: "Users: API"
  description: |
    Multi-line
    text
paths:
  # a comment at any indentation
  /users:
    get:
      summary: List users
      operationId: 'list''users'
      description: >
        Folded
        text
    POST: {summary: Create, operationId: create}
    parameters: []
  "/users/{id}":
    get:
      summary: 42
      description: "Quoted: with colon"
    delete: {"summary": "Delete", "description": "Gone"}
    put:
      summary:
        a plain scalar
        over two lines
  /empty:
  /scalar: text
  /blocks:
    get:
      summary: |-
        Stripped
      description: |+
        Kept

          more indented
        # not a comment


    post:
      description: >-
        Folded
        into one line
      summary: >
        Folded, clipped
    put:
      description: |
        Literal

        with an empty line
      summary: |2
         explicit indentation
    patch:
      description: >
        Folded

        paragraphs
webhooks:
  userCreated:
    post:
      summary: Created
    get:
      summary: second method of a webhook is not listed
components: {schemas: {}}
`;

test('YAML specs: the line scanner reads the operations, fields and offsets the full YAML document reads', () => {
  assert.ok(assertAgree('hand-written', SPEC));
  assert.ok(assertAgree('crlf', SPEC.replace(/\n/g, '\r\n')));
  assert.ok(assertAgree('document marker', `---\n${SPEC}`));
  const atEnd = 'openapi: 3.1.0\npaths:\n  /a:\n    get:\n      description: |\n        last line';
  for (const ending of ['', '\n', '\n\n']) assert.ok(assertAgree(`block scalar at the end (${JSON.stringify(ending)})`, atEnd + ending));
  // The first tag (the folder of a generated page, issue 45): flow and block lists, none, an empty list, a quoted one.
  const tagged = 'openapi: 3.1.0\npaths:\n  /a:\n    get:\n      tags: [Agents, B]\n    post:\n      tags:\n        - "Run agents"\n        - B\n    put:\n      summary: x\n    patch:\n      tags: []\n    delete: { tags: [X] }\n';
  assert.ok(assertAgree('tags', tagged));
  assert.deepEqual([...(scanned(tagged) as Map<string, SpecEndpoint>).values()].map((e) => e.tag), ['Agents', 'Run agents', '', '', 'X']);
  const read = scanned(SPEC) as Map<string, SpecEndpoint>;
  assert.deepEqual([...read.keys()], [
    'GET /users', 'POST /users', 'GET /users/{id}', 'DELETE /users/{id}', 'PUT /users/{id}',
    'GET /blocks', 'POST /blocks', 'PUT /blocks', 'PATCH /blocks', 'WEBHOOK userCreated',
  ]);
  assert.equal(read.get('GET /blocks')?.description, 'Kept\n\n  more indented\n# not a comment\n\n\n');
  assert.equal(read.get('GET /users')?.operationId, "list'users");
  assert.equal(read.get('PUT /users/{id}')?.summary, 'a plain scalar over two lines');
  assert.equal(read.get('GET /users/{id}')?.summary, undefined);

  const json = JSON.parse(generateOpenApiSpec(300, new SeededRandom(5)).text);
  assert.ok(assertAgree('generated, block style', stringify(json)));
  assert.ok(assertAgree('generated, flow operations', stringify(json, { collectionStyle: 'block', flowCollectionPadding: false }).replace(/^( {4}(?:get|post|patch|delete):)\n[\s\S]*?(?=^ {4}\S|^ {2}\S|^\S)/gm, '$1 {}\n')));
});

test('YAML specs: the line scanner reads the corpus specs as the full YAML document reads them', { skip: NO_CORPUS }, () => {
  const corpus = ['triggerdotdev__trigger.dev/openapi.yml', 'triggerdotdev__trigger.dev/v3-openapi.yaml'];
  for (const file of corpus) assert.ok(assertAgree(file, fs.readFileSync(path.join(CORPUS_DIR, file), 'utf8')), file);
});

test('YAML specs: mutated specs read the same by the scanner and the full document, where both read them', () => {
  const random = new SeededRandom(17);
  const text = stringify(JSON.parse(generateOpenApiSpec(15, random).text)) + SPEC.slice(SPEC.indexOf('webhooks:'));
  let compared = 0;
  for (let i = 0; i < 150; i++) {
    const mutated = mutate(text, random, { siblingFiles: [] }, ['byte-flip', 'truncate', 'random-unicode', 'crlf', 'duplicate-token', 'delete-token']).text;
    if (assertAgree(`mutated-${i}`, mutated)) compared++;
  }
  assert.ok(compared > 30, `${compared} of 150 mutated specs compared`);
});

test('YAML specs: what the scanner cannot follow is read by the full document when small, refused naming the limit when large', () => {
  const anchored = 'openapi: 3.1.0\npaths: &p\n  /a:\n    get: {}\n';
  assert.equal(scanned(anchored), 'unsupported');
  const small = readSpec('anchored.yaml', anchored);
  assert.ok(small.ok && small.endpoints.has('GET /a'));
  const large = readSpec('anchored.yaml', anchored + `x: "${'y'.repeat(MAX_FULL_YAML_BYTES)}"\n`);
  assert.ok(!large.ok && large.problem === 'invalid');
  assert.match(large.message, /over 2 MB are read line by line, in block style.*paths: &p|over 2 MB.*anchor|over 2 MB/);
  assert.match(large.message, /line 2/);
  const huge = readSpec('huge.yaml', `openapi: 3.1.0\nx: "${'y'.repeat(MAX_SPEC_BYTES)}"\n`);
  assert.ok(!huge.ok && huge.problem === 'invalid' && /over the 40 MB limit for an OpenAPI spec/.test(huge.message), JSON.stringify(!huge.ok && huge.message));
});

test('YAML specs: a spec of 100,000 paths (the limit) in block style is read by the scanner with exact positions; one more is refused naming the limit', () => {
  const lines = ['openapi: 3.1.0', 'paths:'];
  for (let i = 0; i < MAX_SPEC_OPERATIONS; i++) lines.push(`  /users${i}:`, '    get: {}');
  const text = lines.join('\n');
  const read = readSpec('big.yaml', text);
  assert.ok(read.ok);
  assert.equal(read.endpoints.size, MAX_SPEC_OPERATIONS);
  const last = read.endpoints.get(`GET /users${MAX_SPEC_OPERATIONS - 1}`)!;
  assert.equal(makeSourceFile('big.yaml', text).lines.offsetAt({ line: last.line, character: last.character }), text.lastIndexOf('get'));
  assert.deepEqual([last.line, last.character], [2 * MAX_SPEC_OPERATIONS + 1, 4]);
  // The same operation written twice counts once; one operation more is refused, in YAML and in JSON.
  const over = readSpec('big.yaml', `${text}\n  /users0:\n    get: {}\n  /more:\n    post: {}`);
  assert.ok(!over.ok && over.problem === 'invalid');
  assert.equal(over.message, 'it has more than 100,000 operations, the limit for an OpenAPI spec');
  const paths = Object.fromEntries(Array.from({ length: MAX_SPEC_OPERATIONS + 1 }, (_, i) => [`/u${i}`, { get: {} }]));
  const json = readSpec('big.json', JSON.stringify({ openapi: '3.1.0', paths }));
  assert.ok(!json.ok && /more than 100,000 operations/.test(json.message));
});

test('unknown endpoints: the nearest operation is suggested from a spec of up to MAX_SUGGESTED_FROM operations, not from larger ones', () => {
  const specOf = (count: number) => ['openapi: 3.1.0', 'paths:', ...Array.from({ length: count }, (_, i) => `  /users${i}:\n    get: {}`)].join('\n');
  const nav = { groups: [{ group: 'API', openapi: 'api.yaml', pages: ['GET /users1x'] }] };
  const unknown = (spec: string) => checkDocs(new DocsWorkspace(tempRepo({ ...repoWith(nav), 'api.yaml': spec }))).diagnostics.filter((d) => d.code === 'unknown-endpoint');
  const [small] = unknown(specOf(100));
  assert.match(small.message, /nearest: 'GET \/users1'/);
  const [large] = unknown(specOf(MAX_SUGGESTED_FROM + 1));
  assert.match(large.message, /'GET \/users1x' is not in api.yaml: no operation GET \/users1x$/);
});

test('a spec file over the read limit is an invalid-openapi finding naming the limit, not a missing file', () => {
  const files = repoWith({ groups: [{ group: 'API', openapi: 'huge.yaml', pages: ['GET /users'] }] });
  const root = makeDocsRepo({ ...files, 'huge.yaml': '' });
  try {
    fs.truncateSync(path.join(root, 'huge.yaml'), MAX_READ_BYTES + 1); // sparse: nothing is written
    const findings = checkDocs(new DocsWorkspace(root), undefined).diagnostics.filter((d) => /openapi|endpoint/.test(d.code));
    assert.deepEqual(findings.map((d) => d.code), ['invalid-openapi']);
    assert.match(findings[0].message, /cannot be read: it is over 64 MB, the limit for a file the checker reads/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('issue 45: an operation\'s x-mint.href is read alike by the line scanner and the full document (block, flow, nested, none)', () => {
  const text = [
    'openapi: 3.1.0',
    'paths:',
    '  /a:',
    '    get:',
    '      summary: A',
    '      x-mint:',
    '        metadata:',
    '          href: /nested/not-this',
    '        href: /guides/a-page',
    '    post:',
    '      x-mint: { href: "/flow/page" }',
    '    put: { "summary": "json slice", "x-mint": { "href": "/json/page" } }',
    '    patch: { summary: yaml slice, x-mint: { href: /yaml/page } }',
    '    delete:',
    '      x-mint:',
    '        href: 5',
    '    options:',
    '      summary: none',
    '',
  ].join('\n');
  assert.ok(assertAgree('x-mint', text));
  assert.deepEqual([...(scanned(text) as Map<string, SpecEndpoint>).values()].map((e) => e.href), ['/guides/a-page', '/flow/page', '/json/page', '/yaml/page', undefined, undefined]);
});
