// .pre-commit-hooks.yaml: the hook pre-commit runs from its clone of this repository (`language: script`, the same in
// pre-commit 3 and 4: no npm install by pre-commit); its entry builds on first run (scripts/pre-commit-hook.mjs).
// test/package/pre-commit-install.test.ts installs and runs it with Debian's pre-commit.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';

const REPO = path.resolve(__dirname, '../..');

test('.pre-commit-hooks.yaml: one hook, docs-json-check, that runs an executable of the repository with `check` on the whole folder', () => {
  const hooks = parse(fs.readFileSync(path.join(REPO, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];
  assert.deepEqual(hooks.map((hook) => [hook.id, hook.language, hook.pass_filenames]), [['docs-json-check', 'script', false]]);
  const [hook] = hooks;
  const [entry, ...args] = String(hook.entry).split(' ');
  assert.deepEqual(args, ['check']);
  const script = path.join(REPO, entry);
  assert.ok((fs.statSync(script).mode & 0o111) !== 0, `${entry} is executable`);
  assert.match(fs.readFileSync(script, 'utf8'), /^#!\/usr\/bin\/env node\n/);
  // pre-commit runs the hook when a commit touches docs.json, a page, or a file docs.json pulls in.
  const files = new RegExp(String(hook.files));
  for (const file of ['docs.json', 'docs/docs.json', 'guides/intro.mdx', 'README.md', 'api/openapi.yaml', 'tabs/guides.json']) assert.ok(files.test(file), file);
  for (const file of ['src/app.ts', 'images/logo.png', 'docs.json.bak']) assert.ok(!files.test(file), file);
});
