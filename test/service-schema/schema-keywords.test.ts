import assert from 'node:assert/strict';
import { test } from 'node:test';
import schema from '../../schemas/docs.schema.json';
import { UNDERSTOOD_KEYWORDS } from '../../server/src/checker/json/schema-lookup';
import { IGNORED_KEYWORDS, unsupportedKeywords } from './schema-keywords';

test('schema keywords: every keyword of schemas/docs.schema.json, and each use of it, is one completion and hover read or may skip', () => {
  assert.deepEqual(unsupportedKeywords(schema), []);
});

test('schema keywords: a keyword completion and hover do not read is named with its JSON pointer', () => {
  const problems = unsupportedKeywords({
    definitions: { icon: { type: 'string', description: 'Icon.' } },
    properties: {
      mode: { oneOf: [{ const: 'a' }, { const: 'b' }] },
      'a/b': { const: 'x', minItems: 1, pattern: '^x' },
    },
  });
  assert.equal(problems.length, 2, problems.join('\n'));
  assert.match(problems[0], /^`oneOf` at \/properties\/mode\/oneOf: not read by server\/src\/checker\/json\/schema-lookup\.ts/);
  assert.match(problems[1], /^`const` at \/properties\/a~1b\/const: not read/);
});

test('schema keywords: uses of known keywords that schema-lookup would misread are named', () => {
  const cases: [object, string][] = [
    [{ items: { $ref: '#/$defs/x' } }, '`$ref` at /items/$ref: `#/$defs/x`: only `#/definitions/<name>` of an existing definition is read'],
    [{ items: { $ref: '#/definitions/missing' } }, '`$ref` at /items/$ref: `#/definitions/missing`: only'],
    [{ definitions: { a: {} }, items: { $ref: '#/definitions/a', description: 'x' } }, '`$ref` at /items/$ref: keys beside it are not read: description'],
    [{ properties: { n: { type: ['integer', 'string'] } } }, '`type` at /properties/n/type: type integer: completion writes'],
    [{ properties: { e: { enum: ['a', 1] } } }, '`enum` at /properties/e/enum: completion offers enum values as strings'],
    [{ items: [{ type: 'string' }] }, '`items` at /items: only one schema for every item'],
    [{ properties: { p: true } }, '/properties/p: a true schema: only objects are read'],
    [{ properties: { o: { definitions: {} } } }, '`definitions` at /properties/o/definitions: `$ref`s reach only'],
    [{ then: { type: 'string' } }, '`then` at /then: without `if`'],
    [{ items: { if: { type: 'object', required: ['a'] }, then: {} } }, '`if` at /items/if: only `if: { type }`'],
    [{ items: { type: 'object', properties: {}, if: { type: 'object' }, then: {} } }, '`if` at /items/if: only `if: { type }`'],
    [{ items: { if: { not: { required: ['a'] } }, then: { required: ['b'], properties: {} } } }, '`if` at /items/if: only'],
    [{ if: { type: 'object' }, then: {} }, '`if` at /if: a type condition at the root is not followed'],
    [{ items: { if: { type: 'object' }, then: { if: { type: 'array' }, then: {} } } }, '`if` at /items/if: a type condition in the branch of another'],
    [{ additionalProperties: { type: 'string' } }, '`additionalProperties` at /additionalProperties: a schema for other keys'],
    [{ properties: { m: { markdownDescription: 'x' } } }, '`markdownDescription` at /properties/m/markdownDescription: no `description` beside it'],
  ];
  for (const [fragment, expected] of cases) {
    const problems = unsupportedKeywords(fragment as Record<string, unknown>);
    assert.ok(problems.some((p) => p.startsWith(expected)), `${JSON.stringify(fragment)}: expected «${expected}…», got ${JSON.stringify(problems)}`);
  }
});

test('schema keywords: the two `if` shapes schema-lookup reads pass', () => {
  const fragment = {
    definitions: { group: { type: 'object', required: ['group'], if: { not: { required: ['openapi'] } }, then: { required: ['pages'] } } },
    items: { description: 'An entry.', if: { type: 'object' }, then: { $ref: '#/definitions/group' }, else: { type: 'string' } },
  };
  assert.deepEqual(unsupportedKeywords(fragment), []);
});

test('schema keywords: no keyword is both read and ignored', () => {
  assert.deepEqual(UNDERSTOOD_KEYWORDS.filter((k) => k in IGNORED_KEYWORDS), []);
});
