// .pre-commit-hooks.yaml: the hook pre-commit runs from its clone of this repository (`language: script`, the same in
// pre-commit 3 and 4: no npm install by pre-commit); its entry runs the committed bundle shipped/ (scripts/pre-commit-hook.mjs).
// test/package/pre-commit-install.test.ts installs and runs it with Debian's pre-commit.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { spawnSync } from 'node:child_process';
import { makeDocsRepo } from '../helpers/docs-repo';

const REPO = path.resolve(__dirname, '../..');

test('.pre-commit-hooks.yaml: docs-json-check (the staged files, given to check --files) and docs-json-check-all (the whole site), each an executable of the repository', () => {
  const hooks = parse(fs.readFileSync(path.join(REPO, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];
  assert.deepEqual(
    hooks.map((hook) => [hook.id, hook.language, hook.pass_filenames, String(hook.entry).split(' ').slice(1)]),
    [
      ['docs-json-check', 'script', true, ['--pass-filenames', 'check']],
      ['docs-json-check-all', 'script', false, ['check']],
    ],
  );
  const [hook] = hooks;
  const [entry] = String(hook.entry).split(' ');
  assert.equal(hooks[1].files, hook.files);
  const script = path.join(REPO, entry);
  assert.ok((fs.statSync(script).mode & 0o111) !== 0, `${entry} is executable`);
  assert.match(fs.readFileSync(script, 'utf8'), /^#!\/usr\/bin\/env node\n/);
  // pre-commit runs the hook when a commit touches docs.json, a page, or a file docs.json pulls in.
  const files = new RegExp(String(hook.files));
  for (const file of ['docs.json', 'docs/docs.json', 'guides/intro.mdx', 'README.md', 'api/openapi.yaml', 'tabs/guides.json']) assert.ok(files.test(file), file);
  for (const file of ['src/app.ts', 'images/logo.png', 'docs.json.bak']) assert.ok(!files.test(file), file);
});

test('the hook\'s arguments: the staged files pre-commit appends go behind --files; a folder or an option value in args stays', async () => {
  const { hookArguments, VALUE_OPTIONS } = (await import(path.join(REPO, 'scripts', 'hook-arguments.mjs'))) as { hookArguments: (args: string[]) => string[]; VALUE_OPTIONS: Set<string> };
  // The options check --help shows with a value (but --files, which the hook adds itself).
  const help = spawnSync(process.execPath, [path.join(REPO, 'bin', 'docs-json.js'), 'check', '--help'], { encoding: 'utf8' }).stdout;
  const withValue = new Set([...help.matchAll(/(--[a-z-]+)[ =](?:[A-Z]|text\|)/g)].map((m) => m[1]).filter((name) => name !== '--files'));
  assert.deepEqual([...VALUE_OPTIONS].sort(), [...withValue].sort());
  const repo = makeDocsRepo({ 'docs/docs.json': { navigation: { pages: ['a', 'b'] } }, 'docs/a.mdx': '[x](/nowhere)\n', 'docs/b.mdx': '[y](/nothing)\n', '0': '' });
  const cwd = process.cwd();
  process.chdir(repo);
  try {
    assert.deepEqual(hookArguments(['--pass-filenames', 'check', 'docs/a.mdx']), ['check', '--files', 'docs/a.mdx']);
    assert.deepEqual(hookArguments(['--pass-filenames', 'check', 'docs', 'docs/a.mdx', 'docs/docs.json']), ['check', 'docs', '--files', 'docs/a.mdx', 'docs/docs.json']);
    // An option's value stops the scan even when a file has its name.
    assert.deepEqual(hookArguments(['--pass-filenames', 'check', '--max-warnings', '0', 'docs/b.mdx']), ['check', '--max-warnings', '0', '--files', 'docs/b.mdx']);
    assert.deepEqual(hookArguments(['check', 'docs']), ['check', 'docs']);
  } finally {
    process.chdir(cwd);
  }
  // What the CLI then reports: the staged page's finding only, not the other page's old one.
  const result = spawnSync(process.execPath, [path.join(REPO, 'bin', 'docs-json.js'), 'check', '--no-check-mdx', '--files', 'docs/a.mdx'], { cwd: repo, encoding: 'utf8' });
  assert.equal(result.status, 1);
  assert.match(result.stdout, /^docs\/a\.mdx:1:\d+ {2}error {2}broken-link .+\n1 problem /);
});
