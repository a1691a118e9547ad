// ajv's standalone code for schemas/docs.schema.json, compiled with the checker's options: bundles load it in
// place of server/src/checker/rules/precompiled-schema-validator.ts instead of compiling the schema at start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';

export function precompiledSchemaModule(root = process.cwd()) {
  const schema = JSON.parse(readFileSync(join(root, 'schemas/docs.schema.json'), 'utf8'));
  const options = JSON.parse(readFileSync(join(root, 'server/src/checker/rules/schema-validator-options.json'), 'utf8'));
  const ajv = new Ajv({ ...options, code: { source: true, esm: true } });
  ajv.compile(schema);
  const code = standaloneCode(ajv, { precompiled: schema.$id });
  const builtWith = JSON.stringify(JSON.stringify(options));
  return `${code}\nexport function precompiledSchemaValidator(options) { return JSON.stringify(options) === ${builtWith} ? precompiled : undefined; }\n`;
}
