// Issue 16, items 7, 13 and 14: what `docs-json check` prints when the docs folder is hostile, when its reader
// goes away or its disk is full, and the SARIF locations of files with spaces, `#` and `%` in their names.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/docs-json.js');
const made: string[] = [];
after(() => made.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

function repo(files: Record<string, unknown>): string {
  const root = makeDocsRepo(files);
  made.push(root);
  return root;
}

function run(args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Through a shell, for pipes and redirections; answers the CLI's exit status and its stderr. */
function shell(command: string) {
  const result = spawnSync('bash', ['-c', `${command}; echo "exit=\${PIPESTATUS[0]}" >&2`], { cwd: REPO, encoding: 'utf8' });
  const exit = /exit=(\d+)\n$/.exec(result.stderr);
  return { status: exit ? Number(exit[1]) : undefined, stderr: result.stderr.replace(/exit=\d+\n$/, '') };
}

const HOSTILE_PAGES = ['intro\n::error file=docs.json,line=1::forged', 'osc\u001b]52;c;ZXZpbA==\u0007', 'cr\rhidden', 'csi\u009b2J', '##vso[task.complete result=Succeeded]'];

test('check: page strings with newlines, CI commands and escape sequences are printed escaped (text, json and sarif)', () => {
  const root = repo({ 'docs.json': { navigation: { pages: HOSTILE_PAGES } } });
  for (const format of ['text', 'json', 'sarif']) {
    const { stdout, stderr } = run(['check', root, '--format', format]);
    const printed = stdout + stderr;
    assert.equal(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/.exec(printed), null, `${format}: a raw control character`);
    for (const line of printed.split('\n')) {
      assert.doesNotMatch(line, /^\s*::/, `${format}: a line a CI runner reads as a command`);
      assert.doesNotMatch(line, /##(vso)?\[/, `${format}: an Azure Pipelines command`);
    }
    if (format === 'text') {
      assert.match(stdout, /'intro\\n::error file=docs.json,line=1::forged'/, 'the newline shows as \\n, on the finding\'s line');
      assert.match(stdout, /'osc\\u001b\]52;c;ZXZpbA==\\u0007'/);
      assert.match(stdout, /'cr\\rhidden'/);
    } else {
      // Escaped as JSON escapes: the output parses, and to the same strings.
      const parsed = JSON.parse(stdout);
      const messages: string[] = format === 'json' ? parsed.diagnostics.map((d: { message: string }) => d.message) : parsed.runs[0].results.map((r: { message: { text: string } }) => r.message.text);
      for (const page of HOSTILE_PAGES.slice(0, 4)) assert.ok(messages.some((m) => m.includes(page)), `${format}: ${JSON.stringify(page)} in a message`);
    }
  }
});

test('check --format sarif: artifact URIs are percent-encoded relative references', () => {
  const root = repo({
    'docs.json': { navigation: { groups: [{ group: 'G', pages: ['a'] }, { $ref: 'my tabs/a b#c%20.json' }] } },
    'a.mdx': '',
    'my tabs/a b#c%20.json': { group: 'H', pages: ['gone'] },
  });
  const sarif = JSON.parse(run(['check', root, '--format', 'sarif']).stdout);
  const uris: string[] = sarif.runs[0].results.map((r: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => r.locations[0].physicalLocation.artifactLocation.uri);
  assert.ok(uris.includes('my%20tabs/a%20b%23c%2520.json'), uris.join(', '));
  assert.equal(decodeURIComponent('my%20tabs/a%20b%23c%2520.json'), 'my tabs/a b#c%20.json');
  assert.ok(uris.every((uri) => !/[ #]/.test(uri)), uris.join(', '));
});

test('check | head -c100: the reader going away ends the command quietly (no stack trace), exit 2', () => {
  const pages = Array.from({ length: 5000 }, (_, i) => `missing/page-${i}`);
  const root = repo({ 'docs.json': { navigation: { pages } } });
  const { status, stderr } = shell(`node ${JSON.stringify(BIN)} check ${JSON.stringify(root)} | head -c100 >/dev/null`);
  assert.equal(stderr, '');
  assert.equal(status, 2);
});

test('check >/dev/full: the output cannot be written, which is said, exit 2 (not the "errors found" 1)', { skip: !fs.existsSync('/dev/full') }, () => {
  const { status, stderr } = shell(`node ${JSON.stringify(BIN)} check examples/valid >/dev/full`);
  assert.equal(stderr, 'docs-json: cannot write the output: ENOSPC\n');
  assert.equal(status, 2);
});
