// The `docs-json check` command, run as a real process from the built binary.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { test } from 'node:test';
import { RULES } from '../../server/src/checker';
import { makeDocsRepo, REQUIRED_SETTINGS_TEXT } from '../helpers/docs-repo';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/docs-json.js');

/**
 * Rules only `--check-external` finds (it sends requests): external-links.test.ts checks them against its own server;
 * and the MDX parse's limits (a page of a costly shape, a budget run out): mdx-budget.test.ts checks them;
 * a translation older than its source needs git history: translation-drift.test.ts makes one; a page of 50,000
 * characters (agent-page-size), which test/pages/agent-page-size.test.ts makes; and what only `--base` finds (a
 * change against its base): killed-url.test.ts and check-base.test.ts check it.
 */
const NOT_IN_EXAMPLE = new Set(['broken-external-link', 'unreachable-external-link', 'mdx-not-checked', 'mdx-parse-limit', 'translation-outdated', 'agent-page-size', 'killed-url']);
const OFFLINE_RULES = Object.keys(RULES).filter((code) => !NOT_IN_EXAMPLE.has(code));

function run(args: string[], cwd = REPO) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('check examples/broken (MDX syntax on by default; --check-mdx still accepted): one finding of every rule code, compiler-style lines, a summary, exit 1', () => {
  const { status, stdout } = run(['check', 'examples/broken']);
  assert.equal(run(['check', 'examples/broken', '--check-mdx']).stdout, stdout);
  assert.equal(status, 1);
  const lines = stdout.trimEnd().split('\n');
  // The findings, the summary, then one line on the site's languages.
  assert.match(lines.pop()!, /^Languages: en \d+ pages \(default\); es \d+ pages \(\d+ missing, 1 from another language\)$/);
  const findings = lines.slice(0, -1).map((line) => /^(\S+):(\d+):(\d+) {2}(error|warning|info|hint) {2}([a-z-]+) {2}(.+)$/.exec(line));
  assert.ok(findings.every(Boolean), `every line is file:line:col  severity  code  message\n${stdout}`);
  assert.deepEqual(new Set(findings.map((m) => m![5])), new Set(OFFLINE_RULES));
  assert.match(lines[lines.length - 1], /^\d+ problems \(\d+ errors, \d+ warnings, \d+ info, \d+ hints\)$/);
  // Relative to the current folder (this checkout), which holds the docs folder: a terminal opens them (issue 47).
  assert.ok(findings.some((m) => m![1] === 'examples/broken/tabs/changelog.json'), 'a finding inside a $ref file names that file');
  assert.ok(findings.every((m) => m![1].startsWith('examples/broken/')));
});

test('check examples/broken --no-check-mdx: every rule but mdx-syntax and undefined-identifier (pages are not parsed as MDX, which gives both)', () => {
  const { status, stdout } = run(['check', 'examples/broken', '--format', 'json', '--no-check-mdx']);
  assert.equal(status, 1);
  const codes = new Set((JSON.parse(stdout).diagnostics as { code: string }[]).map((d) => d.code));
  assert.deepEqual(codes, new Set(OFFLINE_RULES.filter((code) => code !== 'mdx-syntax' && code !== 'undefined-identifier')));
});

test('check --help lists --no-check-mdx', () => {
  assert.match(run(['check', '--help']).stdout, /--no-check-mdx +do not parse pages as the platform does \(mdx-syntax, and the names/);
});

test('check examples/valid: no problems, exit 0', () => {
  const { status, stdout } = run(['check', 'examples/valid']);
  assert.equal(stdout, 'No problems found\nLanguages: en 6 pages (default); fr 6 pages (0 missing)\n');
  assert.equal(status, 0);
});

test('check --format json: exactly one JSON object with 1-based positions relative to DIR (the current folder is elsewhere)', () => {
  const root = makeDocsRepo({ 'docs.json': `{\n  "navigation": {\n    "pages": ["intro", "gone"]\n  }${REQUIRED_SETTINGS_TEXT}\n}\n`, 'intro.mdx': '' });
  const { status, stdout } = run(['check', root, '--format', 'json']);
  assert.equal(status, 1);
  assert.deepEqual(JSON.parse(stdout), {
    diagnostics: [
      { file: 'docs.json', line: 3, column: 24, endLine: 3, endColumn: 30, severity: 'error', code: 'missing-page', message: "No page file for 'gone' (.mdx, .md, /index.mdx or /index.md)" },
    ],
    suppressed: [],
  });
});

test('check --format sarif: SARIF 2.1.0 with rules and located results', () => {
  const { status, stdout } = run(['check', 'examples/broken', '--format=sarif']);
  assert.equal(status, 1);
  const sarif = JSON.parse(stdout);
  assert.equal(sarif.version, '2.1.0');
  const run0 = sarif.runs[0];
  assert.equal(run0.tool.driver.name, 'docs-json');
  assert.deepEqual(run0.tool.driver.rules.map((r: { id: string }) => r.id).sort(), Object.keys(RULES).sort());
  const result = run0.results.find((r: { ruleId: string }) => r.ruleId === 'language-code');
  assert.equal(result.level, 'error');
  // Relative to the repository's root (this checkout), where code scanning looks for it.
  assert.deepEqual(result.locations[0].physicalLocation.artifactLocation, { uri: 'examples/broken/docs.json', uriBaseId: '%SRCROOT%' });
  assert.ok(result.locations[0].physicalLocation.region.startLine > 1);
  assert.ok(run0.results.some((r: { level: string }) => r.level === 'note'));
});

test('check: warnings alone exit 0; the default folder is the current one', () => {
  const root = makeDocsRepo({ 'docs.json': { navigation: { groups: [{ group: 'G', pages: ['a', 'a'] }] } }, 'a.mdx': '' });
  const { status, stdout } = run(['check'], root);
  assert.match(stdout, /warning {2}duplicate-page/);
  assert.equal(status, 0);
});

test('check: exit 2 with a one-line reason when it cannot run', () => {
  const empty = makeDocsRepo({ 'readme.md': '' });
  for (const [args, reason] of [
    [['check', empty], /^docs-json check: no docs.json in .+\n$/],
    [['check', 'examples/valid', '--format', 'xml'], /^docs-json check: --format takes text, json, sarif, github, summary or gitlab \(got 'xml'\)\n$/],
    [['check', 'examples/valid', '--frobnicate'], /^docs-json check: unknown option '--frobnicate'\n$/],
    [['check', 'a', 'b'], /^docs-json check: check takes one folder, got 2\n$/],
    [['check', 'examples/valid', '--format'], /^docs-json check: --format takes a value\n$/],
    [['check', 'examples/valid', '--language-code='], /^docs-json check: --language-code takes a code\n$/],
    [['launch'], /^docs-json: unknown command 'launch'/],
  ] as const) {
    const { status, stderr, stdout } = run([...args]);
    assert.equal(status, 2, args.join(' '));
    assert.match(stderr, reason);
    assert.equal(stdout, '');
  }
});

test('check --language-code widens the accepted codes, once per code', () => {
  const languages = [{ language: 'ja', pages: ['a'] }, { language: 'xx', pages: ['a'] }];
  const root = makeDocsRepo({ 'docs.json': { navigation: { languages } }, 'a.mdx': '' });
  assert.equal(run(['check', root]).status, 1);
  assert.equal(run(['check', root, '--language-code', 'ja']).status, 1);
  assert.equal(run(['check', root, '--language-code', 'ja', '--language-code=xx']).status, 0);
});

test('check on a site served under /docs: the base path detected and told once as information; --base-path sets it or turns it off', () => {
  const redirects = [
    { source: '/docs/old-a', destination: '/docs/guide/a' },
    { source: '/docs/old-b', destination: '/docs/guide/b' },
    { source: '/docs/gone', destination: '/docs/guide/missing' },
  ];
  const root = makeDocsRepo({ 'docs.json': { navigation: { pages: ['guide/a', 'guide/b'] }, redirects }, 'guide/a.mdx': '[b](/docs/guide/b)', 'guide/b.mdx': '' });
  const targets = (stdout: string) => (JSON.parse(stdout).diagnostics as { code: string; message: string }[]).map((d) => `${d.code} ${/['"]([^'"]*)['"]/.exec(d.message)?.[1]}`);
  const detected = run(['check', root, '--format', 'json']);
  assert.deepEqual(targets(detected.stdout), ['base-path /docs', 'broken-link /docs/guide/missing']);
  const told = (JSON.parse(detected.stdout).diagnostics as { code: string; severity: string; line: number }[]).find((d) => d.code === 'base-path');
  assert.deepEqual([told?.severity, detected.stderr], ['info', '']);
  const set = run(['check', root, '--format', 'json', '--base-path', '/docs']);
  assert.deepEqual([targets(set.stdout), set.stderr], [['broken-link /docs/guide/missing'], '']);
  const none = run(['check', root, '--format', 'json', '--base-path=']);
  assert.deepEqual(targets(none.stdout), ['broken-link /docs/guide/a', 'broken-link /docs/guide/b', 'broken-link /docs/guide/missing', 'broken-link /docs/guide/b']);
  assert.equal(none.stderr, '');
});

test('check --help: the usage of check on stdout, exit 0, whatever else is given', () => {
  for (const args of [['check', '--help'], ['check', 'no-such-folder', '-h', '--format', 'xml']]) {
    const { status, stdout, stderr } = run(args);
    assert.equal(status, 0, args.join(' '));
    assert.match(stdout, /^usage: docs-json check \[DIR\] \[--format text\|json\|sarif\|github\|summary\|gitlab\] \[--report FORMAT=FILE\]\.\.\. \[--quiet\] \[--max-warnings N\]\n +\[--language-code CODE\]/);
    assert.match(stdout, /--language-code CODE +accept a language code/);
    assert.equal(stderr, '');
  }
});
