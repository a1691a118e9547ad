import { pageChecksTargets } from './page-checks-report';
import type { BenchResults, TargetResult } from './results';

export type { TargetResult };

/** The issue's targets, judged on this run's figures; `met` is undefined when the figure could not be measured. */
export function judgeTargets(results: BenchResults): TargetResult[] {
  const worst = <T>(items: T[], value: (item: T) => number, where: (item: T) => string) => {
    const sorted = items.filter((i) => Number.isFinite(value(i))).sort((a, b) => value(b) - value(a));
    return sorted.length ? { value: value(sorted[0]), where: where(sorted[0]) } : { value: undefined, where: 'not measured' };
  };
  const out: TargetResult[] = [];
  const add = (target: string, found: { value: number | undefined; where: string }, limit: number, unit: string) =>
    out.push({ target, ...found, limit, unit, met: found.value === undefined ? undefined : found.value <= limit });

  add('Full re-check ÷ bare parse', worst(results.check, (c) => c.checkToParse, (c) => c.repo), 3, '×');
  add('Full re-check ÷ JSON language service', worst(results.check, (c) => c.checkToJsonLanguageService, (c) => c.repo), 0.5, '×');
  const completion = results.completion.inProcess;
  add(
    'Completion p95 in process (20k files)',
    completion
      ? worst(
          [
            { kind: 'page', ms: completion.page.p95Ms },
            { kind: 'endpoint', ms: completion.endpoint.p95Ms },
          ],
          (c) => c.ms,
          (c) => `${c.kind} completion, ${completion.repo} (${completion.files} files)`,
        )
      : { value: undefined, where: 'not measured' },
    10,
    'ms',
  );
  // Where the same completion sent again with no edit already takes more than the limit (a small docs.json over
  // stdio: box, 286 kB, parseTree 10 ms and a no-edit p95 of 8.4 ms on a quiet machine), no keystroke path can meet
  // it: there what the keystroke adds to that floor (p95 less the no-edit p95) is judged against the limit (issue 52,
  // docs/performance.md, sixth round).
  const typingLimit = 0.5;
  const floored = (t: BenchResults['typing'][number]) => t.noEditP95Ms > typingLimit * t.parseTreeMs;
  const typing = worst(
    results.typing,
    (t) => (floored(t) ? Math.round((1000 * Math.max(0, t.p95Ms - t.noEditP95Ms)) / t.parseTreeMs) / 1000 : t.p95ToParseTree),
    (t) =>
      floored(t)
        ? `${t.repo} (p95 ${t.p95Ms} ms less the no-edit p95 ${t.noEditP95Ms} ms, itself over the limit; parseTree ${t.parseTreeMs} ms)`
        : `${t.repo} (p95 ${t.p95Ms} ms, parseTree ${t.parseTreeMs} ms)`,
  );
  add('Typing p95 ÷ parseTree (didChange, then completion)', typing, typingLimit, '×');
  const wrong = results.typing.filter((t) => t.wrongAnswers > 0);
  if (wrong.length) {
    // Fast answers to the text before the edit do not count.
    const target = out[out.length - 1];
    target.met = false;
    target.where = `${wrong.map((t) => `${t.repo}: ${t.wrongAnswers} answers not for the edited text`).join('; ')}; ${target.where}`;
  }
  const cold = results.server.coldStart;
  add('Cold start to first diagnostics (10k)', cold ? { value: cold.medianMs, where: cold.repo } : { value: undefined, where: 'not measured' }, 500, 'ms');
  const memory = results.server.memory;
  // Restated (issue 52): 150 MB was written for docs.json alone; since 2026-11-24 the server also checks the links of
  // the repo's 126,339 pages (about 25 MB: 141-150 MB with that pass off), and issue 52 set 200 MB as the bar.
  add('Server peak RSS (100k entries + 126k pages)', memory?.peakRssMb !== undefined ? { value: memory.peakRssMb, where: memory.repo } : { value: undefined, where: 'not measured' }, 200, 'MB');
  const spec = results.specLoading;
  const specWhere = spec ? `${(spec.specBytes / 1e6).toFixed(0)} MB YAML spec, ${spec.operations} operations` : 'not measured';
  const loadingP95 = spec ? Math.max(spec.whileLoading.hoverP95Ms, spec.whileLoading.pageCompletionP95Ms) : undefined;
  add('Hover and page completion p95 while a 20 MB YAML spec loads', { value: loadingP95, where: specWhere }, 50, 'ms');
  add('Endpoint completion works on a 20 MB YAML spec', { value: spec?.endpointsReadyMs, where: specWhere }, 2000, 'ms');
  const links = results.pageLinks;
  const linkWhere = (pick: (s: NonNullable<typeof links>['sites'][number]) => number | null) => {
    const judged = (links?.sites ?? []).filter((s) => pick(s) !== null);
    return judged.length ? worst(judged, (s) => pick(s)!, (s) => s.site) : { value: undefined, where: 'not measured' };
  };
  // Written before MDX was on by default, for the links (and the page checks beside them): judged on the check with
  // --no-check-mdx. The MDX parse (micromark, about 1 MB of page text per second of CPU) cannot come within 3× of
  // reading the pages; the default check is judged against mint broken-links and with its --cache (page-checks-report).
  add('Page links: check process without MDX (--no-check-mdx) ÷ reading every page', linkWhere((s) => (s.noMdxMs === undefined ? null : Math.round((100 * s.noMdxMs) / s.readOnlyMs) / 100)), 3, '×');
  // 'Page links: check process ÷ mint broken-links ≤ 0.02×' (links alone, before the page checks and MDX) is
  // restated as issue 33's 'Default check (MDX on, cold): mint broken-links ÷ docs-json check ≥ 5×'
  // (page-checks-report.ts), the same comparison of the check users run; `--oracle` still records mint's time here.
  add('Page links: keystroke in a 1,000-line page, p95', links ? { value: links.keystroke.p95Ms, where: `${links.keystroke.lines} lines` } : { value: undefined, where: 'not measured' }, 10, 'ms');
  const largestSite = links?.sites[links.sites.length - 1];
  add('Page links: peak memory of the check, MDX on (synthetic site)', largestSite ? { value: largestSite.peakMb, where: `${largestSite.site}${largestSite.noMdxPeakMb !== undefined ? `; without MDX ${largestSite.noMdxPeakMb} MB` : ''}` } : { value: undefined, where: 'not measured' }, 300, 'MB');
  add(
    'Page links: pages re-checked after a rename, beyond those linking to it',
    links ? { value: Math.max(0, links.rename.rechecked - links.rename.linkers - 1), where: `${links.rename.linkers} linking pages of ${links.rename.pages}` } : { value: undefined, where: 'not measured' },
    0,
    'pages',
  );
  out.push(...pageChecksTargets(results));
  const monorepo = results.monorepoStart;
  add(
    'Scaling exponent of start time over docs folders (monorepo)',
    monorepo ? { value: monorepo.exponent, where: monorepo.points.map((p) => p.folders).join(' → ') } : { value: undefined, where: 'not measured' },
    1.1,
    '',
  );
  add(
    'Scaling exponent of check time',
    Number.isFinite(results.scaling.exponent) ? { value: results.scaling.exponent, where: results.scaling.points.map((p) => p.size).join(' → ') } : { value: undefined, where: 'not measured' },
    1.1,
    '',
  );
  return out;
}
