#!/usr/bin/env node
// The pre-commit hook's entry (.pre-commit-hooks.yaml, `language: script`): pre-commit runs it from its own clone of
// this repository, which has the sources and no node_modules. The first run installs the dev dependencies there and
// builds the production bundles (a minute); every run then is `docs-json` with the hook's arguments.
// Why not `language: node`: pre-commit 3 takes `npm pack`'s stdout as the tarball's name (a prepare or prepack
// script's banner lands in it), and a script hook leaves npm to us in every pre-commit version.
// This script hook is tested with pre-commit 3.0.4 and 4.6.2 (test/package/pre-commit-install.test.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
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

if (!existsSync(built)) {
  if (!existsSync(join(root, 'node_modules', 'esbuild'))) step('npm', ['ci', '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline']);
  step(process.execPath, [join(root, 'scripts', 'build.mjs'), '--production']);
  writeFileSync(built, '');
}
process.argv = [process.argv[0], process.argv[1], ...hookArguments(process.argv.slice(2))];
createRequire(import.meta.url)('../bin/docs-json.js');
