import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import Ajv from 'ajv';

const schemaPath = path.resolve(__dirname, '../../schemas/docs.schema.json');
const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));

test('schema: compiles under ajv strict mode (VS Code\'s `enumDescriptions` annotation declared)', () => {
  assert.doesNotThrow(() => new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true }).addVocabulary(['enumDescriptions']).compile(schema));
});

test('schema: every property and definition has a description', () => {
  const missing: string[] = [];
  const visit = (node: Record<string, any>, where: string) => {
    for (const [key, value] of Object.entries<Record<string, any>>(node.properties ?? {})) {
      if (!value.description && !value.$ref) missing.push(`${where}.${key}`);
      visit(value, `${where}.${key}`);
    }
    if (node.items) visit(node.items, `${where}[]`);
  };
  visit(schema, 'docs.json');
  for (const [name, definition] of Object.entries<Record<string, any>>(schema.definitions)) {
    if (!definition.description) missing.push(`definitions.${name}`);
    visit(definition, name);
  }
  assert.deepEqual(missing, []);
});

test('schema: the valid example validates, and VS Code-facing $refs all resolve', () => {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  const example = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../examples/valid/docs.json'), 'utf8'));
  assert.equal(validate(example), true, JSON.stringify(validate.errors));
  const refs = JSON.stringify(schema).match(/"#\/definitions\/[^"]+"/g) ?? [];
  for (const ref of refs) assert.ok(schema.definitions[ref.slice(15, -1)], ref);
});
