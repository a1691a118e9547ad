import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { generateOpenApiSpec } from '../../bench/openapi-fixture';
import { SeededRandom } from '../../bench/seeded-random';
import { makeSourceFile, MAX_NESTING } from '../../server/src/checker/json/json-tree';
import { parseStrictJson } from '../../server/src/checker/json/strict-json-tree';
import { readSpec } from '../../server/src/checker/openapi/openapi-spec';
import { CORPUS_DIR, NO_CORPUS } from '../helpers/corpus';
import { mutate, TEXT_MUTATIONS } from '../helpers/fuzz-mutations';

/**
 * A trailing comment is not strict JSON, so the same spec with one appended is read by jsonc-parser's path
 * (which accepts comments) with every offset unchanged: both readings must agree. Text that is not strict JSON
 * takes jsonc-parser's path anyway; false when the fast pass did not take the text.
 */
function assertBothPathsAgree(file: string, text: string): boolean {
  if (!parseStrictJson(makeSourceFile(file, text), text.charCodeAt(0) === 0xfeff ? 1 : 0, MAX_NESTING)) return false;
  const fast = readSpec(file, text);
  const tolerant = readSpec(file, `${text}\n// forces jsonc-parser`);
  const { text: _a, ...fastRest } = fast as { text?: string };
  const { text: _b, ...tolerantRest } = tolerant as { text?: string };
  assert.deepEqual(fastRest, tolerantRest, file);
  return true;
}

function corpusSpecs(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/openapi.*\.json$/i.test(entry.name)) found.push(full);
    }
  };
  walk(CORPUS_DIR);
  return found.sort();
}

test('JSON specs: the fast pass and jsonc-parser read the same operations, summaries and offsets of the corpus specs', { skip: NO_CORPUS }, () => {
  const specs = corpusSpecs();
  assert.ok(specs.length >= 5, `corpus specs: ${specs.join(', ')}`);
  for (const file of specs) assert.ok(assertBothPathsAgree(file, fs.readFileSync(file, 'utf8')), file);
});

test('JSON specs: the fast pass and jsonc-parser read the same operations, summaries and offsets', () => {
  const synthetic = generateOpenApiSpec(300, new SeededRandom(3)).text;
  assert.ok(assertBothPathsAgree('synthetic.json', synthetic));
  assert.ok(assertBothPathsAgree('bom.json', `\ufeff${synthetic}`));
  const duplicates = '{"openapi": "3.0.0", "openapi": 1, "paths": {"/a": {"get": {"summary": "first", "summary": "second"}, "GET": {}}}, "paths": {}}';
  assert.ok(assertBothPathsAgree('duplicates.json', duplicates));
  const read = readSpec('duplicates.json', duplicates);
  assert.equal(read.ok && read.endpoints.get('GET /a')?.summary, 'first');
  for (const notSpec of ['[1]', '{"paths": {}}', '{"openapi": 3}']) {
    assert.ok(assertBothPathsAgree('not-a-spec.json', notSpec));
    assert.equal(readSpec('not-a-spec.json', notSpec).ok, false);
  }
});

test('JSON specs: mutated specs read the same both ways', () => {
  const random = new SeededRandom(99);
  const text = generateOpenApiSpec(40, random).text;
  let compared = 0;
  for (let i = 0; i < 200; i++) if (assertBothPathsAgree(`mutated-${i}.json`, mutate(text, random, { siblingFiles: [] }, TEXT_MUTATIONS).text)) compared++;
  assert.ok(compared > 20 && compared < 200, `${compared} of 200 mutated specs were strict JSON`);
});

test('JSON specs: only `openapi`, `paths` and `webhooks` are built as trees, the rest skipped over, with the same result', () => {
  const escaped = '{"info": {"x": [1, "a\\"}]", {"y": null}]}, "openapi": "3.1.0", "pa\\u0074hs": {"/a": {"post": {"summary": "S \\"q\\""}}}, "webhooks": {"w": {"post": {}}}, "tags": [true], "n": -1.5e3}';
  assert.ok(assertBothPathsAgree('escaped.json', escaped));
  const read = readSpec('escaped.json', escaped);
  assert.ok(read.ok);
  assert.equal(read.endpoints.size, 2);
  assert.equal(read.endpoints.get('POST /a')?.summary, 'S "q"');
  // Nested over the limit outside the sections read: refused as the whole-tree reading refuses it.
  const depth = MAX_NESTING + 5;
  const refused = readSpec('deep.json', `{"openapi": "3.0.0", "components": ${'['.repeat(depth)}${']'.repeat(depth)}, "paths": {}}`);
  assert.equal(refused.ok, false);
  assert.match(!refused.ok ? refused.message : '', /nested deeper than/);
});

test('JSON specs: the scan without trees reads odd shapes as the trees do (repeated keys, escapes, non-object items, webhooks)', () => {
  const odd = JSON.stringify({ openapi: '3.1.0' }).slice(0, -1) +
    ',"webhooks":{"w":{"parameters":[],"get":{"summary":"a"},"post":{}},"w":{"put":{}}},' +
    '"paths":{"/a":{"summary":"s","servers":[{"x":1}],"get":{"summary":"\\u0041\\"","summary":"z","operationId":5,"operationId":"q"},"GET":{"summary":"dup"},"x-foo":{"a":{}}},' +
    '"/a":{"post":[]},"/b":"str","/c":{"delete":{"description":"d","tags":[{"a":[1,2,{"b":"}"}]}]}},"/d\\u002fe":{"PATCH":{"summary":"p"}}},' +
    '"paths":{"/ignored":{"get":{}}},"n":-1.5e3,"t":true,"z":null}';
  assert.ok(assertBothPathsAgree('odd.json', odd));
  const read = readSpec('odd.json', odd);
  assert.ok(read.ok);
  assert.deepEqual([...read.endpoints.keys()], ['GET /a', 'DELETE /c', 'PATCH /d/e', 'WEBHOOK w']);
  const get = read.endpoints.get('GET /a');
  // The first of repeated fields counts, even when it is no string (`operationId: 5`).
  assert.deepEqual([get?.summary, get?.operationId], ['A"', undefined]);
  assert.equal(read.endpoints.get('WEBHOOK w')?.offset, odd.indexOf('"get"'), 'a webhook is its first operation');
});

test('issue 45: an operation\'s x-mint.href (its generated page\'s own path) is read alike by the scan, the strict tree and jsonc-parser', () => {
  const spec = JSON.stringify({
    openapi: '3.1.0',
    paths: {
      '/a': {
        get: { summary: 'A', 'x-mint': { metadata: { title: 'T', href: '/nested/not-this' }, href: '/guides/\\u0061-page' } },
        post: { 'x-mint': { href: 5 } },
        put: { 'x-mint': 'no object', summary: 'p' },
        delete: { 'x-mint': { href: '/first' }, 'x-mint ': { href: '/spaced key' } },
        patch: { summary: 'plain' },
      },
    },
  }).replace('\\\\u0061', '\\u0061');
  assert.ok(assertBothPathsAgree('x-mint.json', spec));
  for (const text of [spec, `\ufeff${spec}`, `${spec}\n// jsonc-parser`]) {
    const read = readSpec('x-mint.json', text);
    assert.ok(read.ok);
    assert.deepEqual([...read.endpoints.values()].map((e) => e.href), ['/guides/a-page', undefined, undefined, '/first', undefined], JSON.stringify(text.slice(0, 1)));
  }
});
