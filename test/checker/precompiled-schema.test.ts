import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { SeededRandom } from '../../bench/seeded-random';
import schema from '../../schemas/docs.schema.json';
import { makeSourceFile, parseJson, plainValue, schemaValidator } from '../../server/src/checker';
import AJV_OPTIONS from '../../server/src/checker/rules/schema-validator-options.json';
import { CORPUS_DIR, corpusFixtures, NO_CORPUS } from '../helpers/corpus';
import { mutate } from '../helpers/fuzz-mutations';

function outcome(validate: ValidateFunction, value: unknown) {
  const valid = validate(value);
  const errors = (validate.errors ?? []).map((e: ErrorObject) => ({ ...e, schema: JSON.stringify(e.schema), parentSchema: JSON.stringify(e.parentSchema) }));
  return { valid, errors };
}

test('generated schema validator: same verdict and same errors as compiling the schema, on the corpus and mutations of it', { skip: NO_CORPUS }, () => {
  const generated = schemaValidator();
  const compiled = new Ajv(AJV_OPTIONS).compile(schema);
  const random = new SeededRandom(7);
  let invalid = 0;
  for (const name of corpusFixtures()) {
    const text = fs.readFileSync(path.join(CORPUS_DIR, name, 'docs.json'), 'utf8');
    // Parsed as the checker parses (hostile nesting is refused before it reaches a validator).
    const plain = (t: string) => {
      const root = parseJson(makeSourceFile('/docs/docs.json', t)).root;
      return root && plainValue(root);
    };
    const values = [plain(text), ...Array.from({ length: 10 }, () => plain(mutate(text, random, { siblingFiles: [] }).text))];
    for (const value of values) {
      const expected = outcome(compiled, value);
      assert.deepEqual(outcome(generated, value), expected, name);
      if (!expected.valid) invalid++;
    }
  }
  assert.ok(invalid > 10, `only ${invalid} invalid documents: the errors were hardly compared`);
});
