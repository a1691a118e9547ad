import * as path from 'node:path';

/**
 * Whether this process was started on the named bench script (`npx tsx bench/<name>.ts`). `require.main === module`
 * is no test: in the bench bundle (dist/bench/bench.js) it holds for every module it holds, so each script's own
 * run started inside `npm run bench`.
 */
export function startedAs(name: string): boolean {
  return path.basename(process.argv[1] ?? '').replace(/\.[cm]?[jt]s$/, '') === name;
}

/** The value after `name` on a bench script's command line (`--runs 5`), or undefined. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}
