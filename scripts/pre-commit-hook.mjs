#!/usr/bin/env node
// The pre-commit hook's entry (.pre-commit-hooks.yaml, `language: script`): pre-commit runs it from its own clone of
// this repository, which has the sources, no node_modules, and the committed bundle shipped/ (scripts/build-shipped.mjs):
// every run, the first included, is that bundle's `docs-json` with the hook's arguments, on Node alone. Only a clone
// without shipped/ (a fork that removed it) falls back to installing the dev dependencies and building (a minute).
// Why not `language: node`: pre-commit 3 takes `npm pack`'s stdout as the tarball's name (a prepare or prepack
// script's banner lands in it), and a script hook leaves npm to us in every pre-commit version.
// This script hook is tested with pre-commit 3.0.4 and 4.6.2 (test/package/pre-commit-install.test.ts).
// The first run installs under a lock (issue 44: two hooks started at once both ran npm ci in the same folder): one
// installs, the others wait for it, at most INSTALL_WAIT_MS; a lock whose process is gone is taken over.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hookArguments } from './hook-arguments.mjs';
import { withoutNpmVariables } from './npm-env.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', '.pre-commit-built');

function step(command, args) {
  // Its output goes to stderr: stdout is the check's.
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 2, 2], env: withoutNpmVariables() });
  if (result.status !== 0) {
    console.error(`docs-json-check: ${command} ${args.join(' ')} failed (${result.status ?? result.signal}) in ${root}`);
    process.exit(2);
  }
}

const lock = join(root, '.pre-commit-install.lock');
/** How long a first run waits for another one's install: npm ci and the build take a minute or two. */
const INSTALL_WAIT_MS = 10 * 60_000;

function install() {
  if (!existsSync(join(root, 'node_modules', 'esbuild'))) step('npm', ['ci', '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline']);
  step(process.execPath, [join(root, 'scripts', 'build.mjs'), '--production']);
  writeFileSync(built, '');
}

/** The lock (a folder: made atomically), with this process's id in it; released at exit, whatever the exit. */
function takeLock() {
  try {
    mkdirSync(lock);
  } catch {
    return false;
  }
  process.on('exit', () => rmSync(lock, { recursive: true, force: true }));
  writeFileSync(join(lock, 'pid'), String(process.pid));
  return true;
}

/** The lock's process has ended (or it wrote no id for a minute): no one will finish that install. */
function lockAbandoned() {
  let pid;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    try {
      return Date.now() - statSync(lock).mtimeMs > 60_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const shipped = join(root, 'shipped', 'cli', 'start.js');
if (!existsSync(shipped) && !existsSync(built)) {
  const deadline = Date.now() + INSTALL_WAIT_MS;
  for (;;) {
    if (existsSync(built)) break;
    if (takeLock()) {
      if (!existsSync(built)) install();
      rmSync(lock, { recursive: true, force: true });
      break;
    }
    if (lockAbandoned()) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) {
      console.error(`docs-json-check: another first run has been installing in ${root} for ${INSTALL_WAIT_MS / 60_000} minutes (${lock}); remove that folder if it is stuck`);
      process.exit(2);
    }
    sleep(200);
  }
}
process.argv = [process.argv[0], process.argv[1], ...hookArguments(process.argv.slice(2))];
createRequire(import.meta.url)(existsSync(shipped) ? shipped : '../bin/docs-json.js');
