// Issue 32: the GitHub Action (action.yml) checks a docs folder from the action's own checkout, annotates, writes
// SARIF for code scanning and the job summary. Its check step (action/run-check.mjs) runs here as the runner runs
// it: GITHUB_* variables naming temp files, the job's working folder a repository whose docs live in `docs/`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { makeDocsRepo } from '../helpers/docs-repo';
import { sarifErrors } from '../helpers/report-schemas';
import { tempDir } from '../helpers/temp-dir';

const REPO = path.resolve(__dirname, '../..');
const ENTRY = path.join(REPO, 'action/run-check.mjs');

interface Step {
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
const action = parse(fs.readFileSync(path.join(REPO, 'action.yml'), 'utf8')) as { inputs: Record<string, { default: string }>; runs: { using: string; steps: Step[] } };

/** The check step as the runner runs it: its env from action.yml's inputs (defaults, then `inputs`), GITHUB_* files. */
function runCheckStep(workspace: string, inputs: Record<string, string> = {}, runnerEnv: Record<string, string> = {}) {
  const runner = tempDir('runner-');
  const files = { GITHUB_STEP_SUMMARY: path.join(runner, 'summary.md'), GITHUB_OUTPUT: path.join(runner, 'output') };
  for (const file of Object.values(files)) fs.writeFileSync(file, '');
  const step = action.runs.steps.find((s) => s.id === 'check')!;
  const env: Record<string, string> = {};
  for (const [name, expression] of Object.entries(step.env ?? {})) {
    const input = /^\$\{\{ inputs\.([a-z-]+) \}\}$/.exec(expression)![1];
    env[name] = inputs[input] ?? action.inputs[input].default;
  }
  const result = spawnSync(process.execPath, [ENTRY], {
    cwd: workspace,
    encoding: 'utf8',
    env: { ...process.env, ...env, ...files, RUNNER_TEMP: runner, GITHUB_WORKSPACE: workspace, GITHUB_ACTION_PATH: REPO, GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'octo/site', GITHUB_SHA: 'f00d', GITHUB_BASE_REF: '', ...runnerEnv },
  });
  const outputs = Object.fromEntries(fs.readFileSync(files.GITHUB_OUTPUT, 'utf8').trimEnd().split('\n').filter(Boolean).map((line) => line.split(/=(.*)/s).slice(0, 2)));
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, outputs, summary: fs.readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8'), sarif: outputs['sarif-file'] ? fs.readFileSync(outputs['sarif-file'], 'utf8') : undefined };
}

function repository(files: Record<string, unknown>): string {
  const repo = makeDocsRepo({ ...files, 'README.md': '' });
  fs.mkdirSync(path.join(repo, '.git'));
  return repo;
}

test('action.yml: a composite action that runs its committed bundle (nothing installed or built), checks, uploads SARIF only when asked and allowed, then fails on the verdict', () => {
  assert.equal(action.runs.using, 'composite');
  assert.deepEqual(Object.keys(action.inputs).sort(), ['args', 'base', 'fail-on', 'max-warnings', 'path', 'sarif']);
  const [check, upload, verdict] = action.runs.steps;
  assert.equal(action.runs.steps.length, 3);
  // Issue 47: no npm, no build: a job starts in seconds.
  for (const step of action.runs.steps) assert.doesNotMatch(step.run ?? '', /\bnpm\b|build\.mjs/);
  assert.equal(check.run, 'node "$GITHUB_ACTION_PATH/action/run-check.mjs"');
  assert.match(fs.readFileSync(ENTRY, 'utf8'), /new URL\('\.\.\/shipped\/cli\/start\.js', import\.meta\.url\)/);
  assert.match(upload.uses!, /^github\/codeql-action\/upload-sarif@v\d+$/);
  assert.match(upload.if!, /inputs\.sarif == 'true'/);
  // Off by default: a private repository without code scanning fails the upload (issue 47).
  assert.equal(action.inputs.sarif.default, 'false');
  assert.match(upload.if!, /github\.event\.pull_request\.head\.repo\.full_name == github\.repository/, 'no upload from a fork, whose token cannot');
  assert.equal(upload.with!.sarif_file, '${{ steps.check.outputs.sarif-file }}');
  assert.equal(verdict.env!.EXIT_CODE, '${{ steps.check.outputs.exit-code }}');
  // The files the action runs are in the repository (shipped/ is checked against the sources by shipped-bundle.test.ts).
  for (const file of ['action/run-check.mjs', 'shipped/cli/start.js', 'shipped/cli/main.js']) assert.ok(fs.existsSync(path.join(REPO, file)), file);
});

test('the check step without its bundle (a fork that removed shipped/): could not run (2), not findings (1), and says why', () => {
  const copy = tempDir('action-');
  fs.mkdirSync(path.join(copy, 'action'));
  fs.copyFileSync(ENTRY, path.join(copy, 'action', 'run-check.mjs'));
  const runner = tempDir('runner-');
  const output = path.join(runner, 'output');
  fs.writeFileSync(output, '');
  const result = spawnSync(process.execPath, [path.join(copy, 'action', 'run-check.mjs')], { cwd: repository({ 'docs.json': { navigation: { pages: [] } } }), encoding: 'utf8', env: { ...process.env, GITHUB_OUTPUT: output, RUNNER_TEMP: runner, INPUT_SARIF: 'false' } });
  assert.equal(result.status, 0);
  assert.match(result.stderr, /the action's bundle .*shipped\/cli\/start\.js is missing/);
  assert.match(fs.readFileSync(output, 'utf8'), /^exit-code=2$/m);
});

test('the check step at a repository root with docs in docs/: annotations, a valid SARIF and the summary, paths from the root', () => {
  const repo = repository({ 'docs/docs.json': { navigation: { pages: ['guide', 'gone'] } }, 'docs/guide.mdx': '[a](/nowhere)\n' });
  const { status, stdout, stderr, outputs, summary, sarif } = runCheckStep(repo, { sarif: 'true' });
  assert.equal(status, 0, 'the step itself passes, so the upload and the verdict run');
  assert.equal(outputs['exit-code'], '1');
  assert.match(stderr, /checking docs\//);
  assert.match(stdout, /^::error file=docs\/docs\.json,line=\d+,.*title=missing-page::/m);
  assert.match(stdout, /^::error file=docs\/guide\.mdx,line=1,.*title=broken-link::/m);
  const log = JSON.parse(sarif!);
  assert.deepEqual(sarifErrors(log), []);
  assert.deepEqual(log.runs[0].results.map((r: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => r.locations[0].physicalLocation.artifactLocation.uri).sort(), ['docs/docs.json', 'docs/guide.mdx']);
  assert.match(summary, /^### docs\.json check\n\n2 problems \(2 errors/);
  assert.ok(summary.includes('[docs/guide.mdx:1](https://github.com/octo/site/blob/f00d/docs/guide.mdx#L1)'), summary);
});

test('the check step when the check cannot run (exit 2): a valid SARIF that says why, the reason in the summary, the verdict fails', () => {
  const repo = repository({ 'site/mint.json': {} });
  const { status, stderr, outputs, summary, sarif } = runCheckStep(repo, { sarif: 'true' });
  assert.equal(status, 0);
  assert.equal(outputs['exit-code'], '2');
  assert.match(stderr, /mint upgrade/);
  const log = JSON.parse(sarif!);
  assert.deepEqual(sarifErrors(log), []);
  assert.deepEqual(log.runs[0].results, []);
  assert.match(log.runs[0].invocations[0].toolExecutionNotifications[0].message.text, /mint\.json.*mint upgrade/);
  assert.match(summary, /^### docs\.json check\n\nThe check could not run: .*mint upgrade/);
  // Given a path that is not there, and with fail-on never: still exit 2.
  assert.equal(runCheckStep(repo, { path: 'nowhere', 'fail-on': 'never' }).outputs['exit-code'], '2');
});

test('the inputs: path, fail-on warning / never, max-warnings, sarif false, args; a bad fail-on is refused', () => {
  // Only warnings: a duplicate page.
  const repo = repository({ 'site/docs.json': { navigation: { pages: ['a', 'a'] } }, 'site/a.mdx': '', 'other/docs.json': { navigation: { pages: ['a'] } } });
  const exit = (inputs: Record<string, string>) => runCheckStep(repo, inputs).outputs['exit-code'];
  assert.equal(runCheckStep(repo).outputs['exit-code'], '2', 'two docs folders: the path must be given');
  assert.equal(exit({ path: 'site' }), '0');
  assert.equal(exit({ path: 'site', 'fail-on': 'warning' }), '1');
  assert.equal(exit({ path: 'site', 'fail-on': 'warning', 'max-warnings': '1' }), '0');
  assert.equal(exit({ path: 'site', 'max-warnings': '0' }), '1');
  assert.equal(exit({ path: 'other', 'fail-on': 'never' }), '0', 'a missing page (error) passes with fail-on never');
  assert.equal(exit({ path: 'other', args: '--quiet  --base-path /docs' }), '1');
  assert.equal(exit({ path: 'site', args: '--frobnicate' }), '2');
  const noSarif = runCheckStep(repo, { path: 'site', sarif: 'false' });
  assert.deepEqual([noSarif.outputs['exit-code'], noSarif.outputs['sarif-file']], ['0', undefined]);
  const refused = runCheckStep(repo, { path: 'site', 'fail-on': 'sometimes' });
  assert.equal(refused.outputs['exit-code'], '2');
  assert.match(refused.stderr, /the input fail-on takes error, warning or never \(got 'sometimes'\)/);
  assert.match(refused.summary, /could not run: the input fail-on/);
});

test('on a pull request whose base branch cannot be had, the check runs without --base and says so in a notice; base none says nothing', () => {
  const repo = repository({ 'docs/docs.json': { navigation: { pages: ['index'] } }, 'docs/index.mdx': '---\ntitle: Home\n---\n' });
  const pr = runCheckStep(repo, {}, { GITHUB_BASE_REF: 'main' });
  assert.equal(pr.outputs['exit-code'], '0', pr.stdout + pr.stderr);
  assert.match(pr.stdout, /::notice title=docs\.json check::the base origin\/main is not in the checkout: URLs the change stops serving are not checked/);
  const off = runCheckStep(repo, { base: 'none' }, { GITHUB_BASE_REF: 'main' });
  assert.equal(off.outputs['exit-code'], '0');
  assert.doesNotMatch(off.stdout, /::notice/);
  assert.doesNotMatch(runCheckStep(repo).stdout, /::notice/, 'not a pull request: no base');
});
