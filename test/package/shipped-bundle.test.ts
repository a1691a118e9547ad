// Issue 47: the Action and the pre-commit hook run the committed bundle shipped/ (scripts/build-shipped.mjs), so
// that a job or a first hook run installs nothing. It must be what the sources make today: this test builds it
// again and compares byte for byte (CI fails while it is stale; `npm run generate` rewrites it), and runs it from a
// copy of the repository's tracked files with no node_modules, as pre-commit's clone and the Action's checkout have it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { makeDocsRepo, repoWith } from '../helpers/docs-repo';
import { tempDir } from '../helpers/temp-dir';

const REPO = path.resolve(__dirname, '../..');

function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => fs.statSync(path.join(folder, name)).isFile()).map((name) => name.split(path.sep).join('/'));
}

test('shipped/ is what scripts/build-shipped.mjs makes of the sources today, byte for byte, and nothing else', async () => {
  const { shippedFiles } = (await import(pathToFileURL(path.join(REPO, 'scripts/build-shipped.mjs')).href)) as { shippedFiles: (root: string) => Promise<{ path: string; text: string }[]> };
  const files = await shippedFiles(REPO);
  assert.deepEqual(files.map((file) => file.path), ['shipped/cli/main.js', 'shipped/cli/start.js', 'shipped/server/mdx-worker.js', 'shipped/server/name-lists.json', 'shipped/server/spec-validation-worker.js']);
  const committed = filesUnder(path.join(REPO, 'shipped')).map((name) => `shipped/${name}`).sort();
  const stale = files.filter((file) => !fs.existsSync(path.join(REPO, file.path)) || !fs.readFileSync(path.join(REPO, file.path)).equals(Buffer.from(file.text, 'utf8'))).map((file) => file.path);
  assert.deepEqual(stale, [], `stale: ${stale.join(', ')}: run \`npm run generate\``);
  assert.deepEqual(committed, files.map((file) => file.path).sort(), 'no other file in shipped/');
  // Tracked by git (a clone gets it), and marked generated, without text diffs.
  const tracked = spawnSync('git', ['ls-files', 'shipped'], { cwd: REPO, encoding: 'utf8' }).stdout.trim().split('\n').sort();
  assert.deepEqual(tracked, committed.slice().sort());
  assert.match(fs.readFileSync(path.join(REPO, '.gitattributes'), 'utf8'), /^shipped\/\*\* -diff linguist-generated=true$/m);
});

test('the hook and the Action run shipped/ from the tracked files alone: no node_modules, no dist/, nothing installed', () => {
  const copy = tempDir('tracked-');
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
  for (const file of listed.filter((name) => /^(shipped|scripts|action|bin|docs\/rules)\/|^package\.json$/.test(name))) {
    if (!fs.existsSync(path.join(REPO, file))) continue;
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(REPO, file), path.join(copy, file));
  }
  const docs = makeDocsRepo(repoWith({ pages: ['intro', 'guides/missing'] }, ['intro']));
  const hook = spawnSync(process.execPath, [path.join(copy, 'scripts', 'pre-commit-hook.mjs'), 'check', '--no-check-mdx'], { cwd: docs, encoding: 'utf8' });
  assert.equal(hook.status, 1, hook.stderr);
  assert.match(hook.stdout, /^docs\.json:\d+:\d+ {2}error {2}missing-page {2}No page file for 'guides\/missing'/m);
  // The MDX worker and a rule's page are found beside the bundle.
  const sarif = spawnSync(process.execPath, [path.join(copy, 'scripts', 'pre-commit-hook.mjs'), 'check', '--format', 'sarif'], { cwd: docs, encoding: 'utf8' });
  assert.equal(sarif.status, 1, sarif.stderr);
  const rules = (JSON.parse(sarif.stdout) as { runs: { tool: { driver: { rules: { id: string; fullDescription?: { text: string } }[] } } }[] }).runs[0].tool.driver.rules;
  assert.ok(rules.find((rule) => rule.id === 'missing-page')?.fullDescription?.text, 'the rule page beside the bundle gives the rule its text');
  assert.deepEqual(fs.readdirSync(copy).sort(), ['action', 'bin', 'docs', 'package.json', 'scripts', 'shipped'], 'nothing installed or built in the hook\'s clone');
});
