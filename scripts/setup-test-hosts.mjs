// The set-up `npm test` runs before the tests: what the suites that drive real programs need.
//   - Debian's packages (when root with apt-get): Neovim (test/nvim), Chromium and code-server's build tools
//     (test/vscode), pre-commit (test/package/pre-commit-install);
//   - the VS Code test host (scripts/vscode-install.mjs: code-server on Node 24, into DOCS_VSCODE_HOST_DIR or .vscode-test/).
// What it cannot set up is said in one line here, and the suite that needs it skips with one line naming it
// (test/helpers/test-hosts.ts). DOCS_REQUIRE_TEST_HOSTS=1 (.ci/run) makes a missing piece an error instead.
//   node scripts/setup-test-hosts.mjs [--dry-run]      --dry-run: say what would be done, do nothing
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

function onPath(command) {
  return (process.env.PATH ?? '').split(':').some((folder) => folder && existsSync(join(folder, command)));
}

export function present(probe) {
  return probe.startsWith('/') ? existsSync(probe) : onPath(probe);
}

/**
 * What to do, from the facts: the packages to install (or why not), whether to install the VS Code host.
 * Pure, so that a test can give it any machine.
 */
export function planSetup({ missing, isRoot, hasAptGet, hostReady, hostFolder }) {
  const steps = [];
  const cannot = [];
  if (missing.length > 0) {
    if (isRoot && hasAptGet) steps.push({ kind: 'apt', debs: missing.map((need) => need.deb) });
    else {
      const why = isRoot ? 'no apt-get' : 'not root';
      for (const need of missing) cannot.push(`${need.deb} is not installed (${why}: apt-get install -y ${need.deb}); skipped: ${need.suites}`);
    }
  }
  if (!hostReady) steps.push({ kind: 'vscode-host', folder: hostFolder });
  return { steps, cannot };
}

function describe(step) {
  return step.kind === 'apt' ? `apt-get install -y ${step.debs.join(' ')}` : `install the VS Code test host into ${step.folder} (node scripts/vscode-install.mjs)`;
}

function aptInstall(debs) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...debs]]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed with ${result.status ?? result.signal}`);
  }
}

function main() {
  const dryRun = process.argv.includes('--dry-run');
  const required = process.env.DOCS_REQUIRE_TEST_HOSTS === '1';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const missing = DEBIAN_NEEDS.filter((need) => !present(need.probe));
  const { steps, cannot } = planSetup({ missing, isRoot, hasAptGet: onPath('apt-get'), hostReady: hostInstalled(), hostFolder: hostDir });
  const problems = [...cannot];
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
    console.log(`setup-test-hosts: ${describe(step)}`);
    try {
      if (step.kind === 'apt') aptInstall(step.debs);
      else installHost();
    } catch (error) {
      problems.push(`${describe(step)} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (steps.length === 0 && problems.length === 0) console.log(`setup-test-hosts: Debian packages and the VS Code test host (${hostDir}) are ready`);
  for (const problem of problems) console.error(`setup-test-hosts: ${problem}`);
  if (required && problems.length > 0) {
    console.error('setup-test-hosts: DOCS_REQUIRE_TEST_HOSTS=1: every suite must run');
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
