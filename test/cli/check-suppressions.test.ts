// Bulk suppressions (issue 33), as eslint's: `--suppress-all` / `--suppress-rule R` write counts per file and rule
// to docs-json-suppressions.json; later checks list those findings apart and fail only on findings beyond them;
// `--prune-suppressions` drops what was fixed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';
import { tempDir } from '../helpers/temp-dir';

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');
const FILE = 'docs-json-suppressions.json';

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [BIN, 'check', ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Two broken links in a.mdx, one in b.mdx, a missing page in docs.json, a duplicate (a warning). */
function site() {
  return makeDocsRepo({
    'docs.json': { navigation: { pages: ['a', 'b', 'b', 'gone'] } },
    'a.mdx': '[x](/nowhere) [y](/nothing)\n',
    'b.mdx': '[z](/none)\n',
  });
}

/** The file's counts, its fingerprints left out (check-suppression-moves.test.ts tests those). */
const suppressions = (root: string) => JSON.stringify(JSON.parse(fs.readFileSync(path.join(root, FILE), 'utf8'), (key, value) => (key === 'fingerprints' ? undefined : value)), null, 2) + '\n';

test('--suppress-all writes counts per file and rule, sorted and stable; later checks pass and list them apart', () => {
  const root = site();
  assert.equal(run(['.', '--no-check-mdx'], root).status, 1);
  const written = run(['.', '--suppress-all'], root);
  assert.equal(written.status, 0, written.stdout);
  assert.match(written.stderr, /wrote .+docs-json-suppressions\.json: 5 suppressed findings in 3 files\n$/);
  assert.equal(
    suppressions(root),
    `{
  "a.mdx": {
    "broken-link": {
      "count": 2
    }
  },
  "b.mdx": {
    "broken-link": {
      "count": 1
    }
  },
  "docs.json": {
    "duplicate-page": {
      "count": 1
    },
    "missing-page": {
      "count": 1
    }
  }
}
`,
  );
  const later = run(['.'], root);
  assert.deepEqual([later.status, later.stdout, later.stderr], [0, `No problems found\n5 suppressed problems not listed (counted in ${FILE})\n`, '']);
  // Written again with the same findings: the same bytes, not even rewritten.
  const before = fs.statSync(path.join(root, FILE)).mtimeMs;
  const again = run(['.', '--suppress-all'], root);
  assert.deepEqual([again.status, again.stderr, fs.statSync(path.join(root, FILE)).mtimeMs], [0, '', before]);

  // json lists them apart (as eslint's suppressedMessages), sarif gives them GitHub's `suppressions`, github annotates none of them.
  const json = JSON.parse(run(['.', '--format', 'json'], root).stdout) as { diagnostics: unknown[]; suppressed: { code: string }[] };
  assert.deepEqual([json.diagnostics.length, json.suppressed.length], [0, 5]);
  const sarif = JSON.parse(run(['.', '--format', 'sarif'], root).stdout).runs[0].results as { suppressions?: { kind: string }[] }[];
  assert.deepEqual(sarif.map((r) => r.suppressions?.[0].kind), ['external', 'external', 'external', 'external', 'external']);
  assert.equal(run(['.', '--format', 'github'], root).stdout, '');
});

test('a new finding fails: listed alone, told from the suppressed ones of its file and rule by fingerprint (issue 47)', () => {
  const root = site();
  run(['.', '--suppress-all'], root);
  fs.writeFileSync(path.join(root, 'a.mdx'), '[x](/nowhere) [y](/nothing) [w](/new)\n');
  const result = run(['.', '--format', 'json'], root);
  assert.equal(result.status, 1);
  const json = JSON.parse(result.stdout) as Record<'diagnostics' | 'suppressed', { file: string; code: string }[]>;
  const shown = (list: { file: string; code: string }[]) => list.map((d) => `${d.file} ${d.code}`);
  assert.deepEqual(shown(json.diagnostics), ['a.mdx broken-link']);
  assert.match((json.diagnostics[0] as unknown as { message: string }).message, /\/new/);
  assert.deepEqual(shown(json.suppressed), ['a.mdx broken-link', 'a.mdx broken-link', 'b.mdx broken-link', 'docs.json duplicate-page', 'docs.json missing-page']);
  const text = run(['.'], root);
  assert.match(text.stdout, /^a\.mdx:1:\d+ {2}error {2}broken-link .+\/new.+\n1 problem \(1 errors, 0 warnings, 0 info, 0 hints\)\n5 suppressed problems not listed \(counted in docs-json-suppressions\.json\)\n$/);
  // A new finding of a warning rule counts for --max-warnings, the suppressed warning does not.
  fs.writeFileSync(path.join(root, 'a.mdx'), '[x](/nowhere) [y](/nothing)\n');
  assert.equal(run(['.', '--max-warnings', '0'], root).status, 0);
});

test('--prune-suppressions lowers counts to what is found and drops what was fixed; unused ones are told until then', () => {
  const root = site();
  run(['.', '--suppress-all'], root);
  fs.writeFileSync(path.join(root, 'a.mdx'), '[x](/nowhere)\n');
  fs.writeFileSync(path.join(root, 'b.mdx'), 'fixed\n');
  const told = run(['.'], root);
  assert.equal(told.status, 0);
  assert.match(told.stderr, /^docs-json check: 2 suppressed findings no longer occur: --prune-suppressions drops them from .+\n$/);
  const pruned = run(['.', '--prune-suppressions'], root);
  assert.equal(pruned.status, 0);
  assert.deepEqual(JSON.parse(suppressions(root)), { 'a.mdx': { 'broken-link': { count: 1 } }, 'docs.json': { 'duplicate-page': { count: 1 }, 'missing-page': { count: 1 } } });
  assert.equal(run(['.'], root).stderr, '');
  // Pruning never adds: a new finding still fails.
  fs.writeFileSync(path.join(root, 'b.mdx'), '[z](/none)\n');
  assert.equal(run(['.', '--prune-suppressions'], root).status, 1);
  assert.equal(JSON.parse(suppressions(root))['b.mdx'], undefined);
});

test('--suppress-rule R writes that rule only, keeping the others; an unknown rule is a usage error', () => {
  const root = site();
  const result = run(['.', '--suppress-rule', 'broken-link'], root);
  assert.equal(result.status, 1, 'docs.json errors still fail');
  assert.deepEqual(JSON.parse(suppressions(root)), { 'a.mdx': { 'broken-link': { count: 2 } }, 'b.mdx': { 'broken-link': { count: 1 } } });
  run(['.', '--suppress-rule', 'missing-page'], root);
  assert.deepEqual(Object.keys(JSON.parse(suppressions(root))), ['a.mdx', 'b.mdx', 'docs.json']);
  assert.equal(run(['.', '--max-warnings', '0'], root).status, 1, 'the duplicate-page warning is not suppressed');
  const unknown = run(['.', '--suppress-rule', 'no-such-rule'], root);
  assert.deepEqual([unknown.status, unknown.stderr], [2, "docs-json check: --suppress-rule takes a rule code (got 'no-such-rule')\n"]);
});

test('--suppressions-location names the file; one that cannot be read is a usage error, never a silent pass', () => {
  const root = site();
  const elsewhere = path.join(tempDir('suppressions-'), 'accepted.json');
  run(['.', '--suppress-all', '--suppressions-location', elsewhere], root);
  assert.equal(fs.existsSync(path.join(root, FILE)), false);
  assert.equal(run(['.', '--suppressions-location', elsewhere], root).status, 0);
  assert.equal(run(['.'], root).status, 1);
  for (const [text, reason] of [
    ['{"a.mdx": ', /it is not JSON/],
    ['[]', /it is not an object of files/],
    ['{"a.mdx": {"broken-link": {"count": 0}}}', /'a\.mdx' → 'broken-link' has no count of 1 or more/],
    ['{"a.mdx": {"broken-link": 2}}', /'a\.mdx' → 'broken-link' has no count/],
  ] as const) {
    fs.writeFileSync(path.join(root, FILE), text);
    const result = run(['.'], root);
    assert.equal(result.status, 2, text);
    assert.match(result.stderr, new RegExp(`^docs-json check: cannot read .+${FILE}: ${reason.source}`));
  }
});
