// `npm run bench`: speed, memory and scaling figures of the checker and the language server, with the targets.
// It writes them to bench/out/ (git-ignored): results.json and performance.md. With --record (a full run), it
// also writes the committed record: bench/results.json, and the figures of docs/performance.md.
// Options: --quick (1k and 10k, fewer rounds), --sizes 1000,10000,100000, --seed N, --no-server,
// --server FILE, --server-wait SECONDS, --corpus DIR, --keystrokes N (typing figures; 0: none), --out DIR,
// --record, --record-file FILE (the file whose figures --record rewrites; default docs/performance.md),
// --only SECTION,SECTION (just those parts of a run, e.g. `--only cold-start,server-memory`; see BENCH_SECTIONS).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHILD_FLAG, runCheckerMemoryChild } from './checker-memory';
import { benchOutputs, writeBenchOutputs } from './outputs';
import { renderReport } from './report';
import { parseSections, runBench } from './run-bench';

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
  const record = process.argv.includes('--record');
  if (record && quick) throw new Error('--record keeps the figures of a full run: leave out --quick');
  const only = option('--only') !== undefined ? parseSections(option('--only')!) : undefined;
  if (record && only) throw new Error('--record keeps the figures of a full run: leave out --only');
  const outputs = benchOutputs(root, { out: option('--out'), record, recordFile: option('--record-file') });
  const keystrokes = Number(option('--keystrokes') ?? (quick ? 30 : 80));
  if (!Number.isInteger(keystrokes) || keystrokes < 0) throw new Error(`--keystrokes takes a whole number: ${option('--keystrokes')}`);
  const results = await runBench({
    sizes,
    seed: Number(option('--seed') ?? 1),
    only,
    quick,
    runsFor: (entries) => (quick ? 5 : entries <= 3000 ? 21 : entries <= 30_000 ? 11 : 7),
    completionEntries: 10_000,
    completionRequests: quick ? 50 : 200,
    typingKeystrokes: keystrokes,
    typingParseRuns: quick ? 3 : 7,
    serverScript: process.argv.includes('--no-server') ? undefined : path.resolve(option('--server') ?? path.join(root, 'dist', 'server', 'server.js')),
    serverWaitS: Number(option('--server-wait') ?? 0),
    corpusDir: path.resolve(option('--corpus') ?? path.join(root, '..', 'shared', 'corpus')),
    corpusPagesDir: path.resolve(option('--corpus-pages') ?? path.join(root, '..', 'shared', 'corpus-pages')),
    oracleDir: option('--oracle'),
    benchScript: process.argv[1],
    // Seconds since the start on each line: where a run's time goes, part by part.
    log: (line) => console.log(`[${Math.round(process.uptime())} s] ${line}`),
  });
  const report = renderReport(results);
  const written = writeBenchOutputs(results, report, outputs);
  console.log(`\n${report}\nwritten: ${written.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
