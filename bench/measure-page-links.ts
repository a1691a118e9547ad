// Links inside pages (issue 18): the whole-repo check as a process against `mint broken-links` (when installed)
// and against a process that only reads every page file, on each site of ../shared/corpus-pages and on a synthetic
// 25k-page site; its peak memory; a keystroke in a 1,000-line page; the pages a rename re-checks.
//   npx tsx bench/measure-page-links.ts [--oracle DIR] [--pages 25000] [--runs 3]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { materializeCorpusFixture } from './corpus-fixture';
import { createLanguageService } from '../server/src/language';
import { percentile, median, round } from './stats';
import { arg, startedAs } from './started-as';

/** The package folder, above this script (bench/ in source, dist/bench/ in the bench bundle). */
const ROOT = (function packageRoot(dir: string): string {
  return fs.existsSync(path.join(dir, 'bin', 'docs-json.js')) || path.dirname(dir) === dir ? dir : packageRoot(path.dirname(dir));
})(__dirname);
const CLI = path.join(ROOT, 'bin/docs-json.js');

export interface PageLinkSiteFigures {
  site: string;
  pages: number;
  mb: number;
  /** The default check (MDX parsed, in worker threads). */
  checkMs: number;
  /** The same with `--no-check-mdx`: the links and the other page checks, what the check was before MDX was on by default. */
  noMdxMs?: number;
  readOnlyMs: number;
  oracleMs: number | null;
  /** Peak resident memory of the check process (MDX on, its workers included). */
  peakMb: number;
  /** The same with `--no-check-mdx`. */
  noMdxPeakMb?: number;
  /** Timed runs of the default check. */
  runs?: number;
}

export interface PageLinkFigures {
  sites: PageLinkSiteFigures[];
  keystroke: { lines: number; p50Ms: number; p95Ms: number };
  rename: { pages: number; linkers: number; rechecked: number };
}

/** The child process's wall time and peak memory (it reports its own maxRSS). */
function timeProcess(args: string[], cwd?: string): { ms: number; peakMb: number } {
  const start = performance.now();
  const child = spawnSync(process.execPath, ['-e', MEASURED, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - start;
  // check exits 0 (no problems) or 1 (problems found) and prints a report; anything else is no figure.
  if ((child.status !== 0 && child.status !== 1) || !child.stdout) {
    throw new Error(`${args.join(' ')} exited ${child.status} without a report: ${(child.stderr ?? '').slice(0, 500)}`);
  }
  const peak = /PEAK_KB=(\d+)/.exec(child.stderr ?? '');
  return { ms, peakMb: peak ? Number(peak[1]) / 1024 : NaN };
}

/** Runs the script named in argv[1] with the rest of argv, then reports its peak memory on stderr. */
const MEASURED = `process.on('exit', () => process.stderr.write('PEAK_KB=' + process.resourceUsage().maxRSS + '\\n'));
const [script, ...rest] = process.argv.slice(1); process.argv = [process.argv[0], script, ...rest]; require(script);`;

/** A process that reads every page file of a folder with fs.readFileSync: the floor of any whole-repo check. */
const READ_ONLY = path.join(os.tmpdir(), 'docs-json-read-pages.js');
fs.writeFileSync(
  READ_ONLY,
  `const fs=require('fs'),path=require('path');let n=0;const walk=(d)=>{for(const e of fs.readdirSync(d,{withFileTypes:true})){const p=path.join(d,e.name);if(e.isDirectory()){if(e.name!=='node_modules'&&e.name!=='.git')walk(p)}else if(/\\.mdx?$/.test(e.name))n+=fs.readFileSync(p,'utf8').length}};walk(process.argv[2]);console.log(n);`,
);

function pageFilesOf(root: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.mdx?$/.test(e.name)) files.push(p);
    }
  };
  walk(root);
  return files;
}

/**
 * The default check (MDX on), the check without MDX and the reading process, taking turns in each round. The
 * file system cache is warmed by a reading pass, not by a check: on the synthetic site a check with MDX is 100 s.
 * `mdxRuns` (at most `runs`): rounds that run the default check too.
 */
function measureSite(site: string, root: string, runs: number, oracle: string | undefined, mdxRuns = runs): PageLinkSiteFigures {
  const pages = pageFilesOf(root);
  const mb = pages.reduce((n, f) => n + fs.statSync(f).size, 0) / 1e6;
  const check: number[] = [];
  const noMdx: number[] = [];
  const read: number[] = [];
  let peakMb = 0;
  let noMdxPeakMb = 0;
  timeProcess([READ_ONLY, root]);
  for (let run = 0; run < runs; run++) {
    if (run < mdxRuns) {
      const c = timeProcess([CLI, 'check', root]);
      check.push(c.ms);
      peakMb = Math.max(peakMb, c.peakMb);
    }
    const n = timeProcess([CLI, 'check', root, '--no-check-mdx']);
    noMdx.push(n.ms);
    noMdxPeakMb = Math.max(noMdxPeakMb, n.peakMb);
    read.push(timeProcess([READ_ONLY, root]).ms);
  }
  let oracleMs: number | null = null;
  if (oracle) {
    const start = performance.now();
    spawnSync(path.join(oracle, 'node_modules/.bin/mint'), ['broken-links'], { cwd: root, encoding: 'utf8', env: { ...process.env, MINTLIFY_TELEMETRY_DISABLED: '1' } });
    oracleMs = performance.now() - start;
  }
  return {
    site,
    pages: pages.length,
    mb: round(mb, 1),
    checkMs: round(median(check), 0),
    noMdxMs: round(median(noMdx), 0),
    readOnlyMs: round(median(read), 0),
    oracleMs: oracleMs && round(oracleMs, 0),
    peakMb: round(peakMb, 0),
    noMdxPeakMb: round(noMdxPeakMb, 0),
    runs: check.length,
  };
}

/** The five corpus sites with their page contents, laid out as the platform saw them. */
export function corpusPageSites(corpusDir: string, corpusPagesDir: string): { site: string; root: string }[] {
  return fs
    .readdirSync(corpusPagesDir)
    .filter((name) => name.includes('__'))
    .map((site) => {
      const root = materializeCorpusFixture(corpusDir, site);
      fs.cpSync(path.join(corpusPagesDir, site), root, { recursive: true, filter: (src) => !src.includes(`${path.sep}oracle`) });
      return { site, root };
    });
}

/**
 * Portkey's page texts, to fill synthetic sites with. Their own links name Portkey's pages: made external (and their
 * imports left out), so that a site's findings are the ones planted in it.
 */
export function samplePages(corpusPagesDir: string): string[] {
  return pageFilesOf(path.join(corpusPagesDir, 'Portkey-AI__docs-core')).map((f) =>
    fs
      .readFileSync(f, 'utf8')
      .replace(/\]\(\//g, '](https://example.com/')
      .replace(/\b(href|src)=(["'])\//g, '$1=$2https://example.com/')
      .replace(/^import .*$/gm, '')
      .replace(/^\[([^\]]+)\]:\s*\//gm, '[$1]: https://example.com/'),
  );
}

/**
 * A site of `count` pages whose texts are the corpus pages taken in turn (realistic sizes and link density), in
 * folders of 50, each linking to its neighbours and a few to missing pages; images in one folder.
 */
export function syntheticSite(count: number, corpusPagesDir: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `docs-json-pages-${count}-`));
  const samples = samplePages(corpusPagesDir);
  const ids = Array.from({ length: count }, (_, i) => `section-${Math.floor(i / 50)}/page-${i}`);
  fs.mkdirSync(path.join(root, 'images'));
  fs.writeFileSync(path.join(root, 'images/shot.png'), '');
  for (let i = 0; i < count; i++) {
    const links = `\n\nSee [next](/${ids[(i + 1) % count]}), [previous](/${ids[(i + count - 1) % count]}) and ![shot](/images/shot.png).${i % 100 === 0 ? ` [gone](/missing/${i})` : ''}\n`;
    const file = path.join(root, `${ids[i]}.mdx`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, samples[i % samples.length] + links);
  }
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ name: 'Synthetic', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages: ids.slice(0, 100) } }));
  return root;
}

/** One-character edits in a 1,000-line page, each followed by the check of that page alone, in-process. */
function measureKeystroke(root: string): PageLinkFigures['keystroke'] {
  const service = createLanguageService();
  service.addWorkspaceFolder(root);
  const project = service.projectAt(root);
  service.check(project);
  service.checkPages(project);
  const lines = Array.from({ length: 1000 }, (_, i) => (i % 10 === 0 ? `See [page ${i}](/section-0/page-${i % 50}) and ![x](/images/shot.png).` : `Line ${i} of prose, with \`code\` and **bold** words to read.`));
  const file = path.join(root, 'section-0/long.mdx');
  fs.writeFileSync(file, lines.join('\n'));
  service.fileEvents([{ uri: pathToFileURL(file).href, type: 'created' }]);
  const uri = pathToFileURL(file).href;
  let text = lines.join('\n');
  service.openDocument(uri, text);
  const times: number[] = [];
  for (let k = 0; k < 300; k++) {
    const at = text.indexOf('/section-0/page-', (k * 997) % text.length);
    const offset = at < 0 ? text.length : at + 12;
    text = text.slice(0, offset) + (k % 2 ? '' : 'x') + text.slice(offset + (k % 2 ? 1 : 0));
    const start = performance.now();
    service.changeDocument(uri, text);
    service.checkPages(project, [file]);
    if (k >= 20) times.push(performance.now() - start);
  }
  return { lines: 1000, p50Ms: round(percentile(times, 50), 2), p95Ms: round(percentile(times, 95), 2) };
}

/** Renames a page of the synthetic site: how many pages are checked again (those that link to it, and no other). */
function measureRename(root: string): PageLinkFigures['rename'] {
  const service = createLanguageService();
  service.addWorkspaceFolder(root);
  const project = service.projectAt(root);
  service.checkPages(project);
  const from = 'section-1/page-60.mdx';
  const linkers = project.pageLinks.linkersOf((file) => file === from, project.model()).length;
  fs.renameSync(path.join(root, from), path.join(root, 'section-1/page-60-moved.mdx'));
  service.fileEvents([
    { uri: pathToFileURL(path.join(root, from)).href, type: 'deleted' },
    { uri: pathToFileURL(path.join(root, 'section-1/page-60-moved.mdx')).href, type: 'created' },
  ]);
  let rechecked = 0;
  for (const file of project.files.all()) if (/\.mdx?$/.test(file) && !project.pageLinks.isChecked(file)) rechecked++;
  fs.renameSync(path.join(root, 'section-1/page-60-moved.mdx'), path.join(root, from));
  return { pages: project.files.size, linkers, rechecked };
}

/**
 * `corpusMdxRuns`, `syntheticMdxRuns`: rounds that run the default check (MDX on) on the corpus sites and on the
 * synthetic one (default: every round). Only the synthetic site's default check is judged (its peak memory).
 */
export function measurePageLinks(options: { corpusDir: string; corpusPagesDir: string; pages: number; runs: number; corpusMdxRuns?: number; syntheticMdxRuns?: number; oracle?: string; log(line: string): void }): PageLinkFigures {
  const sites: PageLinkSiteFigures[] = [];
  for (const { site, root } of corpusPageSites(options.corpusDir, options.corpusPagesDir)) {
    sites.push(measureSite(site, root, options.runs, options.oracle, options.corpusMdxRuns ?? options.runs));
    options.log(JSON.stringify(sites[sites.length - 1]));
  }
  const synthetic = syntheticSite(options.pages, options.corpusPagesDir);
  sites.push(measureSite(`synthetic-${options.pages}`, synthetic, options.runs, undefined, options.syntheticMdxRuns ?? options.runs));
  options.log(JSON.stringify(sites[sites.length - 1]));
  const keystroke = measureKeystroke(synthetic);
  options.log(JSON.stringify({ keystroke }));
  const rename = measureRename(synthetic);
  options.log(JSON.stringify({ rename }));
  return { sites, keystroke, rename };
}

if (startedAs('measure-page-links')) {
  measurePageLinks({
    corpusDir: path.resolve(ROOT, '../shared/corpus'),
    corpusPagesDir: path.resolve(ROOT, '../shared/corpus-pages'),
    pages: Number(arg('--pages') ?? 25000),
    runs: Number(arg('--runs') ?? 3),
    oracle: arg('--oracle'),
    log: (line) => console.log(line),
  });
}
