// Issue 44: `--report FORMAT=FILE` wrote through symbolic links a cloned repository commits (the README's own
// `--report sarif=docs-json.sarif` overwrote a file outside the repository, a dangling link created one, the summary
// was appended to a linked file). Each must now be refused with one clear line and exit 2, writing nothing outside;
// the quiet twins (a real folder, an existing summary, a place the user named outside the repository) still work.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';
import { tempDir } from '../helpers/temp-dir';

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A repository (with `.git`) whose docs in `docs/` have one error, and a folder outside it. */
function setting(): { repo: string; outside: string } {
  const repo = makeDocsRepo({ 'docs/docs.json': { navigation: { pages: ['gone'] } } });
  fs.mkdirSync(path.join(repo, '.git'));
  const outside = tempDir('outside-');
  return { repo, outside };
}

test('a committed link at the report name (to an existing file outside): refused, exit 2, the file outside unchanged', () => {
  const { repo, outside } = setting();
  const victim = path.join(outside, 'file');
  fs.writeFileSync(victim, 'keep\n');
  fs.symlinkSync(victim, path.join(repo, 'docs-json.sarif'));
  const { status, stderr } = run(['check', 'docs', '--report', 'sarif=docs-json.sarif'], repo);
  assert.equal(status, 2, stderr);
  assert.match(stderr, /^docs-json check: cannot write the sarif report to .*docs-json\.sarif: it is a symbolic link \(not written through\)$/m);
  assert.equal(stderr.match(/cannot write the sarif report/g)?.length, 1, stderr);
  assert.equal(fs.readFileSync(victim, 'utf8'), 'keep\n');
  assert.ok(fs.lstatSync(path.join(repo, 'docs-json.sarif')).isSymbolicLink(), 'the link is left as it was');
});

test('a dangling committed link at the report name: refused, nothing created where it points', () => {
  const { repo, outside } = setting();
  const target = path.join(outside, 'created');
  fs.symlinkSync(target, path.join(repo, 'docs-json.sarif'));
  for (const format of ['sarif', 'json', 'gitlab', 'github', 'text', 'summary']) {
    const { status, stderr } = run(['check', 'docs', '--report', `${format}=docs-json.sarif`], repo);
    assert.equal(status, 2, `${format}: ${stderr}`);
    assert.match(stderr, /symbolic link/);
    assert.equal(fs.existsSync(target), false, format);
  }
});

test('a linked summary file: nothing appended to the file it names', () => {
  const { repo, outside } = setting();
  const victim = path.join(outside, 'summary.md');
  fs.writeFileSync(victim, 'keep\n');
  fs.symlinkSync(victim, path.join(repo, 'summary.md'));
  const { status, stderr } = run(['check', 'docs', '--report', 'summary=summary.md'], repo);
  assert.equal(status, 2, stderr);
  assert.match(stderr, /cannot write the summary report .*symbolic link/);
  assert.equal(fs.readFileSync(victim, 'utf8'), 'keep\n');
});

test('a committed link to a folder on the way (reports -> outside): refused, from the repository and from the docs folder', () => {
  const { repo, outside } = setting();
  fs.symlinkSync(outside, path.join(repo, 'reports'));
  fs.symlinkSync(outside, path.join(repo, 'docs', 'out'));
  for (const [cwd, dir, file] of [
    [repo, 'docs', 'reports/x.sarif'],
    [path.join(repo, 'docs'), '.', 'out/x.sarif'],
    [path.dirname(repo), path.join(path.basename(repo), 'docs'), path.join(path.basename(repo), 'reports', 'x.sarif')],
  ]) {
    const { status, stderr } = run(['check', dir, '--report', `sarif=${file}`], cwd);
    assert.equal(status, 2, stderr);
    assert.match(stderr, /(reports|out) is a symbolic link \(not written through\)/);
    assert.deepEqual(fs.readdirSync(outside), []);
  }
});

test('a check that cannot run does not write its failure report through a link either', () => {
  const { repo, outside } = setting();
  const victim = path.join(outside, 'file');
  fs.writeFileSync(victim, 'keep\n');
  fs.symlinkSync(victim, path.join(repo, 'out.sarif'));
  const { status, stderr } = run(['check', 'nowhere', '--report', 'sarif=out.sarif'], repo);
  assert.equal(status, 2);
  assert.match(stderr, /symbolic link/);
  assert.equal(fs.readFileSync(victim, 'utf8'), 'keep\n');
});

test('quiet twins: a real folder in the repository, a summary appended to, a place the user named outside (through a link above it)', () => {
  const { repo, outside } = setting();
  fs.mkdirSync(path.join(repo, 'out'));
  fs.writeFileSync(path.join(repo, 'summary.md'), 'before\n');
  fs.mkdirSync(path.join(outside, 'real'));
  fs.symlinkSync(path.join(outside, 'real'), path.join(outside, 'named'));
  const named = path.join(outside, 'named', 'step_summary');
  const { status, stderr } = run(['check', 'docs', '--report', 'sarif=out/x.sarif', '--report', 'summary=summary.md', '--report', `summary=${named}`, '--report', 'json=docs-json.json'], repo);
  assert.equal(status, 1, stderr);
  assert.equal(JSON.parse(fs.readFileSync(path.join(repo, 'out', 'x.sarif'), 'utf8')).version, '2.1.0');
  assert.match(fs.readFileSync(path.join(repo, 'summary.md'), 'utf8'), /^before\n[^]*missing-page/);
  assert.match(fs.readFileSync(path.join(outside, 'real', 'step_summary'), 'utf8'), /missing-page/);
  assert.equal(JSON.parse(fs.readFileSync(path.join(repo, 'docs-json.json'), 'utf8')).diagnostics.length, 1);
  // Replaced, not appended: a second run leaves one report; no temporary file is left beside it.
  run(['check', 'docs', '--report', 'json=docs-json.json'], repo);
  assert.equal(JSON.parse(fs.readFileSync(path.join(repo, 'docs-json.json'), 'utf8')).diagnostics.length, 1);
  assert.deepEqual(fs.readdirSync(repo).filter((name) => name.endsWith('.tmp')), []);
});
