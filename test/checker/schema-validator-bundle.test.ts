// Built by scripts/run-tests.mjs before the tests run.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(__dirname, '../..');
const BUNDLES = ['dist/server/server-main.js', 'dist/cli/main.js'];

test("bundles: the generated schema validator, without ajv's compiler, and with ajv's runtime helpers inside", () => {
  for (const bundle of BUNDLES) {
    const text = fs.readFileSync(path.join(ROOT, bundle), 'utf8');
    assert.ok(text.includes('validateDocsJson'), `${bundle} holds the generated validator`);
    // A string of ajv's compiler (ajv/dist/core.js): it is bundled only if something constructs Ajv.
    assert.ok(!text.includes('schema must be object or boolean'), `${bundle} holds ajv's compiler`);
    // Each runtime helper carries its own require as a string (`equal.code = 'require("ajv/…")'`): not a call.
    const unbundled = text.match(/(?<!['"`])require\("ajv[^"]*"\)/g);
    assert.equal(unbundled, null, `${bundle} requires ajv at run time`);
  }
});
