// The long fuzz run: seeded mutations of the corpus docs.json files against the checker (or the language server
// over the protocol), split over worker processes. `node --import tsx scripts/fuzz.ts --cases 100000` (see --help).
// Exit status 1 on any failure.
import { spawn } from 'node:child_process';
import * as os from 'node:os';
import { parseArgs } from 'node:util';
import { describeCase, FuzzReport, loadFuzzFixtures, makeCase, MAX_CASE_MS, runCase, runCheckerFuzz, saveFailingInput } from '../test/helpers/fuzz-checker';
import { runServerFuzz } from '../test/helpers/fuzz-server';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '100000' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    workers: { type: 'string', default: String(Math.max(1, Math.min(os.availableParallelism(), 4))) },
    crop: { type: 'boolean', default: false },
    target: { type: 'string', default: 'checker' },
    case: { type: 'string' },
    shard: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`usage: node --import tsx scripts/fuzz.ts [--target checker|server] [--cases N] [--seed S] [--workers W] [--crop] [--case I]
  --target   checker (default): the checker in-process; server: the built language server over stdio (build first)
  --cases    how many cases in all (default 100000)
  --seed     the seed (default: from the clock; printed, so a run can be repeated)
  --workers  processes to split the cases over (default: cores, at most 4)
  --crop     start from docs.json cut down to one section, as the test suite does (default: whole files)
  --case I   replay case I of the seed alone on the checker: prints it, saves its input, checks it`);
  process.exit(0);
}

const seed = Number(values.seed);
const total = Number(values.cases);

if (values.case !== undefined) {
  const fixtures = loadFuzzFixtures();
  const fuzzCase = makeCase(seed, Number(values.case), fixtures, values.crop);
  console.log(describeCase(fuzzCase));
  console.log(`input saved to ${saveFailingInput(fuzzCase)}`);
  const { result, ms } = runCase(fixtures, fuzzCase);
  console.log(`${result.diagnostics.length} diagnostics in ${ms.toFixed(1)} ms`);
  process.exit(0);
}

if (values.shard !== undefined) {
  // A worker: cases shard, shard + workers, ... ; the report goes to stdout as one JSON line.
  const [shard, of] = values.shard.split('/').map(Number);
  if (values.target === 'server') {
    // One server per worker, each on a contiguous block of cases.
    const per = Math.ceil(total / of);
    void runServerFuzz({ seed, count: Math.min(per, total - shard * per), first: shard * per, crop: values.crop, maxFailures: 100, maxCaseMs: MAX_CASE_MS }).then((report) => {
      process.stdout.write(`${JSON.stringify(report)}\n`);
      process.exit(0);
    });
  } else {
    const count = Math.ceil((total - shard) / of);
    const onProgress = (done: number) => done % 10_000 === 0 && process.stderr.write(`worker ${shard}: ${done} of ${count} cases\n`);
    const report = runCheckerFuzz({ seed, count, first: shard, step: of, fixtures: loadFuzzFixtures(), crop: values.crop, maxFailures: 100, onProgress, maxCaseMs: MAX_CASE_MS });
    process.stdout.write(`${JSON.stringify(report)}\n`);
    process.exit(0);
  }
} else {
  void main();
}

async function main(): Promise<void> {
  const workers = Math.max(1, Math.min(Number(values.workers), total));
  console.log(`fuzzing the ${values.target}: ${total} cases, seed ${seed}, ${workers} workers${values.crop ? ', cropped files' : ', whole files'}`);
  const started = Date.now();
  const reports = await Promise.all(
    Array.from({ length: workers }, (_, shard) => {
      const args = ['--import', 'tsx', process.argv[1], '--target', values.target, '--seed', String(seed), '--cases', String(total), '--shard', `${shard}/${workers}`];
      if (values.crop) args.push('--crop');
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      return new Promise<FuzzReport>((resolve, reject) =>
        child.on('close', (code) => {
          try {
            resolve(JSON.parse(out.trim().split('\n').pop() ?? ''));
          } catch {
            reject(new Error(`worker ${shard} exited with ${code} and no report`));
          }
        }),
      );
    }),
  );
  const cases = reports.reduce((sum, r) => sum + r.cases, 0);
  const slowest = reports.reduce((a, b) => (b.maxMs > a.maxMs ? b : a));
  const mean = reports.reduce((sum, r) => sum + r.meanMs * r.cases, 0) / cases;
  const failures = reports.flatMap((r) => r.failures);
  console.log(`${cases} cases in ${((Date.now() - started) / 1000).toFixed(0)} s; mean ${mean.toFixed(1)} ms, max ${slowest.maxMs.toFixed(0)} ms (bound ${MAX_CASE_MS} ms): ${slowest.slowest}`);
  console.log(`${failures.length} failures${failures.length ? ':' : ''}`);
  for (const failure of failures) console.log(`  ${failure}`);
  process.exit(failures.length ? 1 : 0);
}
