// `check --fix` and `--fix-dry-run` (issue 47): the one quick fix the editor offers for an error or a warning,
// applied by the CLI through the service's code actions and the guarded write path. The fix-safety property of
// test/language-service/fix-safety.test.ts on the CLI's path: on a copy of examples/broken, the fixed findings go,
// no finding comes that was not there, a second run finds nothing to fix, and the dry run's diff is what --fix writes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';
import { tempDir } from '../helpers/temp-dir';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/docs-json.js');

function run(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, 'check', '.', ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The findings as a multiset of file|code|message (positions and "line N" left out: fixes move lines). */
function findings(cwd: string): string[] {
  const { stdout } = run(cwd, '--format', 'json');
  const { diagnostics } = JSON.parse(stdout) as { diagnostics: { file: string; code: string; message: string; severity: string }[] };
  return diagnostics.map((d) => `${d.file}|${d.code}|${d.message.replace(/\bline \d+/g, 'line N')}|${d.severity}`).sort();
}

function copyOfBroken(): string {
  const copy = path.join(tempDir('fix-'), 'broken');
  fs.cpSync(path.join(REPO, 'examples/broken'), copy, { recursive: true });
  return copy;
}

function texts(root: string): Map<string, string> {
  return new Map((fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]));
}

test('--fix on examples/broken: the safe fixes go, nothing new comes, a second run finds none; the dry run diff is what it writes', { timeout: 120_000 }, () => {
  const root = copyOfBroken();
  const before = findings(root);
  const untouched = texts(root);

  const dry = run(root, '--fix-dry-run');
  assert.equal(dry.status, 0, dry.stderr);
  assert.match(dry.stderr, /--fix-dry-run: \d+ fixes in 4 files \(nothing written\)/);
  assert.deepEqual(texts(root), untouched, 'the dry run writes nothing');
  assert.match(dry.stdout, /^--- a\/api-reference\/get-user\.mdx\n\+\+\+ b\/api-reference\/get-user\.mdx\n@@ -1,4 \+1,4 @@\n/);

  const fixed = run(root, '--fix');
  assert.equal(fixed.status, 1, 'errors without a safe fix remain');
  assert.match(fixed.stderr, /--fix: \d+ fixes in 4 files/);
  const after = findings(root);

  // Nothing new: every finding after is one of before (as many times at most). One information follows from a
  // fix: the navigation now lists guides/authentication (its file exists), which the 'es' navigation lacks.
  const left = [...before];
  const consequence = `docs.json|translation-missing|The 'es' navigation has no counterpart of "guides/authentication" ('en'): "es/guides/authentication" is missing|info`;
  for (const finding of after) {
    if (finding === consequence) continue;
    const at = left.indexOf(finding);
    assert.notEqual(at, -1, `new finding after --fix: ${finding}`);
    left.splice(at, 1);
  }
  const gone = left.map((f) => f.split('|').slice(0, 2).join(' ')).sort();
  for (const expected of [
    'api-reference/get-user.mdx front-matter-openapi',
    'docs.json ignored-key',
    'docs.json duplicate-redirect',
    'docs.json unknown-endpoint',
    'docs.json unknown-icon',
    'guides/deploy/production.mdx mdx-syntax',
    'quickstart.mdx front-matter-value',
    'quickstart.mdx unknown-component',
    'quickstart.mdx invalid-prop-value',
  ]) assert.ok(gone.includes(expected), `${expected} fixed (gone: ${gone.join(', ')})`);
  // Left alone: a fix that writes words nobody chose (alt text), advice (a hint), a fix with a choice.
  for (const kept of ['quickstart.mdx|image-alt|', 'docs.json|platform-language-code|', 'docs.json|global-href|']) assert.ok(after.some((f) => f.startsWith(kept)), kept);

  // The dry run's diff, applied to a fresh copy, gives what --fix wrote.
  const other = copyOfBroken();
  const patch = path.join(other, '..', 'fix.diff');
  fs.writeFileSync(patch, dry.stdout);
  const applied = spawnSync('git', ['apply', patch], { cwd: other, encoding: 'utf8' });
  assert.equal(applied.status, 0, applied.stderr);
  assert.deepEqual(texts(other), texts(root));

  const again = run(root, '--fix-dry-run');
  assert.equal(again.stdout, '');
  assert.match(again.stderr, /--fix-dry-run: nothing to fix/);
});

test('--fix writes nothing through a link that leads out of the docs folder (the guarded write path)', () => {
  const outside = makeDocsRepo({ 'page.mdx': '<Carrd title="x" />\n' });
  const root = makeDocsRepo({ 'docs.json': { navigation: { pages: ['page', 'own'] } }, 'own.mdx': '<Carrd title="y" />\n' });
  fs.symlinkSync(path.join(outside, 'page.mdx'), path.join(root, 'page.mdx'));
  const result = run(root, '--fix', '--no-check-mdx');
  assert.match(result.stderr, /--fix: 1 fix in 1 file/);
  assert.equal(fs.readFileSync(path.join(outside, 'page.mdx'), 'utf8'), '<Carrd title="x" />\n');
  assert.equal(fs.readFileSync(path.join(root, 'own.mdx'), 'utf8'), '<Card title="y" />\n');
});

test('--fix and --fix-dry-run together: a usage error', () => {
  const root = makeDocsRepo({ 'docs.json': { navigation: { pages: [] } } });
  const result = run(root, '--fix', '--fix-dry-run');
  assert.equal(result.status, 2);
  assert.match(result.stderr, /give one/);
});
