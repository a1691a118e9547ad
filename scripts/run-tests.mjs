// Builds, then runs every test/**/*.test.ts with node's test runner (TypeScript through tsx).
// Extra arguments are substrings that select test files: `node scripts/run-tests.mjs rules cli`.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
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
const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
