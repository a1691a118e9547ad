// The team's config file (issue 47): docs-json.config.json, found from the docs folder upward to the repository's
// root, sets rules on, off or at a severity, per path too; the CLI and the language server (lsp/team-config.test.ts)
// read it alike.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [BIN, 'check', ...args, '--no-check-mdx', '--format', 'json'], { cwd, encoding: 'utf8' });
  const found = result.status === 2 ? [] : (JSON.parse(result.stdout).diagnostics as { file: string; code: string; severity: string }[]);
  return { status: result.status, stderr: result.stderr, found: found.map((d) => `${d.file} ${d.code} ${d.severity}`) };
}

/** A repository (with .git) whose docs/ has a broken link in guide/a.mdx and in api/b.mdx, and a missing page. */
function repo(config?: unknown, where = 'docs-json.config.json') {
  const root = makeDocsRepo({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'docs/docs.json': { navigation: { pages: ['guide/a', 'api/b', 'gone'] } },
    'docs/guide/a.mdx': '[x](/nowhere)\n',
    'docs/api/b.mdx': '[y](/nothing)\n',
  });
  if (config !== undefined) fs.writeFileSync(path.join(root, where), typeof config === 'string' ? config : JSON.stringify(config));
  return root;
}

const ALL = ['docs/api/b.mdx broken-link error', 'docs/docs.json missing-page error', 'docs/guide/a.mdx broken-link error'];

test('without a config: every rule at its default severity (the quiet twin)', () => {
  const root = repo();
  const { status, found } = run(['docs'], root);
  assert.equal(status, 1);
  assert.deepEqual(found.map((f) => f.replace(/^(?!docs\/)/, 'docs/')).sort(), ALL);
});

test('the config at the repository root sets a rule off and another to a warning; overrides by path (later wins)', () => {
  const root = repo({
    rules: { 'missing-page': 'warning', 'broken-link': 'off' },
    overrides: [
      { files: ['api/**'], rules: { 'broken-link': 'error' } },
      { files: ['api/b.mdx'], rules: { 'broken-link': 'info' } },
    ],
  });
  const { status, found } = run(['docs'], root);
  // Patterns are relative to the config's folder: api/** is the repository's api/, not docs/api/.
  assert.deepEqual(found.map((f) => f.replace(/^(?!docs\/)/, 'docs/')), ['docs/docs.json missing-page warning']);
  assert.equal(status, 0);
  fs.writeFileSync(
    path.join(root, 'docs-json.config.json'),
    JSON.stringify({ rules: { 'missing-page': 'warning', 'broken-link': 'off' }, overrides: [{ files: ['docs/api/**'], rules: { 'broken-link': 'error' } }] }),
  );
  const again = run(['docs'], root);
  assert.deepEqual(
    again.found.map((f) => f.replace(/^(?!docs\/)/, 'docs/')).sort(),
    ['docs/api/b.mdx broken-link error', 'docs/docs.json missing-page warning'],
  );
  assert.equal(again.status, 1);
});

test('the nearest config wins: one in the docs folder before the repository root', () => {
  const root = repo({ rules: { 'broken-link': 'off' } });
  fs.writeFileSync(path.join(root, 'docs/docs-json.config.json'), JSON.stringify({ rules: { 'missing-page': 'off' } }));
  const { found } = run(['docs'], root);
  assert.deepEqual(found.map((f) => f.replace(/^(?!docs\/)/, 'docs/')).sort(), ['docs/api/b.mdx broken-link error', 'docs/guide/a.mdx broken-link error']);
});

test('a config above the repository root is not read', () => {
  const outer = makeDocsRepo({ 'docs-json.config.json': JSON.stringify({ rules: { 'broken-link': 'off', 'missing-page': 'off' } }) });
  const root = path.join(outer, 'repo');
  fs.cpSync(repo(), root, { recursive: true });
  const { found } = run(['docs'], root);
  assert.equal(found.length, 3);
});

test('a wrong config is a usage error naming the file and what is wrong (exit 2), not ignored', () => {
  for (const [config, message] of [
    ['{ not json', /docs-json\.config\.json: not JSON/],
    [{ rules: { 'broken-lnk': 'off' } }, /rules names no rule: "broken-lnk"/],
    [{ rules: { 'broken-link': 'fatal' } }, /rules\."broken-link" is one of error, warning, info, hint, off \(got "fatal"\)/],
    [{ overrides: [{ rules: { 'broken-link': 'off' } }] }, /overrides\[0\]\.files is a list of path patterns/],
    [{ rulePagesUrl: 'file:///tmp/rules/{code}' }, /rulePagesUrl is an https URL/],
    [{ rule: {} }, /"rule" is not a setting/],
  ] as const) {
    const root = repo(config);
    const { status, stderr } = run(['docs'], root);
    assert.equal(status, 2, stderr);
    assert.match(stderr, message);
    assert.doesNotMatch(stderr, /\n\s+at /);
  }
});

test('the JSON schema (editor completion) accepts what the CLI reads and refuses what it refuses', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Ajv = require('ajv').default;
  const schema = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../schemas/docs-json.config.schema.json'), 'utf8'));
  const validate = new Ajv({ strict: false }).compile(schema);
  const good = { $schema: './schema.json', rules: { 'broken-link': 'warning', 'docsJson.orphan': 'off' }, overrides: [{ files: ['api/**'], rules: { 'missing-page': 'hint' } }], rulePagesUrl: 'https://example.com/rules/{code}' };
  assert.equal(validate(good), true, JSON.stringify(validate.errors));
  for (const bad of [{ rules: { 'broken-lnk': 'off' } }, { rules: { 'broken-link': 'fatal' } }, { overrides: [{ rules: {} }] }, { rulePagesUrl: 'file:///x/{code}' }, { rule: {} }]) {
    assert.equal(validate(bad), false, JSON.stringify(bad));
    const root = repo(bad);
    assert.equal(run(['docs'], root).status, 2, JSON.stringify(bad));
  }
});
