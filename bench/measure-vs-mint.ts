// The CLI's whole check (`docs-json check`: docs.json and every page check) against the platform's own checker,
// `mint broken-links`, on each site of ../shared/corpus-pages (issue 26: ≥ 20× faster). mint is no dependency: it is
// timed only when DOCS_BENCH_MINT names its executable (e.g. /tmp/mint-oracle/node_modules/.bin/mint).
//   DOCS_BENCH_MINT=/tmp/mint-oracle/node_modules/.bin/mint npx tsx bench/measure-vs-mint.ts [--runs 7] [--mint-runs 3]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NotMeasured, pageSites, rebuildPageSite } from './measure-page-checks';
import { median, round } from './stats';
import { startedAs } from './started-as';

export const MINT_ENV = 'DOCS_BENCH_MINT';

/** The package folder, above this script (bench/ in source, dist/bench/ in the bench bundle). */
const ROOT = (function packageRoot(dir: string): string {
  return fs.existsSync(path.join(dir, 'bin', 'docs-json.js')) || path.dirname(dir) === dir ? dir : packageRoot(path.dirname(dir));
})(__dirname);
const CLI = path.join(ROOT, 'bin/docs-json.js');

export interface VsMintSite {
  site: string;
  pages: number;
  /** `docs-json check <site>` as a process: median of the runs after one warm-up (which writes the code cache). */
  cliMs: number;
  /** The same without the code cache (`DOCS_JSON_CODE_CACHE=off`): a first run on a new machine, as in CI. */
  cliNoCacheMs?: number;
  /** `mint broken-links` in the site's folder: the median of `mintRuns` (it takes 5-60 s); null when not measured. */
  mintMs: number | null;
  /** `mintMs` ÷ `cliMs`: how many times faster the CLI is. */
  timesFaster: number | null;
  /** mint's exit code and its last line (it stops at the first page it cannot parse). */
  mintOutcome?: string;
}

export interface VsMintFigures {
  sites: VsMintSite[];
  /** Why mint was not timed, when it was not. */
  mintNotMeasured?: string;
}

function timed(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): { ms: number; status: number | null; last: string } {
  const start = performance.now();
  const child = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 10 * 60_000 });
  const ms = performance.now() - start;
  // mint draws its progress with terminal escapes: they are left out of the line kept.
  const output = `${child.stdout ?? ''}\n${child.stderr ?? ''}`.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
  const last = output.trim().split('\n').filter((line) => line.trim()).pop() ?? '';
  return { ms, status: child.status, last: last.trim().slice(0, 120) };
}

/** The mint executable DOCS_BENCH_MINT names, or why there is none. */
export function mintExecutable(env: NodeJS.ProcessEnv = process.env): { mint: string } | NotMeasured {
  const mint = env[MINT_ENV];
  if (!mint) return { notMeasured: `not measured: ${MINT_ENV} is not set (the path of an installed \`mint\`; it is no dependency)` };
  if (!fs.existsSync(mint)) return { notMeasured: `not measured: ${MINT_ENV}=${mint} does not exist` };
  return { mint };
}

export function measureVsMint(options: { corpusDir: string; corpusPagesDir: string; runs: number; mintRuns?: number; log(line: string): void; env?: NodeJS.ProcessEnv }): VsMintFigures | NotMeasured {
  const sites = pageSites(options.corpusDir, options.corpusPagesDir);
  if ('notMeasured' in sites) return sites;
  const mint = mintExecutable(options.env);
  const figures: VsMintFigures = { sites: [], ...('notMeasured' in mint ? { mintNotMeasured: mint.notMeasured } : {}) };
  for (const { site, pages } of sites) {
    const root = rebuildPageSite(options.corpusDir, options.corpusPagesDir, site);
    // The code cache in a folder of the bench's own, not the user's: written by the warm-up run.
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-json-bench-cli-cache-'));
    try {
      const cliRuns = (cache: string) => {
        const times: number[] = [];
        for (let run = 0; run <= options.runs; run++) {
          const check = timed(process.execPath, [CLI, 'check', root], root, { ...process.env, DOCS_JSON_CODE_CACHE: cache });
          // check exits 0 (no problems) or 1 (problems found); anything else is no figure.
          if (check.status !== 0 && check.status !== 1) throw new Error(`docs-json check ${site} exited ${check.status}: ${check.last}`);
          if (run > 0) times.push(check.ms); // run 0 warms the file system cache (and writes the code cache)
        }
        return round(median(times), 0);
      };
      const cliMs = cliRuns(cacheDir);
      const cliNoCacheMs = cliRuns('off');
      let mintMs: number | null = null;
      let mintOutcome: string | undefined;
      if ('mint' in mint) {
        // More than one run on a machine whose speed moves: one of mint's runs on firecrawl took 5.0 s, another 6.8 s.
        const times: number[] = [];
        for (let run = 0; run < (options.mintRuns ?? 1); run++) {
          const ran = timed(mint.mint, ['broken-links'], root, { ...process.env, MINTLIFY_TELEMETRY_DISABLED: '1' });
          times.push(ran.ms);
          mintOutcome = `exit ${ran.status}: ${ran.last}`;
        }
        mintMs = round(median(times), 0);
      }
      const entry: VsMintSite = { site, pages, cliMs, cliNoCacheMs, mintMs, timesFaster: mintMs === null ? null : round(mintMs / cliMs, 1), ...(mintOutcome ? { mintOutcome } : {}) };
      figures.sites.push(entry);
      options.log(`${site} (${pages} pages): docs-json check ${cliMs} ms (${cliNoCacheMs} ms without its code cache); mint broken-links ${mintMs === null ? 'not measured' : `${mintMs} ms, ×${entry.timesFaster} (${mintOutcome})`}`);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  }
  return figures;
}

if (startedAs('measure-vs-mint')) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i < 0 ? undefined : process.argv[i + 1];
  };
  const figures = measureVsMint({
    corpusDir: path.resolve(ROOT, '../shared/corpus'),
    corpusPagesDir: path.resolve(ROOT, '../shared/corpus-pages'),
    runs: Number(arg('--runs') ?? 7),
    mintRuns: Number(arg('--mint-runs') ?? 3),
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(figures));
}
