// `npm run bench`: speed, memory and scaling figures of the checker and the language server, with the targets.
// Options: --quick (1k and 10k, fewer rounds), --sizes 1000,10000,100000, --seed N, --no-server,
// --server FILE, --server-wait SECONDS, --corpus DIR, --out FILE, --readme FILE.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHILD_FLAG, runCheckerMemoryChild } from './checker-memory';
import { renderReport } from './report';
import { runBench } from './run-bench';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The package folder: where `schemas/` is, above this script (bench/ in source, dist/bench/ when bundled). */
function packageRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'schemas', 'docs.schema.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === CHILD_FLAG) return runCheckerMemoryChild(process.argv[3]);
  const root = packageRoot();
  const quick = process.argv.includes('--quick');
  const sizes = (option('--sizes') ?? (quick ? '1000,10000' : '1000,10000,100000')).split(',').map(Number);
  if (sizes.some((s) => !Number.isInteger(s) || s < 10)) throw new Error(`--sizes takes entry counts like 1000,10000: ${option('--sizes')}`);
  const out = path.resolve(option('--out') ?? path.join(root, 'bench', 'results.json'));
  const readme = path.resolve(option('--readme') ?? path.join(root, 'bench', 'README-section.md'));
  const results = await runBench({
    sizes,
    seed: Number(option('--seed') ?? 1),
    quick,
    runsFor: (entries) => (quick ? 5 : entries <= 3000 ? 21 : entries <= 30_000 ? 11 : 7),
    completionEntries: 10_000,
    completionRequests: quick ? 50 : 200,
    serverScript: process.argv.includes('--no-server') ? undefined : path.resolve(option('--server') ?? path.join(root, 'dist', 'server', 'server.js')),
    serverWaitS: Number(option('--server-wait') ?? 0),
    corpusDir: path.resolve(option('--corpus') ?? path.join(root, '..', 'shared', 'corpus')),
    benchScript: process.argv[1],
    log: (line) => console.log(line),
  });
  const report = renderReport(results);
  fs.writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
  const intro =
    `\`npm run bench\` (about ${Math.ceil(results.durationS / 60)} min, and some 20 s more the first time; \`npm run bench -- --quick\` for a short run) writes seeded ` +
    'synthetic docs repos (1k, 10k and 100k page entries in versions › languages › tabs › groups, two files per entry, ' +
    'an OpenAPI spec of 2,000 operations, about 5% deliberate mistakes) under the system temp folder, checks them and ' +
    'the largest corpus fixture, starts the language server on them, prints this table and writes `bench/results.json` ' +
    'for comparing runs. CI does not run it.';
  fs.writeFileSync(readme, `## Performance\n\n${intro}\n\n${report}`);
  console.log(`\n${report}\nfigures: ${out}\nREADME section: ${readme}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
