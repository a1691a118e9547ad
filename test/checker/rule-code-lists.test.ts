// The places outside the code that list the rule codes agree with RULES (server/src/checker/diagnostics.ts).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { RULES } from '../../server/src/checker';
import { ORPHAN_CODE } from '../../server/src/project/project-settings';

const ROOT = path.resolve(__dirname, '../..');

test('package.json: the severity setting offers every rule code, in order, then the orphan hint', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const severity = manifest.contributes.configuration.properties['docsJson.severity'];
  assert.deepEqual(severity.propertyNames.enum, [...Object.keys(RULES), ORPHAN_CODE]);
});

test("README: the Rules table lists every rule code with its default severity, in RULES' order", () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Rules\n'), readme.indexOf('\n## ', readme.indexOf('\n## Rules\n') + 1));
  const rows = [...section.matchAll(/^\| `([^`]+)` \| (\w+) \|/gm)].map((m) => [m[1], m[2]]);
  assert.deepEqual(rows, Object.entries(RULES));
});
