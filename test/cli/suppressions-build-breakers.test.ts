// Issue 44: suppressions cannot hide what makes the site unbuildable. A suppressed `json-syntax` let a docs.json the
// platform cannot read pass with exit 0; now the build breakers (BUILD_BREAKERS) are never suppressed, the file may
// list them, and the check says once that it ignored them. Quiet twin: other rules are suppressed as before, silently.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { BUILD_BREAKERS, RULES } from '../../server/src/language';
import { codeFolders } from '../../server/src/checker/rules/registry';
import { makeDocsRepo } from '../helpers/docs-repo';

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');
const FILE = 'docs-json-suppressions.json';

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [BIN, 'check', ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// JSON keeps suppressed findings apart, in `suppressed` (issue 47).
const codes = (stdout: string) => {
  const { diagnostics, suppressed = [] } = JSON.parse(stdout) as { diagnostics: { code: string }[]; suppressed?: { code: string }[] };
  return [...diagnostics.map((d) => d.code), ...suppressed.map((d) => `${d.code} (suppressed)`)].sort();
};

test('every build breaker is a rule code whose page says it is never suppressed; no other rule page says so', () => {
  for (const code of BUILD_BREAKERS) assert.ok(Object.hasOwn(RULES, code), code);
  assert.ok(BUILD_BREAKERS.has('json-syntax') && BUILD_BREAKERS.has('mdx-syntax'));
  for (const code of Object.keys(RULES)) {
    const page = fs.readFileSync(path.resolve(__dirname, '../../server/src/checker/rules', codeFolders().get(code)!, `${code}.md`), 'utf8');
    assert.equal(page.includes('Never suppressed'), BUILD_BREAKERS.has(code), code);
  }
});

test('a docs.json the platform cannot read fails though the file suppresses json-syntax; said once', () => {
  const root = makeDocsRepo({ 'docs.json': '{"name": "x", "navigation": {"pages": ["a"]},}\n', 'a.mdx': '# A\n' });
  fs.writeFileSync(path.join(root, FILE), JSON.stringify({ 'docs.json': { 'json-syntax': { count: 5 } } }));
  const result = run(['.', '--format', 'json'], root);
  assert.equal(result.status, 1, result.stdout + result.stderr);
  assert.ok(codes(result.stdout).includes('json-syntax'), result.stdout);
  assert.equal(result.stderr, `docs-json check: ${path.join(root, FILE)} lists json-syntax: ignored, the platform's build fails on it, so it is never suppressed\n`);
});

test('mdx-syntax and missing-snippet are not suppressed, a broken link beside them is; --suppress-all does not write the breakers', () => {
  const root = makeDocsRepo({
    'docs.json': { navigation: { pages: ['a'] } },
    'a.mdx': "import X from '/snippets/none.mdx';\n\n# A\n\n[x](/nowhere)\n\n<Card>\n",
  });
  const before = run(['.', '--format', 'json'], root);
  assert.deepEqual(codes(before.stdout), ['broken-link', 'mdx-syntax', 'missing-snippet']);
  fs.writeFileSync(path.join(root, FILE), JSON.stringify({ 'a.mdx': { 'mdx-syntax': { count: 1 }, 'missing-snippet': { count: 1 }, 'broken-link': { count: 1 } } }));
  const listed = run(['.', '--format', 'json'], root);
  assert.equal(listed.status, 1);
  assert.deepEqual(codes(listed.stdout), ['broken-link (suppressed)', 'mdx-syntax', 'missing-snippet']);
  assert.match(listed.stderr, /lists missing-snippet, mdx-syntax: ignored, the platform's build fails on them, so they are never suppressed\n$|lists mdx-syntax, missing-snippet: ignored, the platform's build fails on them, so they are never suppressed\n$/);
  assert.doesNotMatch(listed.stderr, /no longer occur/);

  fs.rmSync(path.join(root, FILE));
  const written = run(['.', '--suppress-all'], root);
  assert.equal(written.status, 1, 'the breakers still fail');
  // Only the broken link is written (with its fingerprint, issue 47); no breaker.
  const file = JSON.parse(fs.readFileSync(path.join(root, FILE), 'utf8')) as Record<string, Record<string, { count: number }>>;
  assert.deepEqual(Object.keys(file), ['a.mdx']);
  assert.deepEqual(Object.keys(file['a.mdx']), ['broken-link']);
  assert.equal(file['a.mdx']['broken-link'].count, 1);
});

test('quiet twin: a file of ordinary rules suppresses them with no note', () => {
  const root = makeDocsRepo({ 'docs.json': { navigation: { pages: ['a'] } }, 'a.mdx': '# A\n\n[x](/nowhere)\n' });
  fs.writeFileSync(path.join(root, FILE), JSON.stringify({ 'a.mdx': { 'broken-link': { count: 1 } } }));
  const result = run(['.'], root);
  assert.equal(result.status, 0, result.stdout);
  assert.equal(result.stderr, '');
});
