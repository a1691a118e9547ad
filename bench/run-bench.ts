import * as fs from 'node:fs';
import * as path from 'node:path';
import { measureCheckerMemory } from './checker-memory';
import { largestCorpusFixture, largestCorpusFixtureWithSpecs, materializeCorpusFixture } from './corpus-fixture';
import { generateRepo, GeneratedRepo } from './generate-repo';
import { CheckFigures, measureCheck } from './measure-check';
import { measureCompletionInProcess } from './measure-completion';
import { measureColdStart, measureCompletionOverProtocol, measureServerMemory } from './measure-server';
import { measureDocsView } from './measure-docs-view';
import { measureDocsJsonFamilies, measurePageFamilies } from './measure-families';
import { measureMonorepoStart } from './measure-monorepo-start';
import { measurePageChecks } from './measure-page-checks';
import { measurePageLinks } from './measure-page-links';
import { measureSpecLoading } from './measure-spec-loading';
import { measureSettingsCost } from './measure-settings';
import { measureMdx } from './measure-mdx';
import { measureTyping } from './measure-typing';
import { measureVsMint } from './measure-vs-mint';
import { BenchResults, machineInfo } from './results';
import { round, scalingExponent } from './stats';
import { judgeTargets } from './targets';

export interface BenchOptions {
  /** Page entries of each synthetic repo. */
  sizes: number[];
  seed: number;
  quick: boolean;
  /** Timed rounds of the re-check figures for a repo of `entries` entries. */
  runsFor(entries: number): number;
  /** Entries of the repo for completion and cold start: about two files per entry, so 10k entries = 20k files. */
  completionEntries: number;
  completionRequests: number;
  /** Keystrokes of the typing figures on the largest corpus site and the largest synthetic repo; 0: none. */
  typingKeystrokes: number;
  /** Rounds of the `parseTree` baseline of the typing figures. */
  typingParseRuns: number;
  /** `dist/server/server.js`, or undefined to skip the protocol figures. */
  serverScript?: string;
  /** How long to wait for the server script to appear. */
  serverWaitS: number;
  corpusDir?: string;
  /** Page contents of corpus sites (../shared/corpus-pages) for the page-link figures; undefined to skip them. */
  corpusPagesDir?: string;
  /** The scratch folder where `@mintlify/cli` is installed, to time `mint broken-links` against. */
  oracleDir?: string;
  /** The bench bundle, run again as a child to measure the checker's memory alone; undefined to skip. */
  benchScript?: string;
  /** Where the synthetic repos are written; default: the system temp folder (kept between runs when unchanged). */
  repoFolder?: string;
  /** The sections to run (names of BENCH_SECTIONS); undefined: all of them. */
  only?: ReadonlySet<BenchSection>;
  log(line: string): void;
}

/** The parts of a run, in the order they run; `--only NAME,NAME` runs just those (to compare two builds by part). */
export const BENCH_SECTIONS = [
  'check',
  'families',
  'settings',
  'completion',
  'checker-memory',
  'cold-start',
  'protocol-completion',
  'typing',
  'spec-loading',
  'page-links',
  'mdx',
  'monorepo',
  'docs-view',
  'server-memory',
  'page-checks',
  'vs-mint',
] as const;
export type BenchSection = (typeof BENCH_SECTIONS)[number];

export function parseSections(list: string): Set<BenchSection> {
  const names = list.split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(BENCH_SECTIONS as readonly string[]).includes(n));
  if (unknown.length || !names.length) throw new Error(`--only takes section names separated by commas (${BENCH_SECTIONS.join(', ')}): ${list}`);
  return new Set(names as BenchSection[]);
}

/** Runs every figure the options ask for and judges the targets. Failures of one part are noted, not thrown. */
export async function runBench(options: BenchOptions): Promise<BenchResults> {
  const started = Date.now();
  const results: BenchResults = {
    version: 1,
    startedAt: new Date(started).toISOString(),
    durationS: 0,
    machine: machineInfo(),
    settings: { seed: options.seed, sizes: options.sizes, quick: options.quick },
    repos: [],
    check: [],
    scaling: { exponent: NaN, points: [], steps: [] },
    completion: { inProcess: null, protocol: null },
    typing: [],
    server: { coldStart: null, memory: null },
    specLoading: null,
    pageLinks: null,
    pageChecks: null,
    vsMint: null,
    monorepoStart: null,
    docsView: null,
    checkerMemory: null,
    targets: [],
    notes: [],
  };
  const attempt = async <T>(what: string, run: () => Promise<T> | T): Promise<T | null> => {
    try {
      return await run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      results.notes.push(`${what}: not measured (${message.split('\n')[0]})`);
      options.log(`  ${what} failed: ${message}`);
      return null;
    }
  };

  const want = (section: BenchSection) => !options.only || options.only.has(section);
  const repos = new Map<number, GeneratedRepo>();
  const repo = (entries: number) => {
    let generated = repos.get(entries);
    if (!generated) {
      const t = performance.now();
      const dir = options.repoFolder ? path.join(options.repoFolder, `docs-json-bench-${options.seed}-${entries}`) : undefined;
      generated = generateRepo({ entries, seed: options.seed, dir });
      repos.set(entries, generated);
      const { root, validPages, endpoints, reused, ...info } = generated;
      results.repos.push({ name: nameOf(entries), kind: 'synthetic', ...info });
      options.log(`repo ${nameOf(entries)}: ${generated.entries} entries, ${generated.files} files, ${(generated.docsJsonBytes / 1e6).toFixed(1)} MB docs.json` +
        ` (${reused ? 'reused' : `written in ${((performance.now() - t) / 1000).toFixed(1)} s`}) at ${root}`);
    }
    return generated;
  };

  for (const size of want('check') ? options.sizes : []) {
    const generated = repo(size);
    const runs = options.runsFor(size);
    options.log(`check ${nameOf(size)}: ${runs} rounds of check, parse, parseTree, JSON language service`);
    const figures = await attempt(`check ${nameOf(size)}`, () => measureCheck(nameOf(size), generated.root, runs, options.seed));
    if (figures) results.check.push(logCheck(figures, options.log));
  }
  results.scaling.points = results.check.map((c) => ({ size: c.entries, ms: c.checkMs }));
  results.scaling.exponent = round(scalingExponent(results.scaling.points), 3);
  results.scaling.steps = results.scaling.points.slice(1).map((p, i) => round(scalingExponent([results.scaling.points[i], p]), 3));

  const fixture = options.corpusDir ? largestCorpusFixture(options.corpusDir) : undefined;
  let fixtureRoot: string | undefined;
  if (fixture && options.corpusDir) {
    const root = materializeCorpusFixture(options.corpusDir, fixture);
    fixtureRoot = root;
  }
  if (fixture && fixtureRoot && want('check')) {
    const root = fixtureRoot;
    const runs = options.runsFor(2000);
    options.log(`check corpus ${fixture}: ${runs} rounds`);
    const figures = await attempt(`check ${fixture}`, () => measureCheck(fixture, root, runs, options.seed));
    if (figures) {
      results.check.push(logCheck(figures, options.log));
      results.repos.push({ name: fixture, kind: 'corpus', entries: figures.entries, files: figures.files, docsJsonBytes: figures.docsJsonBytes });
    }
  } else if (!fixture) {
    results.notes.push(`corpus: not found${options.corpusDir ? ` at ${options.corpusDir}` : ''}, no real fixture measured`);
  }
  if (want('families')) {
    // On the 10k repo and the corpus fixture: the 100k repo's rounds take long, and its shares are the 10k repo's.
    const familyRepos = [{ name: nameOf(options.completionEntries), root: repo(options.completionEntries).root }, ...(fixture && fixtureRoot ? [{ name: fixture, root: fixtureRoot }] : [])];
    // And the largest site with local specs, where the API reference family has work to do (issue 51).
    const withSpecs = options.corpusDir ? largestCorpusFixtureWithSpecs(options.corpusDir) : undefined;
    if (withSpecs && withSpecs !== fixture) familyRepos.push({ name: withSpecs, root: materializeCorpusFixture(options.corpusDir!, withSpecs) });
    const runs = options.quick ? 5 : 11;
    const docsJson = [];
    for (const site of familyRepos) {
      options.log(`rule families of the docs.json re-check on ${site.name}: ${runs} rounds`);
      const figures = await attempt(`rule families on ${site.name}`, () => measureDocsJsonFamilies(site.name, site.root, runs, options.seed));
      if (figures) {
        docsJson.push(figures);
        options.log(`  ${figures.checkMs} ms: ${figures.rows.map((r) => `${r.family.split(' (')[0]} ${(100 * r.share).toFixed(0)}%`).join(', ')}`);
      }
    }
    let pages: Awaited<ReturnType<typeof measurePageFamilies>> | null = null;
    if (options.corpusPagesDir && options.corpusDir) {
      options.log('page rule families: the whole check of the largest corpus-pages site and a keystroke in a 1,000-line page, each family on and off');
      pages = await attempt('page rule families', () =>
        measurePageFamilies({ corpusDir: options.corpusDir!, corpusPagesDir: options.corpusPagesDir!, runs: options.quick ? 1 : 2, keystrokes: options.quick ? 40 : 80, log: (line) => options.log(`  ${line}`) }),
      );
    }
    results.families = { docsJson, pages: pages ?? { notMeasured: 'not measured' } };
  }
  if (options.corpusDir && want('settings')) {
    options.log('settings rules (values, files, links, redirects) on the largest corpus sites');
    const costs = await attempt('settings rules', () => measureSettingsCost(options.corpusDir!, Math.min(options.runsFor(2000), 20)));
    for (const c of costs ?? []) {
      const line = `settings rules on ${c.site} (${c.redirects} redirects): ${c.settingsRulesMs} ms of a ${c.checkMs} ms check, ×${c.ratio} of the rest of the check`;
      results.notes.push(line);
      options.log(`  ${line}`);
    }
  }

  const completionRepo = () => repo(options.completionEntries);
  if (want('completion')) {
    const root = completionRepo().root;
    options.log(`completion in process on ${nameOf(options.completionEntries)} (${completionRepo().files} files), ${options.completionRequests} requests of each kind`);
    results.completion.inProcess = await attempt('completion in process', () =>
      measureCompletionInProcess(nameOf(options.completionEntries), root, options.completionRequests, options.seed),
    );
  }
  if (results.completion.inProcess) {
    const c = results.completion.inProcess;
    options.log(`  page p50 ${c.page.p50Ms} ms, p95 ${c.page.p95Ms} ms; endpoint p50 ${c.endpoint.p50Ms} ms, p95 ${c.endpoint.p95Ms} ms; catalog ${c.catalogBuildMs} ms once`);
  }

  const largest = Math.max(...options.sizes);
  if (options.benchScript && want('checker-memory')) {
    options.log(`checker memory alone on ${nameOf(largest)}`);
    const peak = await attempt('checker memory', () => measureCheckerMemory(options.benchScript!, repo(largest).root));
    if (peak !== null) {
      results.checkerMemory = { repo: nameOf(largest), peakRssMb: peak };
      options.log(`  peak RSS ${peak} MB`);
    }
  }

  const server = options.serverScript ? await waitForFile(options.serverScript, options.serverWaitS, options.log) : false;
  if (server && options.serverScript) {
    const script = options.serverScript;
    const coldRuns = options.quick ? 2 : 5;
    if (want('cold-start')) {
      options.log(`server cold start on ${nameOf(options.completionEntries)}: ${coldRuns} starts`);
      results.server.coldStart = await attempt('server cold start', () => measureColdStart(script, nameOf(options.completionEntries), completionRepo().root, coldRuns));
    }
    if (results.server.coldStart) {
      const c = results.server.coldStart;
      options.log(`  median ${c.medianMs} ms (${c.samplesMs.join(', ')}); server CPU time by then ${c.medianCpuMs ?? '?'} ms; first start, without a code cache, ${c.firstStartMs} ms`);
    }
    if (want('protocol-completion')) {
      options.log(`completion over the protocol on ${nameOf(options.completionEntries)}`);
      results.completion.protocol = await attempt('completion over the protocol', () =>
        measureCompletionOverProtocol(script, nameOf(options.completionEntries), completionRepo().root, Math.min(options.completionRequests, 100), options.seed),
      );
    }
    if (results.completion.protocol) {
      const c = results.completion.protocol;
      options.log(`  page p50 ${c.page.p50Ms} ms, p95 ${c.page.p95Ms} ms; endpoint p50 ${c.endpoint.p50Ms} ms, p95 ${c.endpoint.p95Ms} ms`);
    }
    if (options.typingKeystrokes > 0 && want('typing')) {
      const sites = [...(fixture && fixtureRoot ? [{ name: fixture, root: fixtureRoot }] : []), { name: nameOf(largest), root: repo(largest).root }];
      for (const site of sites) {
        options.log(`typing on ${site.name}: ${options.typingKeystrokes} keystrokes, each a one-character didChange followed at once by a completion`);
        const figures = await attempt(`typing on ${site.name}`, () => measureTyping(script, site.name, site.root, options.typingKeystrokes, options.typingParseRuns, options.seed));
        if (figures) {
          results.typing.push(figures);
          options.log(
            `  first ${figures.firstMs} ms, p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms (no edit: p50 ${figures.noEditP50Ms} ms, p95 ${figures.noEditP95Ms} ms); ` +
              `parseTree ${figures.parseTreeMs} ms, p95 ÷ parseTree ${figures.p95ToParseTree}` +
              (figures.wrongAnswers ? `; ${figures.wrongAnswers} answers not for the edited text, first: ${figures.firstWrong}` : '; every answer for the edited text'),
          );
        }
      }
    }
    if (want('spec-loading')) {
      options.log('a 20 MB YAML spec loading: hover and page completion meanwhile, until endpoint completion lists its operations');
      results.specLoading = await attempt('spec loading', () => measureSpecLoading(script, 20));
    }
    if (results.specLoading) {
      const s = results.specLoading;
      options.log(
        `  endpoints after ${s.endpointsReadyMs} ms; meanwhile hover p95 ${s.whileLoading.hoverP95Ms} ms, page completion p95 ${s.whileLoading.pageCompletionP95Ms} ms ` +
          `(${s.whileLoading.requests} requests, slowest ${s.whileLoading.maxMs} ms; ×${s.p95ToLoaded} the p95 once it is read)`,
      );
    }
    if (options.corpusPagesDir && options.corpusDir && want('page-links')) {
      const pages = options.quick ? 2000 : 25000;
      options.log(`links inside pages: the corpus-pages sites and a synthetic ${pages}-page site`);
      results.pageLinks = await attempt('page links', () =>
        measurePageLinks({ corpusDir: options.corpusDir!, corpusPagesDir: options.corpusPagesDir!, pages, runs: options.quick ? 1 : 3,
          // The corpus sites' default check is recorded, not judged (the against-mint section times it too): one run
          // of each, 46 s fewer on a quiet machine (issue 52: the bench in under 15 minutes).
          corpusMdxRuns: 1,
          syntheticMdxRuns: 1,
          oracle: options.oracleDir, log: (line) => options.log(`  ${line}`) }),
      );
    }
    if (options.corpusPagesDir && options.corpusDir && want('mdx')) {
      const pages = options.quick ? 500 : 3500;
      options.log(`MDX syntax check: the largest corpus-pages site and a ${pages}-page site, against the page-link check`);
      results.mdx = await attempt('MDX syntax', () => measureMdx({ corpusDir: options.corpusDir!, corpusPagesDir: options.corpusPagesDir!, pages, log: (line) => options.log(`  ${line}`) }));
      for (const s of results.mdx?.sites ?? []) {
        const line = `MDX parse on ${s.site} (${s.pages} pages, ${s.mb} MB): ${s.parseMs} ms, ×${s.ratio} of the page-link check (${s.linksMs} ms)`;
        results.notes.push(line);
        options.log(`  ${line}`);
      }
    }
    const folders = options.quick ? [100, 200, 400] : [500, 1000, 2000, 4000];
    if (want('monorepo')) {
      options.log(`server start on monorepos of ${folders.join(', ')} docs folders`);
      results.monorepoStart = await attempt('monorepo start', () => measureMonorepoStart(script, folders));
    }
    if (results.monorepoStart) {
      const m = results.monorepoStart;
      options.log(`  ${m.points.map((p) => `${p.folders}: ${p.firstDiagnosticsMs} ms`).join(', ')}; exponent ${m.exponent}`);
    }
    if (want('docs-view')) {
      options.log(`Docs view requests on ${nameOf(largest)}: the whole tree, then a level at a time, and the rows of a level's pages`);
      results.docsView = await attempt('Docs view', () => measureDocsView(script, nameOf(largest), repo(largest).root, options.quick ? 3 : 5));
    }
    if (results.docsView) {
      const d = results.docsView;
      options.log(
        `  whole tree ${d.wholeMs} ms (${(d.wholeBytes / 1e6).toFixed(1)} MB); top level ${d.topMs} ms (${d.topNodes} nodes, ${(d.topBytes / 1e3).toFixed(0)} kB, ×${d.topToParse} the bare parse); ` +
          `a level below ${d.levelMs} ms (${d.levelNodes} nodes); ${d.rows} page rows ${d.rowsMs} ms`,
      );
    }
    if (want('server-memory')) {
      options.log(`server memory on ${nameOf(largest)}`);
      results.server.memory = await attempt('server memory', () => measureServerMemory(script, nameOf(largest), repo(largest).root, 3, options.seed));
    }
    if (results.server.memory) options.log(`  peak RSS ${results.server.memory.peakRssMb} MB; first diagnostics after ${results.server.memory.firstDiagnosticsMs} ms`);
  } else if (options.serverScript) {
    results.notes.push(`server: ${options.serverScript} did not appear within ${options.serverWaitS} s; protocol figures not measured`);
  }
  if (options.corpusPagesDir && options.corpusDir) {
    const pages = { corpusDir: options.corpusDir, corpusPagesDir: options.corpusPagesDir, log: (line: string) => options.log(`  ${line}`) };
    if (want('page-checks')) {
      options.log('every page check against the links alone: the largest corpus-pages site, a keystroke in a 1,000-line page');
      results.pageChecks = await attempt('page checks', () => measurePageChecks({ ...pages, runs: options.quick ? 3 : 7, keystrokes: options.quick ? 100 : 300 }));
    }
    if (want('vs-mint')) {
      options.log('docs-json check against mint broken-links on each corpus-pages site');
      results.vsMint = await attempt('against mint', () => measureVsMint({ ...pages, runs: options.quick ? 1 : 5, mintRuns: options.quick ? 1 : 3 }));
    }
  }
  if (options.only) results.notes.push(`only the sections ${[...options.only].join(', ')} were run (--only)`);
  if (!largestIs100k(options.sizes)) results.notes.push(`sizes ${options.sizes.join(', ')}: the memory target is for 100k entries, measured here on ${nameOf(largest)}`);

  results.targets = judgeTargets(results);
  results.durationS = round((Date.now() - started) / 1000, 1);
  return results;
}

function largestIs100k(sizes: number[]): boolean {
  return Math.max(...sizes) >= 100_000;
}

export function nameOf(entries: number): string {
  return `synthetic-${entries >= 1000 && entries % 1000 === 0 ? `${entries / 1000}k` : entries}`;
}

function logCheck(figures: CheckFigures, log: (line: string) => void): CheckFigures {
  log(
    `  check ${figures.checkMs} ms, parse ${figures.parseMs} ms (×${figures.checkToParse}), parseTree ${figures.parseTreeMs} ms, ` +
      `JSON LS ${figures.jsonLanguageServiceMs} ms (×${figures.checkToJsonLanguageService}); ${figures.diagnostics} diagnostics`,
  );
  return figures;
}

async function waitForFile(file: string, seconds: number, log: (line: string) => void): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  if (!fs.existsSync(file)) log(`waiting up to ${seconds} s for ${file}`);
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return true;
}
