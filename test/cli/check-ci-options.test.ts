// Issue 24 (CI options) and issue 22 item 10: `--format github` annotations in GitHub's workflow-command format,
// escaped so that no file name or message can end its line or start a command; `--quiet` and `--max-warnings` as
// eslint has them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// `::command key=value,…::message`: values hold no raw `,` `:` `%`, nothing holds a raw line end.
const ANNOTATION = /^::(error|warning|notice) file=([^,:\r\n]*),line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+),title=([a-z-]+)::([^\r\n]*)$/;

/** A value as the runner reads it (its %-escapes), with our printed `\uXXXX` escapes undone. */
function decoded(value: string): string {
  return value
    .replace(/%(25|0D|0A|3A|2C)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

// What GitHub's runner trims before it looks for `::` (every Unicode white space), and characters that hide or
// reorder text.
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{Cc}]/u;

const HOSTILE_NAMES = [
  '50% done, really: yes',
  'line\nbreak',
  '\u00a0::error file=docs.json::forged by nbsp',
  '\u3000::warning::ideographic',
  '\u2028::notice::line separator',
  'bidi \u202egnp.exe',
  'zero\u200bwidth',
  'esc \u001b[2J',
  'cr\rhidden',
  '##[error]azure',
];

test('--format github: one annotation per finding, GitHub escapes in values, no line a runner could read as another command', () => {
  const files: Record<string, unknown> = { 'docs.json': { navigation: { pages: ['intro', ...HOSTILE_NAMES.map((n) => `gone ${n}`)] } }, 'intro.mdx': '' };
  for (const name of HOSTILE_NAMES) files[`pages/${name}.mdx`] = `[a](</nowhere ${name.replace(/\n/g, ' ')}>)`;
  const root = makeDocsRepo(files);
  const cwd = path.dirname(root);
  const json = JSON.parse(run(['check', root, '--format', 'json'], cwd).stdout).diagnostics as { file: string; line: number; column: number; endLine: number; endColumn: number; severity: string; code: string; message: string }[];
  assert.ok(json.length >= 2 * HOSTILE_NAMES.length, `${json.length} findings`);

  const { status, stdout } = run(['check', root, '--format', 'github'], cwd);
  assert.equal(status, 1);
  assert.ok(stdout.endsWith('\n'));
  const lines = stdout.slice(0, -1).split('\n');
  assert.equal(lines.length, json.length, 'one annotation per finding');
  lines.forEach((line, i) => {
    assert.equal(INVISIBLE.exec(line.replace(/ /g, '')), null, `a raw control, format or space character in ${JSON.stringify(line)}`);
    const m = ANNOTATION.exec(line);
    assert.ok(m, `not a workflow command: ${JSON.stringify(line)}`);
    const d = json[i];
    const level = { error: 'error', warning: 'warning', info: 'notice', hint: 'notice' }[d.severity];
    assert.deepEqual(
      [m[1], decoded(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), m[7], decoded(m[8])],
      // JSON's files are relative to the current folder (which holds the docs folder), as the annotations' are.
      [level, d.file, d.line, d.column, d.endLine, d.endColumn, d.code, d.message],
    );
  });
  // The percent signs and commas of a name are escaped in `file=`, and a message's `%` as `%25`.
  assert.ok(lines.some((line) => line.includes('file=') && line.includes('50%25 done%2C really%3A yes')), stdout);
  assert.ok(lines.some((line) => /::.*line%0Abreak/.test(line.slice(2))), stdout);
});

test('--quiet prints errors only; --max-warnings N fails on more than N warnings, hidden or not', () => {
  const root = makeDocsRepo({ 'docs.json': { navigation: { pages: ['intro', 'gone'] }, logo: '/logo/none.svg', favicon: '/none.ico' }, 'intro.mdx': '' });
  const all = JSON.parse(run(['check', root, '--format', 'json'], root).stdout).diagnostics as { severity: string }[];
  const warnings = all.filter((d) => d.severity === 'warning').length;
  const errors = all.filter((d) => d.severity === 'error').length;
  assert.ok(warnings >= 2 && errors >= 1, JSON.stringify(all));

  const quiet = JSON.parse(run(['check', root, '--format', 'json', '--quiet'], root).stdout).diagnostics as { severity: string }[];
  assert.equal(quiet.length, errors);
  assert.ok(quiet.every((d) => d.severity === 'error'));
  const text = run(['check', '--quiet'], root);
  assert.equal(text.stdout.split('\n').filter((line) => /\s{2}warning\s{2}/.test(line)).length, 0);
  assert.equal(text.status, 1);

  // Without errors: only the warnings decide.
  fs.writeFileSync(path.join(root, 'gone.mdx'), '');
  assert.equal(run(['check'], root).status, 0);
  assert.equal(run(['check', '--max-warnings', String(warnings)], root).status, 0);
  const over = run(['check', '--max-warnings', String(warnings - 1), '--quiet'], root);
  assert.equal(over.status, 1);
  assert.equal(over.stderr, `docs-json check: ${warnings} warnings, more than --max-warnings ${warnings - 1}\n`);
  assert.equal(over.stdout, 'No problems found\n');
  for (const bad of ['-1', '1.5', 'many']) {
    const refused = run(['check', `--max-warnings=${bad}`], root);
    assert.equal(refused.status, 2, bad);
    assert.match(refused.stderr, /--max-warnings takes a whole number from 0/);
  }
  assert.match(run(['check', '--help'], root).stdout, /--format github[\s\S]*--quiet[\s\S]*--max-warnings N/);
});

test('a file whose name shares a key prefix (svc_billing_overview.mdx) prints as written in every format, keys in the environment', () => {
  const root = makeDocsRepo({ 'docs.json': { navigation: { pages: ['svc_billing_overview'] } }, 'svc_billing_overview.mdx': '[a](/svc_billing_missing)' });
  const env = { ...process.env, DOCS_ADMIN_API_KEY: 'svc_acme_admin_7Hq2mZx9Lp4Kw8Rt', DOCS_ASSISTANT_API_KEY: 'svc_dsc_acme_assist_3Nf6Vb1Yc5Jd0Gs' };
  for (const format of ['text', 'json', 'sarif', 'github']) {
    const result = spawnSync(process.execPath, [BIN, 'check', '--format', format], { cwd: root, env, encoding: 'utf8' });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stdout, /svc_billing_overview\.mdx/, format);
    assert.match(result.stdout, /svc_billing_missing/, format);
    assert.doesNotMatch(result.stdout, /redacted/, format);
  }
});
