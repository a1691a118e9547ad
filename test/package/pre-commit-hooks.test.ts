// .pre-commit-hooks.yaml: the hook pre-commit installs from this repository (language node: npm pack, then npm
// install -g of the tarball, as test/package/npm-package.test.ts does) runs a bin of the package.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';

const REPO = path.resolve(__dirname, '../..');

test('.pre-commit-hooks.yaml: one node hook, docs-json-check, that runs a bin of the package on the whole folder', () => {
  const hooks = parse(fs.readFileSync(path.join(REPO, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];
  assert.deepEqual(hooks.map((hook) => [hook.id, hook.language, hook.pass_filenames]), [['docs-json-check', 'node', false]]);
  const [hook] = hooks;
  const [bin, ...args] = String(hook.entry).split(' ');
  const { bin: bins } = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  assert.ok(Object.hasOwn(bins, bin), `'${bin}' is a bin of the package`);
  assert.deepEqual(args, ['check']);
  // pre-commit runs the hook when a commit touches docs.json, a page, or a file docs.json pulls in.
  const files = new RegExp(String(hook.files));
  for (const file of ['docs.json', 'docs/docs.json', 'guides/intro.mdx', 'README.md', 'api/openapi.yaml', 'tabs/guides.json']) assert.ok(files.test(file), file);
  for (const file of ['src/app.ts', 'images/logo.png', 'docs.json.bak']) assert.ok(!files.test(file), file);
});
