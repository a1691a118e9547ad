// `docs-json check` validates the specs a site uses as `mint validate` does (openapi-schema), in its worker, and
// reports each problem at its line in the spec file: run as a real process from the built binary.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { test } from 'node:test';
import { tempRepo } from '../helpers/temp-repo';

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');

const site = (spec: string) =>
  tempRepo({
    'docs.json': { navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: ['GET /orders'] }] } },
    'openapi.json': spec,
  });
const spec = (info: object) => JSON.stringify({ openapi: '3.1.0', ...info, paths: { '/orders': { get: { responses: { '200': { description: 'OK' } } } } } }, null, 2);

function check(root: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, 'check', root, '--no-check-mdx', ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout };
}

test('check: a spec the platform refuses is reported at its line in the spec file (exit 1); the same spec fixed is quiet (exit 0)', () => {
  const broken = check(site(spec({ info: { version: '1' } })));
  assert.equal(broken.status, 1);
  assert.match(broken.stdout, /^openapi\.json:3:3 {2}error {2}openapi-schema {2}The platform's OpenAPI validator refuses this spec at "info": must have required property 'title'$/m);
  assert.match(broken.stdout, /^1 problem \(1 errors/m);
  const fixed = check(site(spec({ info: { title: 'Orders', version: '1' } })));
  assert.equal(fixed.status, 0, fixed.stdout);
  assert.doesNotMatch(fixed.stdout, /openapi-schema/);
});

test('check --format json: the finding names the spec file and its range', () => {
  const { stdout } = check(site(spec({ info: { version: '1' } })), '--format', 'json');
  const found = (JSON.parse(stdout).diagnostics as { code: string; file: string; line: number; column: number }[]).filter((d) => d.code === 'openapi-schema');
  assert.deepEqual(found.map((d) => [d.file, d.line, d.column]), [['openapi.json', 3, 3]]);
});
