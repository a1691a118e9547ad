// The CLI's whole default check (`docs-json check`: docs.json and every page check, MDX syntax included) against the
// platform's own checker, `mint broken-links`, on each site of ../shared/corpus-pages and on box's 3,487 page files
// filled with corpus page texts (issue 33: ≥ 5× faster, cold); beside it, taking turns in the same rounds, the check
// without MDX and the check with a warm `--cache` (issue 33: ≤ 1.3× the check without MDX). mint is no dependency: it
// is timed only when DOCS_BENCH_MINT names its executable (e.g. /tmp/mint-oracle/node_modules/.bin/mint).
//   DOCS_BENCH_MINT=/tmp/mint-oracle/node_modules/.bin/mint npx tsx bench/measure-vs-mint.ts [--runs 7] [--mint-runs 3] [--sites a,b]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { layOutCorpusFixture } from './corpus-fixture';
import { NotMeasured, pageSites, rebuildPageSite } from './measure-page-checks';
import { samplePages } from './measure-page-links';
import { median, round } from './stats';
import { arg, startedAs } from './started-as';

export const MINT_ENV = 'DOCS_BENCH_MINT';

/** The package folder, above this script (bench/ in source, dist/bench/ in the bench bundle). */
const ROOT = (function packageRoot(dir: string): string {
  return fs.existsSync(path.join(dir, 'bin', 'docs-json.js')) || path.dirname(dir) === dir ? dir : packageRoot(path.dirname(dir));
})(__dirname);
const CLI = path.join(ROOT, 'bin/docs-json.js');

export interface VsMintSite {
  site: string;
  pages: number;
  /**
   * `docs-json check <site>` as a process (MDX on, no `--cache`): median of the runs after one warm-up (which writes
   * the code cache); without mint to compare it with, the warm-up's own time (`cliRuns` 1).
   */
  cliMs: number;
  /** How many runs `cliMs` is the median of. */
  cliRuns?: number;
  /** The same without the code cache (`DOCS_JSON_CODE_CACHE=off`): a first run on a new machine, as in CI. */
  cliNoCacheMs?: number;
  /** `--no-check-mdx`, in the same rounds. */
  noMdxMs?: number;
  /** `--cache` with the cache the warm-up wrote, in the same rounds. */
  warmCacheMs?: number;
  /** `warmCacheMs` ÷ `noMdxMs`. */
  warmToNoMdx?: number;
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

/** The 3,500-page site: box's docs.json and files (3,487 pages), each page a corpus page text in turn. */
export const BOX_SITE = 'box__box-mintlify';

function boxSite(corpusDir: string, corpusPagesDir: string): { root: string; pages: number } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-json-bench-box-'));
  layOutCorpusFixture(path.join(corpusDir, BOX_SITE), root);
  const samples = samplePages(corpusPagesDir);
  const pages = fs.readFileSync(path.join(corpusDir, BOX_SITE, 'files.txt'), 'utf8').split('\n').filter((file) => /\.mdx?$/.test(file));
  pages.forEach((page, i) => fs.writeFileSync(path.join(root, page), samples[i % samples.length]));
  return { root, pages: pages.length };
}

export function measureVsMint(options: { corpusDir: string; corpusPagesDir: string; runs: number; mintRuns?: number; sites?: string[]; log(line: string): void; env?: NodeJS.ProcessEnv }): VsMintFigures | NotMeasured {
  const found = pageSites(options.corpusDir, options.corpusPagesDir);
  if ('notMeasured' in found) return found;
  const all = fs.existsSync(path.join(options.corpusDir, BOX_SITE)) ? [...found, { site: BOX_SITE, pages: 0 }] : found;
  const sites = options.sites ? all.filter((s) => options.sites!.includes(s.site)) : all;
  const mint = mintExecutable(options.env);
  const figures: VsMintFigures = { sites: [], ...('notMeasured' in mint ? { mintNotMeasured: mint.notMeasured } : {}) };
  for (const { site, pages: counted } of sites) {
    const box = site === BOX_SITE ? boxSite(options.corpusDir, options.corpusPagesDir) : undefined;
    const root = box?.root ?? rebuildPageSite(options.corpusDir, options.corpusPagesDir, site);
    const pages = box?.pages ?? counted;
    // The code cache and the verdict cache in folders of the bench's own, not the user's: written by the warm-up.
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-json-bench-cli-cache-'));
    const verdicts = path.join(cacheDir, 'verdicts.json');
    try {
      const variants: Record<'cold' | 'noMdx' | 'warm', string[]> = { cold: [], noMdx: ['--no-check-mdx'], warm: ['--cache', '--cache-location', verdicts] };
      const times: Record<keyof typeof variants, number[]> = { cold: [], noMdx: [], warm: [] };
      // The default check is judged only against mint (≥ 5× faster); without mint its one run, the warm-up, is what
      // the table records (the page-link section times it on the same sites, 3 runs). Timing it in every round was
      // 166 s of the bench's 980 s on a quiet machine (issue 52: the bench in under 15 minutes).
      const timedVariants = (Object.keys(variants) as (keyof typeof variants)[]).filter((variant) => variant !== 'cold' || 'mint' in mint);
      // Taking turns in each round, so that the machine's speed moves all three alike; run 0 warms the file system
      // cache and writes the code cache and the verdict cache.
      let warmUpMs = 0;
      for (let run = 0; run <= options.runs; run++) {
        for (const variant of run === 0 ? (Object.keys(variants) as (keyof typeof variants)[]) : timedVariants) {
          const check = timed(process.execPath, [CLI, 'check', root, ...variants[variant]], root, { ...process.env, DOCS_JSON_CODE_CACHE: cacheDir });
          // check exits 0 (no problems) or 1 (problems found); anything else is no figure.
          if (check.status !== 0 && check.status !== 1) throw new Error(`docs-json check ${site} exited ${check.status}: ${check.last}`);
          if (run > 0) times[variant].push(check.ms);
          else if (variant === 'cold') warmUpMs = check.ms;
        }
      }
      const cliRuns = times.cold.length || 1;
      const cliMs = round(times.cold.length ? median(times.cold) : warmUpMs, 0);
      const noMdxMs = round(median(times.noMdx), 0);
      const warmCacheMs = round(median(times.warm), 0);
      let mintMs: number | null = null;
      let mintOutcome: string | undefined;
      if ('mint' in mint) {
        // More than one run on a machine whose speed moves: one of mint's runs on firecrawl took 5.0 s, another 6.8 s.
        const mintTimes: number[] = [];
        for (let run = 0; run < (options.mintRuns ?? 1); run++) {
          const ran = timed(mint.mint, ['broken-links'], root, { ...process.env, MINTLIFY_TELEMETRY_DISABLED: '1' });
          mintTimes.push(ran.ms);
          mintOutcome = `exit ${ran.status}: ${ran.last}`;
        }
        mintMs = round(median(mintTimes), 0);
      }
      const entry: VsMintSite = {
        site,
        pages,
        cliMs,
        cliRuns,
        noMdxMs,
        warmCacheMs,
        warmToNoMdx: round(warmCacheMs / noMdxMs, 2),
        mintMs,
        timesFaster: mintMs === null ? null : round(mintMs / cliMs, 1),
        ...(mintOutcome ? { mintOutcome } : {}),
      };
      figures.sites.push(entry);
      options.log(
        `${site} (${pages} pages): docs-json check ${cliMs} ms${cliRuns === 1 ? ' (one run)' : ''}, without MDX ${noMdxMs} ms, warm --cache ${warmCacheMs} ms (×${entry.warmToNoMdx} of without MDX); ` +
          `mint broken-links ${mintMs === null ? 'not measured' : `${mintMs} ms, ×${entry.timesFaster} (${mintOutcome})`}`,
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  }
  return figures;
}

if (startedAs('measure-vs-mint')) {
  const figures = measureVsMint({
    corpusDir: path.resolve(ROOT, '../shared/corpus'),
    corpusPagesDir: path.resolve(ROOT, '../shared/corpus-pages'),
    runs: Number(arg('--runs') ?? 7),
    mintRuns: Number(arg('--mint-runs') ?? 3),
    sites: arg('--sites')?.split(','),
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(figures));
}
