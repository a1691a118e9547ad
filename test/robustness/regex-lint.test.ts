// Issue 22: no regular expression of server/, cli/ or api/ may backtrack super-linearly on what a repository holds;
// issue 34: nor may a list be spread into a call.
// eslint-plugin-regexp's rules for it, run over those folders (eslint.config.mjs), with no finding allowed.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(__dirname, '../..');
const ESLINT = path.join(ROOT, 'node_modules/eslint/bin/eslint.js');

function lint(args: string[], input?: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [ESLINT, ...args], { cwd: ROOT, encoding: 'utf8', input, timeout: 300_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('every regular expression of server/, cli/ and api/ is linear (regexp/no-super-linear-*)', () => {
  const { status, output } = lint(['server/src', 'cli/src', 'api/src', 'client/src']);
  assert.equal(status, 0, output);
});

test('the lint finds the regular expressions that hung the page scanner and the page rows', () => {
  const probe = [
    "export const statement = /import\\s+(?:[\\w*{}\\s,$]+?\\s+from\\s+)?(['\"])([^'\"\\n]*)\\1;?/y;",
    "export const title = /^title:[ \\t]*([^\\s\"'|>&*!%@`#{[][^\\n]*?)(?:[ \\t]+#[^\\n]*)?[ \\t\\r]*$/m;",
    '',
  ].join('\n');
  const { status, output } = lint(['--stdin', '--stdin-filename', 'server/src/lint-probe.ts'], probe);
  assert.equal(status, 1, output);
  assert.match(output, /^ +1:\d+ +error .*regexp\/no-super-linear-backtracking$/m);
  assert.match(output, /^ +2:\d+ +error .*regexp\/no-super-linear/m);
});

test('the lint finds a list spread into a call (issue 34: 150k images in one page overflowed the stack), not into an array', () => {
  const probe = ['export const a = (list: number[], items: number[]) => list.push(...items);', 'export const b = (xs: number[]) => Math.max(...xs);', 'export const c = (xs: number[]) => [...xs, 1];', ''].join('\n');
  const { status, output } = lint(['--stdin', '--stdin-filename', 'server/src/lint-probe.ts'], probe);
  assert.equal(status, 1, output);
  assert.match(output, /^ +1:\d+ +error +A spread into a call .*no-restricted-syntax$/m);
  assert.match(output, /^ +2:\d+ +error +A spread into a call .*no-restricted-syntax$/m);
  assert.doesNotMatch(output, /^ +3:/m);
});

test('the lint finds a file written around the guarded write (issue 44: a report written through a committed link)', () => {
  const probe = [
    "import fs = require('node:fs');",
    "import { appendFileSync } from 'node:fs';",
    "export const a = (f: string) => fs.writeFileSync(f, '');",
    "export const b = (f: string) => fs.promises.writeFile(f, '');",
    "export const c = (f: string) => fs.createWriteStream(f);",
    "export const d = (f: string) => appendFileSync(f, '');",
    "export const e = (f: string) => fs.readFileSync(f);",
    '',
  ].join('\n');
  for (const file of ['server/src/lint-probe.ts', 'cli/src/lint-probe.ts', 'client/src/lint-probe.ts']) {
    const { status, output } = lint(['--stdin', '--stdin-filename', file], probe);
    assert.equal(status, 1, output);
    for (const line of [2, 3, 4, 5]) assert.match(output, new RegExp(`^ +${line}:\\d+ +error +.*data-file\\.ts`, 'm'), `${file} line ${line}: ${output}`);
    assert.doesNotMatch(output, /^ +7:/m);
  }
  // The guard itself may write.
  assert.equal(lint(['--stdin', '--stdin-filename', 'server/src/project/data-file.ts'], probe).status, 0);
});
