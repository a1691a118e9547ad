import assert from 'node:assert/strict';
import { test } from 'node:test';
import Ajv from 'ajv';
import schema from '../../schemas/docs.schema.json';
import { makeSourceFile, parseJson, plainValue } from '../../server/src/checker';
import { requiredKeys, SchemaNode } from '../../server/src/checker/json/schema-lookup';

function parsed(text: string) {
  return parseJson(makeSourceFile('/docs/docs.json', text)).root!;
}

/** The keys ajv reports missing from `text`: what `requiredKeys` should call required among the absent keys. */
function missingByAjv(object: object, text: string): string[] {
  const validate = new Ajv({ allErrors: true, strict: false }).compile({ ...object, definitions: schema.definitions });
  validate(JSON.parse(text));
  return (validate.errors ?? []).filter((e) => e.keyword === 'required').map((e) => String(e.params.missingProperty)).sort();
}

function missingByLookup(object: SchemaNode, text: string): string[] {
  const value = parsed(text);
  const present = Object.keys(plainValue(value) as object);
  return requiredKeys(object, value).filter((k) => !present.includes(k)).sort();
}

test('requiredKeys: a group needs pages unless it has an openapi spec, as the schema says', () => {
  const group = schema.definitions.group as SchemaNode;
  for (const text of ['{}', '{"group": "G"}', '{"openapi": "a.yaml"}', '{"group": "G", "pages": []}']) {
    assert.deepEqual(missingByLookup(group, text), missingByAjv(group, text), text);
  }
  assert.deepEqual(missingByLookup(group, '{}'), ['group', 'pages']);
});

test('requiredKeys: `if: { not: { required } }` with several keys requires `then` unless all of them are there', () => {
  const object = { required: ['name'], if: { not: { required: ['openapi', 'directory'] } }, then: { required: ['pages'] } };
  for (const text of ['{}', '{"openapi": "a.yaml"}', '{"directory": "d"}', '{"openapi": "a.yaml", "directory": "d"}']) {
    assert.deepEqual(missingByLookup(object, text), missingByAjv(object, text), text);
  }
});
