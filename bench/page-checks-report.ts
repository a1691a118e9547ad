// The targets and the report lines of every page check (measure-page-checks.ts) and of the CLI against mint
// (measure-vs-mint.ts), issues 26 and 33.
import type { NotMeasured, PageChecksFigures } from './measure-page-checks';
import type { VsMintFigures } from './measure-vs-mint';
import type { BenchResults, TargetResult } from './results';

const measured = <T extends object>(figures: T | NotMeasured | null | undefined): T | undefined => (figures && !('notMeasured' in figures) ? figures : undefined);
const why = (figures: object | null | undefined): string => (figures && 'notMeasured' in figures ? String(figures.notMeasured).replace(/^(?!not measured)/, 'not measured: ') : 'not measured');

function target(name: string, value: number | undefined, where: string, limit: number, unit: string, atLeast = false): TargetResult {
  return { target: name, value, limit, unit, where, met: value === undefined ? undefined : atLeast ? value >= limit : value <= limit, ...(atLeast ? { atLeast } : {}) };
}

export function pageChecksTargets(results: BenchResults): TargetResult[] {
  const checks = measured<PageChecksFigures>(results.pageChecks);
  const mint = measured<VsMintFigures>(results.vsMint);
  const timed = (mint?.sites ?? []).filter((s) => s.timesFaster !== null).sort((a, b) => a.timesFaster! - b.timesFaster!);
  const slowest = timed[0];
  const warm = (mint?.sites ?? []).filter((s) => s.warmToNoMdx !== undefined).sort((a, b) => b.warmToNoMdx! - a.warmToNoMdx!)[0];
  return [
    target(
      'Page checks: whole check with every page check ÷ with page links alone (largest corpus-pages site)',
      checks?.ratio,
      checks ? `${checks.site}, ${checks.pages} pages (${checks.everyMs} ms ÷ ${checks.linksAloneMs} ms)` : why(results.pageChecks),
      1.5,
      '×',
    ),
    target(
      'Page checks: keystroke in a 1,000-line page, every page check, p95',
      checks?.keystroke.p95Ms,
      checks ? `${checks.keystroke.lines} lines (links alone: p95 ${checks.keystrokeLinksAlone.p95Ms} ms; CPU p95 ${checks.keystroke.cpuP95Ms} ms)` : why(results.pageChecks),
      10,
      'ms',
    ),
    target(
      'Default check (MDX on, cold): mint broken-links ÷ docs-json check, the least on the sites',
      slowest?.timesFaster ?? undefined,
      slowest ? `${slowest.site} (${slowest.mintMs} ms ÷ ${slowest.cliMs} ms)` : mint ? (mint.mintNotMeasured ?? 'not measured') : why(results.vsMint),
      5,
      '×',
      true,
    ),
    target(
      'Default check with a warm --cache ÷ the check without MDX, the most on the sites',
      warm?.warmToNoMdx,
      warm ? `${warm.site} (${warm.warmCacheMs} ms ÷ ${warm.noMdxMs} ms)` : why(results.vsMint),
      1.3,
      '×',
    ),
  ];
}

const ms = (value: number | null | undefined) => (value === null || value === undefined || !Number.isFinite(value) ? '—' : `${Math.round(value)} ms`);

export function renderPageChecks(results: BenchResults): string[] {
  const out: string[] = [];
  const checks = measured<PageChecksFigures>(results.pageChecks);
  if (results.pageChecks !== undefined && results.pageChecks !== null) {
    out.push('', '**Every page check against the links alone** (front matter, `openapi:` endpoints and #anchors on; against the same with those rules `off`, which skips them; in process, a new language service per check, medians; taking turns in the same rounds)', '');
    if (!checks) out.push(why(results.pageChecks));
    else {
      out.push(
        `Whole check of ${checks.site} (${checks.pages} pages, docs.json and every page): every page check ${ms(checks.everyMs)} (${checks.everyFindings} findings), ` +
          `links alone ${ms(checks.linksAloneMs)} (${checks.linksAloneFindings} findings): **×${checks.ratio.toFixed(2)}** (${checks.runs} runs each).`,
        '',
        `A keystroke in a ${checks.keystroke.lines}-line page (front matter, 40 headings, 100 links to its own and another page's anchors), then the check of that page, ${checks.keystroke.keystrokes} keystrokes: ` +
          `every page check p50 ${checks.keystroke.p50Ms.toFixed(2)} ms, p95 ${checks.keystroke.p95Ms.toFixed(2)} ms (CPU p95 ${checks.keystroke.cpuP95Ms.toFixed(2)} ms; ${checks.keystroke.findings}); ` +
          `links alone p50 ${checks.keystrokeLinksAlone.p50Ms.toFixed(2)} ms, p95 ${checks.keystrokeLinksAlone.p95Ms.toFixed(2)} ms (CPU p95 ${checks.keystrokeLinksAlone.cpuP95Ms.toFixed(2)} ms).`,
      );
    }
  }
  if (results.vsMint !== undefined && results.vsMint !== null) {
    const mint = measured<VsMintFigures>(results.vsMint);
    out.push(
      '',
      '**`docs-json check` against `mint broken-links`** (whole processes on each corpus-pages site and on box\'s 3,487 pages filled with corpus page texts, medians: the default check (MDX on, no `--cache`), `--no-check-mdx` and a warm `--cache` taking turns in the same rounds after a warm-up that writes the code cache and the verdict cache; mint only where `DOCS_BENCH_MINT` names it, and without mint the default check is the warm-up\'s one run)',
      '',
    );
    if (!mint) out.push(why(results.vsMint));
    else {
      out.push('| site | pages | docs-json check | without MDX | warm `--cache` | warm ÷ without MDX | mint broken-links | times faster |', '| --- | --- | --- | --- | --- | --- | --- | --- |');
      for (const s of mint.sites) {
        const ratio = s.warmToNoMdx === undefined ? '—' : `${s.warmToNoMdx}×`;
        out.push(`| ${s.site} | ${s.pages} | ${ms(s.cliMs)}${s.cliRuns === 1 ? ' (one run)' : ''} | ${ms(s.noMdxMs)} | ${ms(s.warmCacheMs)} | ${ratio} | ${s.mintMs === null ? 'not measured' : ms(s.mintMs)} | ${s.timesFaster === null ? '—' : `${s.timesFaster}×`} |`);
      }
      if (mint.mintNotMeasured) out.push('', `mint: ${mint.mintNotMeasured}.`);
    }
  }
  return out;
}
