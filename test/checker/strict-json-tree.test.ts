import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { SeededRandom } from '../../bench/seeded-random';
import { JValue, makeSourceFile, MAX_NESTING, parseJsonTolerantly } from '../../server/src/checker/json/json-tree';
import { parseJson } from '../../server/src/checker/json/parse-json';
import { parseStrictJson } from '../../server/src/checker/json/strict-json-tree';
import { CORPUS_DIR, corpusFixtures, NO_CORPUS } from '../helpers/corpus';
import { mutate } from '../helpers/fuzz-mutations';

/** The whole tree as text: every node's type, offsets, length, value, keys and their offsets. */
function dump(node: JValue | undefined): string {
  return JSON.stringify(node && plainNode(node)) ?? 'undefined';
}

/** A node's fields as own properties: a string node may read its type and value through its prototype. */
function plainNode(node: JValue): unknown {
  const { type, offset, length } = node;
  if (node.type === 'object') return { type, offset, length, props: node.props.map(({ key, keyOffset, keyLength, value }) => ({ key, keyOffset, keyLength, value: plainNode(value) })) };
  if (node.type === 'array') return { type, offset, length, items: node.items.map(plainNode) };
  return { type, offset, length, plain: node.plain };
}

/** Every string node's value (and key) is what its text between the quotes means, where that text is a whole string. */
function assertStringValues(node: JValue | undefined, text: string, label: string): void {
  if (!node) return;
  const meant = (offset: number, length: number) => {
    try {
      return JSON.parse(text.slice(offset, offset + length)) as unknown;
    } catch {
      return undefined;
    }
  };
  if (node.type === 'string') {
    const expected = meant(node.offset, node.length);
    if (expected !== undefined) assert.equal(node.plain, expected, `${label}: string at ${node.offset}`);
  } else if (node.type === 'object') {
    for (const prop of node.props) {
      const expected = meant(prop.keyOffset, prop.keyLength);
      if (expected !== undefined) assert.equal(prop.key, expected, `${label}: key at ${prop.keyOffset}`);
      assertStringValues(prop.value, text, label);
    }
  } else if (node.type === 'array') {
    for (const item of node.items) assertStringValues(item, text, label);
  }
}

/** The fast pass either declines or gives exactly jsonc-parser's tree with no error; parseJson gives the same. */
function assertSameAsJsonc(text: string, label: string, viaParseJson = true): boolean {
  const file = makeSourceFile('/docs/docs.json', text);
  const tolerant = parseJsonTolerantly(file);
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const strict = parseStrictJson(file, start, MAX_NESTING);
  assertStringValues(tolerant.root, text, label);
  if (strict) {
    assert.deepEqual(tolerant.errors, [], `${label}: the fast pass accepted text jsonc-parser finds errors in`);
    assert.equal(dump(strict), dump(tolerant.root), `${label}: trees differ`);
  }
  if (viaParseJson) {
    const combined = parseJson(file);
    assert.equal(dump(combined.root), dump(tolerant.root), label);
    assert.deepEqual(combined.errors, tolerant.errors, label);
  }
  return strict !== undefined;
}

const STRICT_JSON = [
  '{}', '[]', ' {} ', '\ufeff{"a": 1}', '\t{\r\n"a"\t:\r\n[ ]\r\n}\n', '"s"', '0', '-0', '1.5e+3', '1E-2', '12345678901234567890',
  '1e400', 'true', 'false', 'null', '[true,false,null,1,"x",{},[]]', '{"a":1,"a":2}', '{"__proto__": {"x": 1}}',
  '{"constructor": 1, "toString": "x"}', '"\\u00e9\\n\\t\\"\\\\\\/"', '"\\ud800"', '"é 文 \u2028"', '{"": ""}',
  `${'['.repeat(MAX_NESTING)}${']'.repeat(MAX_NESTING)}`,
];

/** Each must fall back to jsonc-parser: syntax errors, comments, JSON5, and nesting past the limit. */
const NOT_STRICT_JSON = [
  '', '   ', '{', '}', '[1,]', '{"a":1,}', '{"a" 1}', '{a: 1}', "{'a': 1}", '01', '1.', '.5', '+1', '-', '1e', 'tru', 'truex',
  'true false', '[1 2]', '{"a":1}{}', '{} x', '// c\n{}', '{/* c */}', '"a\nb"', '"a\tb"', '"a\u0001"', '"\\x"', '"\\u12"',
  '"unterminated', '\u000b{}', '{}\u00a0', '[1-2]', '[1"x"]', '{"a":1/}', 'NaN', 'Infinity', '\ufeff', '{"a":[}]}',
  `${'['.repeat(MAX_NESTING + 1)}${']'.repeat(MAX_NESTING + 1)}`,
  `{"a": ${'{"b": '.repeat(MAX_NESTING + 3)}1${'}'.repeat(MAX_NESTING + 3)}}`,
];

test('strict JSON pass: valid JSON gives jsonc-parser’s tree; anything else falls back to jsonc-parser', () => {
  for (const text of STRICT_JSON) assert.ok(assertSameAsJsonc(text, JSON.stringify(text).slice(0, 80)), `not taken: ${JSON.stringify(text).slice(0, 80)}`);
  for (const text of NOT_STRICT_JSON) assert.ok(!assertSameAsJsonc(text, JSON.stringify(text).slice(0, 80)), `taken: ${JSON.stringify(text).slice(0, 80)}`);
});

test('strict JSON pass: every corpus docs.json and hundreds of mutations of them match jsonc-parser', { skip: NO_CORPUS }, () => {
  const random = new SeededRandom(20260611);
  let accepted = 0;
  let declined = 0;
  for (const name of corpusFixtures()) {
    const text = fs.readFileSync(path.join(CORPUS_DIR, name, 'docs.json'), 'utf8');
    assert.ok(assertSameAsJsonc(text, name), `${name} is valid JSON: the fast pass must take it`);
    for (let i = 0; i < 15; i++) {
      const mutated = mutate(text, random, { siblingFiles: [] });
      if (assertSameAsJsonc(mutated.text, `${name} after ${mutated.applied.join(', ')}`, false)) accepted++;
      else declined++;
    }
  }
  assert.ok(accepted > 20 && declined > 20, `accepted ${accepted}, declined ${declined}`);
});
