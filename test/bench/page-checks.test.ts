// The bench's page-check figures (bench/measure-page-checks.ts, bench/measure-vs-mint.ts): measured on a small
// corpus laid out as ../shared is, judged, reported; "not measured" without ../shared or without mint.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { measurePageChecks, PageChecksFigures } from '../../bench/measure-page-checks';
import { measureVsMint, mintExecutable, MINT_ENV, VsMintFigures } from '../../bench/measure-vs-mint';
import { pageChecksTargets, renderPageChecks } from '../../bench/page-checks-report';
import { renderReport } from '../../bench/report';
import type { BenchResults } from '../../bench/results';
import { tempFolder as temp } from './temp-folders';

const results = { version: 1, startedAt: '2026-01-01T00:00:00.000Z', durationS: 1, machine: { cpu: 'x', cores: 2, memoryGb: 4, os: 'Linux', node: 'v20', loadAverage: 0 }, settings: { seed: 1, sizes: [], quick: true }, repos: [], check: [], scaling: { exponent: NaN, points: [], steps: [] }, completion: { inProcess: null, protocol: null }, typing: [], server: { coldStart: null, memory: null }, specLoading: null, checkerMemory: null, targets: [], notes: [] } as BenchResults;

/** A `shared` folder as ../shared is: corpus/<site>/ (docs.json, files.txt) and corpus-pages/<site>/ (the pages). */
function smallShared(): string {
  const shared = path.join(temp(), 'shared');
  const site = 'acme__docs';
  const corpus = path.join(shared, 'corpus', site);
  const pages = path.join(shared, 'corpus-pages', site);
  fs.mkdirSync(corpus, { recursive: true });
  fs.mkdirSync(path.join(pages, 'oracle'), { recursive: true });
  fs.writeFileSync(path.join(corpus, 'docs.json'), JSON.stringify({ name: 'Acme', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages: ['intro', 'guide'] } }));
  fs.writeFileSync(path.join(corpus, 'files.txt'), 'docs.json\nintro.mdx\nguide.mdx\nimages/a.png\n');
  fs.writeFileSync(path.join(pages, 'intro.mdx'), '---\ntitle: Intro\nmode: wid\n---\n\n## Start\n\n[guide](/guide#setup) [gone](/gone) [here](#start)\n');
  fs.writeFileSync(path.join(pages, 'guide.mdx'), '---\ntitle: Guide\n---\n\n## Setup\n\n[intro](/intro#nowhere)\n');
  fs.writeFileSync(path.join(pages, 'oracle', 'broken-links.txt'), 'not a page\n');
  return shared;
}

test('page checks: every page check against the links alone on the largest site, and a keystroke, measured and judged', async () => {
  const shared = smallShared();
  const figures = (await measurePageChecks({ corpusDir: path.join(shared, 'corpus'), corpusPagesDir: path.join(shared, 'corpus-pages'), runs: 1, keystrokes: 10, log: () => undefined })) as PageChecksFigures;
  assert.equal(figures.site, 'acme__docs');
  assert.equal(figures.pages, 2, 'the oracle folder holds no pages');
  assert.ok(figures.everyMs > 0 && figures.linksAloneMs > 0 && figures.ratio > 0);
  // Links alone: the broken link; every check adds the misspelt mode and the broken anchor.
  assert.equal(figures.linksAloneFindings, 1);
  assert.equal(figures.everyFindings, 3);
  assert.equal(figures.keystroke.keystrokes, 10);
  assert.ok(figures.keystroke.lines >= 1000);
  // No spec in this site: the long page's `openapi:` is flagged too; and it is over 50,000 characters (agent-page-size).
  assert.equal(figures.keystroke.findings, '1 agent-page-size, 1 broken-anchor, 1 front-matter-openapi, 1 front-matter-value');
  assert.equal(figures.keystrokeLinksAlone.findings, 'none');

  const judged = pageChecksTargets({ ...results, pageChecks: figures });
  assert.equal(judged[0].value, figures.ratio);
  assert.equal(judged[0].met, figures.ratio <= 1.5);
  assert.equal(judged[1].value, figures.keystroke.p95Ms);
  const report = renderPageChecks({ ...results, pageChecks: figures }).join('\n');
  assert.match(report, /Whole check of acme__docs \(2 pages, docs.json and every page\): every page check \d+ ms \(3 findings\), links alone \d+ ms \(1 findings\)/);
});

test('against mint: the CLI timed on each site; mint only where DOCS_BENCH_MINT names it, else "not measured"', () => {
  assert.match(String((mintExecutable({}) as { notMeasured: string }).notMeasured), /^not measured: DOCS_BENCH_MINT is not set/);
  assert.match(String((mintExecutable({ [MINT_ENV]: '/nowhere/mint' }) as { notMeasured: string }).notMeasured), /does not exist/);
  const shared = smallShared();
  const figures = measureVsMint({ corpusDir: path.join(shared, 'corpus'), corpusPagesDir: path.join(shared, 'corpus-pages'), runs: 1, env: {}, log: () => undefined }) as VsMintFigures;
  assert.equal(figures.sites.length, 1);
  assert.ok(figures.sites[0].cliMs > 0);
  // Without mint the default check is not judged: it runs once, as the warm-up, and says so.
  assert.equal(figures.sites[0].cliRuns, 1);
  assert.match(renderReport({ ...results, vsMint: figures }), /\| acme__docs \| 2 \| \d+ ms \(one run\) \|/);
  assert.ok(figures.sites[0].noMdxMs! > 0, 'the CLI is timed without MDX too');
  assert.ok(figures.sites[0].warmCacheMs! > 0, 'and with a warm --cache');
  assert.equal(figures.sites[0].warmToNoMdx, Math.round((figures.sites[0].warmCacheMs! / figures.sites[0].noMdxMs!) * 100) / 100);
  assert.equal(figures.sites[0].mintMs, null);
  const judged = pageChecksTargets({ ...results, vsMint: figures })[2];
  assert.deepEqual([judged.value, judged.met, judged.atLeast], [undefined, undefined, true]);
  assert.match(judged.where, /^not measured: DOCS_BENCH_MINT is not set/);

  // With mint's figures: the least ratio is judged, at least 5; the warm cache's most, at most 1.3.
  const timed: VsMintFigures = {
    sites: [
      { site: 'a', pages: 9, cliMs: 1000, mintMs: 5000, timesFaster: 5 },
      { site: 'b', pages: 9, cliMs: 2000, noMdxMs: 200, warmCacheMs: 280, warmToNoMdx: 1.4, mintMs: 6000, timesFaster: 3 },
    ],
  };
  const [least, warm] = pageChecksTargets({ ...results, vsMint: timed }).slice(2);
  assert.deepEqual([least.value, least.where, least.met], [3, 'b (6000 ms ÷ 2000 ms)', false]);
  assert.deepEqual([warm.value, warm.where, warm.met], [1.4, 'b (280 ms ÷ 200 ms)', false]);
  const report = renderReport({ ...results, vsMint: timed, targets: [least, warm] });
  assert.match(report, /\| b \| 9 \| 2000 ms \| 200 ms \| 280 ms \| 1.4× \| 6000 ms \| 3× \|/);
  assert.match(report, /\| a \| 9 \| 1000 ms \| — \| — \| — \| 5000 ms \| 5× \|/);
  assert.match(report, /\| Default check \(MDX on, cold\): mint broken-links ÷ docs-json check, the least on the sites \| ≥ 5 × \| 3 × \|/);
  assert.match(report, /\| Default check with a warm --cache ÷ the check without MDX, the most on the sites \| ≤ 1.3 × \| 1.4 × \|/);
});

test('without ../shared: every page-check figure says "not measured: ../shared not found"', async () => {
  const missing = path.join(temp(), 'shared');
  const options = { corpusDir: path.join(missing, 'corpus'), corpusPagesDir: path.join(missing, 'corpus-pages'), runs: 1, keystrokes: 1, log: () => undefined };
  const pageChecks = await measurePageChecks(options);
  const vsMint = measureVsMint(options);
  assert.deepEqual(pageChecks, { notMeasured: '../shared not found' });
  assert.deepEqual(vsMint, { notMeasured: '../shared not found' });
  const judged = pageChecksTargets({ ...results, pageChecks, vsMint });
  assert.deepEqual(judged.map((t) => [t.where, t.met]), [
    ['not measured: ../shared not found', undefined],
    ['not measured: ../shared not found', undefined],
    ['not measured: ../shared not found', undefined],
    ['not measured: ../shared not found', undefined],
  ]);
  const report = renderReport({ ...results, pageChecks, vsMint, targets: judged });
  assert.equal(report.match(/not measured: \.\.\/shared not found/g)?.length, 6, 'two sections and four targets say so');
});
