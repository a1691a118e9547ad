// The set-up `npm test` runs before the tests: what the suites that drive real programs need.
//   - Debian's packages (when root with apt-get): Neovim (test/nvim), Chromium and code-server's build tools
//     (test/vscode), pre-commit (test/package/pre-commit-install);
//   - the VS Code test host (scripts/vscode-install.mjs: code-server on Node 24, in the user's cache folder, shared by clones);
//   - pre-commit 4 (Debian has 3.0.4) in a venv of its own, .test-hosts/pre-commit-4 or DOCS_PRE_COMMIT_4_DIR:
//     `python3 -m venv`, then `pip install 'pre-commit>=4,<5'` with pip's own configuration (its index). Optional: a
//     machine without a reachable index loses seconds (no retries, 15 s per connection), says it in one line, and
//     the pre-commit 4 test skips; DOCS_REQUIRE_TEST_HOSTS does not require it.
// What it cannot set up is said in one line here, and the suite that needs it skips with one line naming it
// (test/helpers/test-hosts.ts). DOCS_REQUIRE_TEST_HOSTS=1 (.ci/run) makes a missing piece an error instead.
//   node scripts/setup-test-hosts.mjs [--dry-run] [--only pre-commit-4]
//     --dry-run: say what would be done, do nothing; --only pre-commit-4: that alone (no apt-get, no VS Code host)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostDir, hostInstalled, installHost } from './vscode-install.mjs';

/** Debian package → the command or file that shows it is there, and the suites that need it. */
export const DEBIAN_NEEDS = [
  { deb: 'neovim', probe: 'nvim', suites: 'test/nvim' },
  { deb: 'chromium', probe: '/usr/bin/chromium', suites: 'test/vscode (the workbench runs in it)' },
  { deb: 'build-essential', probe: 'g++', suites: 'test/vscode (code-server builds native modules)' },
  { deb: 'python3', probe: 'python3', suites: 'test/vscode (node-gyp)' },
  { deb: 'libkrb5-dev', probe: '/usr/include/gssapi/gssapi.h', suites: 'test/vscode (code-server\'s kerberos module)' },
  { deb: 'pre-commit', probe: 'pre-commit', suites: 'test/package/pre-commit-install' },
];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const PRE_COMMIT_4_REQUIREMENT = 'pre-commit>=4,<5';
/** Default .test-hosts/pre-commit-4 (git-ignored, in neither package); test/helpers/test-hosts.ts reads the same. */
export const preCommit4Dir = resolve(process.env.DOCS_PRE_COMMIT_4_DIR ?? join(root, '.test-hosts', 'pre-commit-4'));
/** Why the last install failed, for the test's skip line; removed when it succeeds. */
export const PRE_COMMIT_4_NOTE = 'not-installed.txt';
const PRE_COMMIT_4_SUITE = 'test/package/pre-commit-install (pre-commit 4)';

function onPath(command) {
  return (process.env.PATH ?? '').split(':').some((folder) => folder && existsSync(join(folder, command)));
}

export function present(probe) {
  return probe.startsWith('/') ? existsSync(probe) : onPath(probe);
}

/**
 * What to do, from the facts: the packages to install (or why not), whether to install the VS Code host and
 * pre-commit 4. `preCommit4.python`: 'venv' (python3 on PATH has the venv module's ensurepip), 'no-venv' (Debian's
 * python3 without python3-venv), 'missing'. `cannot`: what a run requiring every host fails on; `optional`: lines
 * said but not required (pre-commit 4); steps marked `optional` likewise.
 * Pure, so that a test can give it any machine.
 */
export function planSetup({ missing, isRoot, hasAptGet, hostReady, hostFolder, preCommit4 }) {
  const steps = [];
  const cannot = [];
  const optional = [];
  const why = isRoot ? 'no apt-get' : 'not root';
  if (missing.length > 0) {
    if (isRoot && hasAptGet) steps.push({ kind: 'apt', debs: missing.map((need) => need.deb) });
    else for (const need of missing) cannot.push(`${need.deb} is not installed (${why}: apt-get install -y ${need.deb}); skipped: ${need.suites}`);
  }
  if (!hostReady) steps.push({ kind: 'vscode-host', folder: hostFolder });
  if (!preCommit4.ready) {
    const install = { kind: 'pre-commit-4', folder: preCommit4.folder, optional: true };
    if (preCommit4.python === 'venv') steps.push(install);
    // Debian's python3 (installed above, or there already) makes venvs only with python3-venv.
    else if (isRoot && hasAptGet) steps.push({ kind: 'apt', debs: ['python3-venv'], optional: true }, install);
    else {
      const debs = preCommit4.python === 'missing' ? 'python3 python3-venv' : 'python3-venv';
      optional.push(`pre-commit 4 is not installed (${preCommit4.python === 'missing' ? 'no python3' : 'python3 cannot make a venv'}; ${why}: apt-get install -y ${debs}); skipped: ${PRE_COMMIT_4_SUITE}`);
    }
  }
  return { steps, cannot, optional };
}

/** A folder as the lines show it: repository-relative inside the repository. */
function shown(folder) {
  const inside = relative(root, folder);
  return inside && !inside.startsWith('..') && !inside.startsWith('/') ? inside : folder;
}

function describe(step) {
  if (step.kind === 'apt') return `apt-get install -y ${step.debs.join(' ')}${step.optional ? ' (for pre-commit 4; optional)' : ''}`;
  if (step.kind === 'pre-commit-4') return `install pre-commit 4 into ${shown(step.folder)} (python3 -m venv, then pip install '${PRE_COMMIT_4_REQUIREMENT}'; optional)`;
  return `install the VS Code test host into ${step.folder} (node scripts/vscode-install.mjs)`;
}

/** Whether python3 on PATH can make a venv with pip in it: 'venv', 'no-venv' or 'missing'. */
export function pythonVenv() {
  if (!onPath('python3')) return 'missing';
  return spawnSync('python3', ['-c', 'import ensurepip, venv'], { stdio: 'ignore' }).status === 0 ? 'venv' : 'no-venv';
}

/** Why pip failed, in a few words: from its log (`--log`, which has what `-vv` shows) and stderr. */
export function pipFailure({ stderr, log, timedOut, seconds }) {
  if (timedOut) return `timed out after ${seconds} s`;
  const unreachable = [];
  for (const match of log.matchAll(/Could not fetch URL (\S+?): /g)) {
    let host = match[1];
    try {
      host = new URL(match[1]).host;
    } catch {
      // not a URL: shown as it is
    }
    if (!unreachable.includes(host)) unreachable.push(host);
  }
  if (/\(from versions: none\)/.test(`${stderr}\n${log}`)) {
    return unreachable.length > 0 ? `no version found: could not reach ${unreachable.join(', ')}` : 'no version found in the indexes pip is configured with';
  }
  const errors = stderr.split('\n').map((line) => line.trim()).filter((line) => line.startsWith('ERROR:'));
  return errors.length > 0 ? errors[errors.length - 1].slice('ERROR:'.length).trim() : `pip exited with ${lastLine(stderr) || 'an error'}`;
}

function lastLine(text) {
  const lines = (text ?? '').split('\n').map((line) => line.trim()).filter(Boolean);
  return lines.length > 0 ? lines[lines.length - 1] : '';
}

const PIP_SECONDS = 300;

/**
 * A fresh venv in `folder` and pre-commit 4 in it, with pip's own configuration (index, find-links, constraints):
 * no retries and 15 s per connection, so that an unreachable index costs seconds. Throws the one line.
 */
export function installPreCommit4(folder) {
  const fail = (what) => {
    throw new Error(`pre-commit 4 is not installed (${what})`);
  };
  // --clear: a venv left by an install that failed or was stopped is made again (3 s).
  const venv = spawnSync('python3', ['-m', 'venv', '--clear', folder], { encoding: 'utf8', timeout: 120_000 });
  if (venv.status !== 0) fail(`python3 -m venv ${shown(folder)} failed: ${lastLine(venv.stderr) || venv.error?.message || venv.signal}`);
  const log = join(folder, 'pip.log');
  const args = ['-m', 'pip', 'install', '--no-input', '--disable-pip-version-check', '--retries', '0', '--timeout', '15', '--log', log, PRE_COMMIT_4_REQUIREMENT];
  const pip = spawnSync(join(folder, 'bin', 'python'), args, { encoding: 'utf8', timeout: PIP_SECONDS * 1000, maxBuffer: 64 * 1024 * 1024 });
  if (pip.status === 0 && existsSync(join(folder, 'bin', 'pre-commit'))) return;
  const failure = pipFailure({ stderr: pip.stderr ?? '', log: existsSync(log) ? readFileSync(log, 'utf8') : '', timedOut: pip.error?.code === 'ETIMEDOUT', seconds: PIP_SECONDS });
  fail(`pip install '${PRE_COMMIT_4_REQUIREMENT}' into ${shown(folder)} failed: ${failure}`);
}

/** The skip line's reason for test/helpers/test-hosts.ts, or nothing once installed. */
function notePreCommit4(folder, line) {
  const note = join(folder, PRE_COMMIT_4_NOTE);
  if (line === undefined) return rmSync(note, { force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(note, `${line}\n`);
}

let aptUpdated = false;

function aptInstall(debs) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const commands = [['install', '-y', '-qq', '--no-install-recommends', ...debs]];
  if (!aptUpdated) commands.unshift(['update', '-qq']);
  for (const args of commands) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed with ${result.status ?? result.signal}`);
    if (args[0] === 'update') aptUpdated = true;
  }
}

function main() {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  if (only !== undefined && only !== 'pre-commit-4') {
    console.error(`setup-test-hosts: --only takes pre-commit-4, not ${only ?? 'nothing'}`);
    process.exit(2);
  }
  const required = process.env.DOCS_REQUIRE_TEST_HOSTS === '1';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const missing = only ? [] : DEBIAN_NEEDS.filter((need) => !present(need.probe));
  const preCommit4Ready = existsSync(join(preCommit4Dir, 'bin', 'pre-commit'));
  const preCommit4 = { ready: preCommit4Ready, folder: preCommit4Dir, python: preCommit4Ready ? 'venv' : pythonVenv() };
  const hostReady = only ? true : hostInstalled();
  const { steps, cannot, optional } = planSetup({ missing, isRoot, hasAptGet: onPath('apt-get'), hostReady, hostFolder: hostDir, preCommit4 });
  const problems = [...cannot];
  const notes = [...optional];
  let optionalAptFailed;
  for (const step of steps) {
    if (dryRun) {
      console.log(`setup-test-hosts: would ${describe(step)}`);
      continue;
    }
    // Without Chromium or the build tools, code-server's install fails after minutes: not tried.
    if (step.kind === 'vscode-host' && DEBIAN_NEEDS.some((need) => need.suites.startsWith('test/vscode') && !present(need.probe))) {
      problems.push(`VS Code test host not installed (Chromium or build tools missing); skipped: test/vscode`);
      continue;
    }
    if (step.kind === 'pre-commit-4' && optionalAptFailed) {
      notes.push(`pre-commit 4 is not installed (${optionalAptFailed}); skipped: ${PRE_COMMIT_4_SUITE}`);
      continue;
    }
    console.log(`setup-test-hosts: ${describe(step)}`);
    try {
      if (step.kind === 'apt') aptInstall(step.debs);
      else if (step.kind === 'pre-commit-4') installPreCommit4(step.folder);
      else installHost();
      if (step.kind === 'pre-commit-4') {
        notePreCommit4(step.folder, undefined);
        const version = spawnSync(join(step.folder, 'bin', 'pre-commit'), ['--version'], { encoding: 'utf8' }).stdout?.trim();
        console.log(`setup-test-hosts: ${version || 'pre-commit 4'} ready in ${shown(step.folder)}`);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (step.kind === 'pre-commit-4') {
        notePreCommit4(step.folder, message);
        notes.push(`${message}; skipped: ${PRE_COMMIT_4_SUITE}`);
      } else if (step.optional) optionalAptFailed = `${describe(step)} failed: ${message}`;
      else problems.push(`${describe(step)} failed: ${message}`);
    }
  }
  if (!dryRun && !preCommit4.ready && !steps.some((step) => step.kind === 'pre-commit-4')) {
    // Said by the plan (no python3 or no venv module): the same line for the test's skip.
    const line = optional.find((text) => text.startsWith('pre-commit 4 '));
    if (line) notePreCommit4(preCommit4Dir, line.slice(0, line.lastIndexOf('; skipped: ')));
  }
  if (steps.length === 0 && problems.length === 0 && notes.length === 0) {
    const others = only ? '' : `Debian packages, the VS Code test host (${hostDir}) and `;
    console.log(`setup-test-hosts: ${others}pre-commit 4 (${shown(preCommit4Dir)}) ${only ? 'is' : 'are'} ready`);
  }
  for (const problem of problems) console.error(`setup-test-hosts: ${problem}`);
  for (const note of notes) console.error(`setup-test-hosts: ${note}`);
  if (required && problems.length > 0) {
    console.error('setup-test-hosts: DOCS_REQUIRE_TEST_HOSTS=1: every suite must run');
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
