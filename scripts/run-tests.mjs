// Builds, then runs every test/**/*.test.ts with node's test runner (TypeScript through tsx).
// Extra arguments are substrings that select test files: `node scripts/run-tests.mjs rules cli`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const filters = process.argv.slice(2);
const files = findTests('test').filter((f) => filters.length === 0 || filters.some((s) => f.includes(s))).sort();
if (files.length === 0) {
  console.error('no test files match', filters.join(' '));
  process.exit(1);
}
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// The CLI keeps its code cache in the user's cache folder (XDG_CACHE_HOME): the tests' CLI runs keep theirs here.
const cacheHome = mkdtempSync(join(tmpdir(), 'docs-json-tests-cache-'));
const env = { ...process.env, XDG_CACHE_HOME: cacheHome };
delete env.DOCS_JSON_CODE_CACHE;
const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { stdio: 'inherit', env });
rmSync(cacheHome, { recursive: true, force: true });
process.exit(run.status ?? 1);
