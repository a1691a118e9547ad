// `npm run generate`: writes every generated file that differs from what its generator makes now. The generators
// import TypeScript, so this runs under tsx. test/checker/generated-files.test.ts fails while any file is stale.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaValidatorFiles } from './generate-schema-validator.mjs';
import { ruleDocFiles } from './generate-rule-docs.mjs';
import { severityEnumFiles } from './generate-severity-enum.mjs';
import { componentTableFiles } from './component-table.mjs';
import { configSchemaFiles } from './generate-config-schema.mjs';
import { ruleCodeFiles } from './generate-rule-codes.mjs';
import { shippedFiles } from './build-shipped.mjs';

/** Every generated file as it should be: `{ path, text }`, paths relative to `root`. */
export function generatedFiles(root) {
  return [...ruleCodeFiles(), ...schemaValidatorFiles(root), ...severityEnumFiles(root), ...ruleDocFiles(root), ...componentTableFiles(), ...configSchemaFiles(root)];
}

function readOrUndefined(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  // shipped/ (the Action's and the hook's bundle) is checked by test/package/shipped-bundle.test.ts.
  for (const { path, text } of [...generatedFiles(root), ...(await shippedFiles(root))]) {
    if (readOrUndefined(join(root, path)) === text) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    console.log(`wrote ${path}`);
  }
}
