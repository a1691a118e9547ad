import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(__dirname, '../..');

function committed(file: string): string | undefined {
  try {
    return fs.readFileSync(path.join(ROOT, file), 'utf8');
  } catch {
    return undefined;
  }
}

test('generated files: each is what its generator makes of the sources today', async () => {
  const { generatedFiles } = await import(pathToFileURL(path.join(ROOT, 'scripts/generate-all.mjs')).href);
  const files: { path: string; text: string }[] = generatedFiles(ROOT);
  assert.ok(files.some((f) => f.path.endsWith('docs-schema-validator.js')) && files.some((f) => f.path === 'package.json'));
  const stale = files.filter((f) => committed(f.path) !== f.text).map((f) => f.path);
  assert.deepEqual(stale, [], `stale: ${stale.join(', ')}: run \`npm run generate\``);
});
