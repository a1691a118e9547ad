// Builds, then runs every test/**/*.test.ts with node's test runner (TypeScript through tsx; scripts/test-run.mjs).
// Extra arguments are substrings that select test files: `node scripts/run-tests.mjs rules cli`.
// Small files run several to a process (scripts/test-groups.mjs); --alone runs each file in its own.
// --typecheck (`npm test`): `tsc --noEmit` runs beside the tests, its output printed after theirs; either failing
// fails the run. Before the tests it held the whole run for its 60-190 s (one core; the tests leave cores idle
// while they wait on the processes they start).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAMP, staleReason } from './build-stamp.mjs';
import { groupTests } from './test-groups.mjs';
import { hostDir } from './vscode-install.mjs';

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

// The files that take longest start first: with two at a time, a long file started last (test/vscode/ sorts last)
// kept one worker alone for its whole run at the end. Measured with the times this runner prints at the end.
const SLOW_FIRST = [
  'test/vscode/',
  'test/language-service/page-fix-safety', // 234 s alone at load 15 on 2 cores (scripts/test-file-times.mjs)
  'test/package/clone',
  'test/language-service/fix-safety', // 92 s, same load
  'test/lsp/server-cli-agree', // 112 s in a clean clone's run, 2026-11-28
  'test/corpus/',
  'test/package/release-workflow',
  'test/package/npm-package',
  'test/robustness/server-protocol',
  'test/robustness/regex-lint',
  'test/pages/mdx-budget', // 28 s
  'test/robustness/server-lifecycle',
];
const rank = (file) => {
  const index = SLOW_FIRST.findIndex((part) => file.split('\\').join('/').includes(part));
  return index === -1 ? SLOW_FIRST.length : index;
};

const typecheck = process.argv.includes('--typecheck');
const alone = process.argv.includes('--alone');
const filters = process.argv.slice(2).filter((arg) => arg !== '--typecheck' && arg !== '--alone');
const files = findTests('test')
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort()
  .sort((a, b) => rank(a) - rank(b));
if (files.length === 0) {
  console.error('no test files match', filters.join(' '));
  process.exit(1);
}
// npm ci's postinstall has just built dist/ on a fresh clone: not again when none of its inputs changed since.
const stale = staleReason('development');
if (stale === undefined) console.error(`run-tests: dist/ is built from the sources as they are (${STAMP}): no build`);
else {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The CLI keeps its code cache in the user's cache folder (XDG_CACHE_HOME): the tests' CLI runs keep theirs here.
const cacheHome = mkdtempSync(join(tmpdir(), 'docs-json-tests-cache-'));
// The VS Code test host stays where it is found now (the user's cache folder by default, scripts/vscode-install.mjs).
const env = { ...process.env, XDG_CACHE_HOME: cacheHome, DOCS_VSCODE_HOST_DIR: hostDir };
delete env.DOCS_JSON_CODE_CACHE;
/** A child's exit code (1 when it was ended by a signal), with its output when it was piped. */
function finished(child) {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const checking = typecheck ? finished(spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.', '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] })) : undefined;
// Files in this order, two at a time; the report on stdout, the slowest files' times on stderr (scripts/test-run.mjs).
const groupFolder = mkdtempSync(join(tmpdir(), 'docs-json-test-groups-'));
const entries = alone ? files : groupTests(files, groupFolder, { alone: (file) => rank(file) < SLOW_FIRST.length });
const run = await finished(spawn(process.execPath, ['--import', 'tsx', 'scripts/test-run.mjs', ...entries], { stdio: 'inherit', env }));
rmSync(cacheHome, { recursive: true, force: true });
rmSync(groupFolder, { recursive: true, force: true });
let status = run.code;
if (checking) {
  const types = await checking;
  if (types.code !== 0) {
    console.error(`run-tests: tsc --noEmit failed:\n${types.output}`);
    status ||= types.code;
  } else console.error('run-tests: tsc --noEmit: no type errors');
}
process.exit(status);
