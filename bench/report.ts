import { renderPageChecks } from './page-checks-report';
import type { BenchResults } from './results';

const ms = (value: number | undefined, digits = 1) => (value === undefined || !Number.isFinite(value) ? '—' : `${value.toFixed(digits)} ms`);
const times = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? '—' : `${value.toFixed(2)}×`);
const kb = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} kB`);

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** The figures as markdown: the console output and the record in docs/performance.md. */
export function renderReport(results: BenchResults): string {
  const m = results.machine;
  const out: string[] = [];
  out.push(
    `Measured ${results.startedAt.slice(0, 10)} on ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}, Node ${m.node} ` +
      `(load average ${m.loadAverage} at the start; the run took ${Math.round(results.durationS)} s). Medians; ratios are to baselines timed in the same rounds.`,
  );

  out.push('', '**Full check of docs.json after a one-character edit**', '');
  out.push(
    table(
      ['repo', 'entries', 'files', 'docs.json', 'check', 'bare parse¹', 'parseTree', 'JSON language service²', 'check ÷ parse', 'check ÷ JSON LS', 'runs'],
      results.check.map((c) => [
        c.repo,
        String(c.entries),
        String(c.files),
        kb(c.docsJsonBytes),
        ms(c.checkMs),
        ms(c.parseMs),
        ms(c.parseTreeMs),
        ms(c.jsonLanguageServiceMs),
        times(c.checkToParse),
        times(c.checkToJsonLanguageService),
        String(c.runs),
      ]),
    ),
  );
  out.push(
    '',
    '¹ `jsonc-parser` `parse` (plain values), the floor; `parseTree` for reference. ' +
      '² `vscode-json-languageservice` parsing and validating the same text against `schemas/docs.schema.json`, as VS Code does today. ' +
      `Scaling exponent of check time over ${results.scaling.points.map((p) => p.size).join(', ')} entries: **${results.scaling.exponent.toFixed(2)}** ` +
      `(between neighbouring sizes: ${results.scaling.steps.map((s) => s.toFixed(2)).join(', ')}).`,
  );

  const families = results.families;
  if (families?.docsJson.length) {
    const sites = families.docsJson;
    out.push('', '**What each rule family costs: the docs.json re-check** (one-character edit, the previous findings handed on, as after a docs.json keystroke; each rule timed alone in the check\'s order; medians)', '');
    const names = [...new Set(sites.flatMap((s) => s.rows.map((r) => r.family)))];
    out.push(
      table(
        ['family', ...sites.map((s) => `${s.repo} (${ms(s.checkMs, 1)})`)],
        names.map((name) => [name, ...sites.map((s) => {
          const row = s.rows.find((r) => r.family === name);
          return row ? `${ms(row.ms, 2)} (${(100 * row.share).toFixed(1)}%)` : '—';
        })]),
      ),
    );
  }
  const pageFamilies = families?.pages;
  if (pageFamilies && !('notMeasured' in pageFamilies)) {
    out.push(
      '',
      `**What each rule family costs: pages** (CPU time; ${pageFamilies.site}, ${pageFamilies.pages} pages: the whole check, docs.json and every page in a new service, MDX parsed in process, ` +
        `${ms(pageFamilies.wholeMs, 0)} with every family, median of ${pageFamilies.runs}; a keystroke in a 1,000-line page then the check of that page, MDX deferred as in the server, ` +
        `${ms(pageFamilies.keystrokeMs, 2)}, median of ${pageFamilies.keystrokes}; a family's cost is the time with it less the time with its codes \`off\`, every configuration taking its turn in each round)`,
      '',
    );
    out.push(
      table(
        ['family', 'whole check', 'share', 'keystroke', 'share'],
        pageFamilies.rows.map((r) => [r.family, ms(r.wholeMs, 0), `${(100 * r.wholeShare).toFixed(1)}%`, ms(r.keystrokeMs, 2), `${(100 * r.keystrokeShare).toFixed(1)}%`]),
      ),
    );
  }

  const inProcess = results.completion.inProcess;
  const protocol = results.completion.protocol;
  if (inProcess || protocol) {
    out.push('', `**Completion latency** (${inProcess?.repo ?? protocol?.repo}, ${inProcess?.files ?? '?'} files; p50 / p95)`, '');
    const rows: string[][] = [];
    if (inProcess) {
      rows.push(['in process (the service\'s `complete`)', `${ms(inProcess.page.p50Ms, 2)} / ${ms(inProcess.page.p95Ms, 2)}`, `${ms(inProcess.endpoint.p50Ms, 2)} / ${ms(inProcess.endpoint.p95Ms, 2)}`, `${inProcess.page.medianItems} / ${inProcess.endpoint.medianItems}`]);
    }
    if (protocol) {
      rows.push(['over the protocol (stdio)', `${ms(protocol.page.p50Ms, 2)} / ${ms(protocol.page.p95Ms, 2)}`, `${ms(protocol.endpoint.p50Ms, 2)} / ${ms(protocol.endpoint.p95Ms, 2)}`, `${protocol.page.medianItems} / ${protocol.endpoint.medianItems}`]);
    }
    out.push(table(['where', 'page path', 'endpoint', 'items (median)'], rows));
  }

  if (results.typing.length) {
    out.push(
      '',
      '**Typing in a page path** (over the protocol: a one-character incremental `didChange` in a page-path string, then at once, ' +
        'without waiting for diagnostics, a completion at the cursor; the next keystroke when it has answered; from sending the change to the answer)',
      '',
    );
    out.push(
      table(
        ['repo', 'docs.json', 'keystrokes (strings)', 'first keystroke', 'median', 'p95', 'same request, no edit³ (median / p95)', 'parseTree⁴', 'p95 ÷ parseTree', 'answers for the edited text'],
        results.typing.map((t) => [
          t.repo,
          kb(t.docsJsonBytes),
          `${t.keystrokes} (${t.strings})`,
          ms(t.firstMs),
          ms(t.p50Ms),
          ms(t.p95Ms),
          `${ms(t.noEditP50Ms)} / ${ms(t.noEditP95Ms)}`,
          ms(t.parseTreeMs),
          times(t.p95ToParseTree),
          t.wrongAnswers ? `**${2 * t.keystrokes - t.wrongAnswers} of ${2 * t.keystrokes}**` : `all ${2 * t.keystrokes}`,
        ]),
      ),
    );
    const wrong = results.typing.filter((t) => t.firstWrong);
    out.push(
      '',
      '³ The same completion request sent again as soon as the answer came, with no edit in between. ' +
        `⁴ \`jsonc-parser\` \`parseTree\` of the same docs.json text, in the benchmark's process before the server starts (median of ${results.typing[0].parseTreeRuns}, after 3 warm-up parses). ` +
        'Every answer is checked: each item replaces the whole string as edited, the typed character included, and the page items match what is typed; ' +
        'the times of answers that fail are left out.' +
        wrong.map((t) => ` ${t.repo}, first wrong answer: ${t.firstWrong}.`).join(''),
    );
  }

  const spec = results.specLoading;
  if (spec) {
    out.push(
      '',
      `**While the server reads a ${(spec.specBytes / 1e6).toFixed(0)} MB YAML spec** (${spec.operations} operations, block style; over the protocol, from the first ` +
        'diagnostics on: hover on a page entry and page completion, one after another, and an endpoint completion between rounds until it lists the operations)',
      '',
    );
    out.push(
      table(
        ['figure', 'while the spec loads', 'once it is read⁵'],
        [
          ['hover p95', ms(spec.whileLoading.hoverP95Ms, 2), ms(spec.loaded.hoverP95Ms, 2)],
          ['page completion p95', ms(spec.whileLoading.pageCompletionP95Ms, 2), ms(spec.loaded.pageCompletionP95Ms, 2)],
          ['slowest answer', ms(spec.whileLoading.maxMs, 1), '—'],
          ['requests', String(spec.whileLoading.requests), String(spec.loaded.requests)],
          ['endpoint completion lists the operations after', ms(spec.endpointsReadyMs, 0), '—'],
        ],
      ),
    );
    out.push('', `⁵ The same requests once the spec is read: p95 while loading ÷ p95 once read, the worse of the two: ${times(spec.p95ToLoaded)}.`);
  }

  const links = results.pageLinks;
  if (links) {
    out.push(
      '',
      '**Links inside pages** (`docs-json check` as a whole process, docs.json included: by default, MDX on, and with `--no-check-mdx`, the links and other page checks alone; ' +
        'against a process that only reads every page file, and `mint broken-links` when installed; medians)',
      '',
    );
    const mb = (value: number | undefined) => (value === undefined ? '—' : `${value} MB`);
    out.push(
      table(
        ['site', 'pages', 'MB', 'check (MDX on)', 'check, no MDX', 'read only', 'check ÷ read (MDX on)', 'no MDX ÷ read', 'mint broken-links', 'peak memory (MDX on)', 'peak, no MDX'],
        links.sites.map((s) => [
          s.site,
          String(s.pages),
          s.mb.toFixed(1),
          `${ms(s.checkMs, 0)}${s.runs !== undefined ? ` (${s.runs})` : ''}`,
          ms(s.noMdxMs, 0),
          ms(s.readOnlyMs, 0),
          `${(s.checkMs / s.readOnlyMs).toFixed(2)}×`,
          s.noMdxMs === undefined ? '—' : `${(s.noMdxMs / s.readOnlyMs).toFixed(2)}×`,
          s.oracleMs ? ms(s.oracleMs, 0) : '—',
          mb(s.peakMb),
          mb(s.noMdxPeakMb),
        ]),
      ),
    );
    out.push(
      '',
      `A keystroke in a ${links.keystroke.lines}-line page, then the check of that page: p50 ${ms(links.keystroke.p50Ms, 2)}, p95 ${ms(links.keystroke.p95Ms, 2)}. ` +
        `Renaming a page linked from ${links.rename.linkers} pages re-checks ${links.rename.rechecked} of ${links.rename.pages}.`,
    );
  }

  out.push(...renderPageChecks(results));

  const monorepo = results.monorepoStart;
  if (monorepo) {
    out.push(
      '',
      '**Start on a monorepo** (over the protocol: spawn to the first diagnostics, a workspace of N docs folders of three files each; ' +
        `scaling exponent of the server's CPU time by then, or of the wall time where no CPU time is reported: **${monorepo.exponent}**)`,
      '',
    );
    out.push(table(['docs folders', 'first diagnostics', 'server CPU'], monorepo.points.map((p) => [String(p.folders), ms(p.firstDiagnosticsMs, 0), p.cpuMs === undefined ? '—' : ms(p.cpuMs, 0)])));
  }

  const view = results.docsView;
  if (view) {
    out.push(
      '',
      `**Docs view on ${view.repo}** (over the protocol, medians of ${view.runs}; the baseline is jsonc-parser's \`parse\` of the same docs.json in this process: ${ms(view.parseMs, 1)})`,
      '',
    );
    out.push(
      table(
        ['request', 'time', 'answer', '÷ parse'],
        [
          ['the whole tree', ms(view.wholeMs, 0), `${(view.wholeBytes / 1e6).toFixed(1)} MB`, times(view.wholeMs / view.parseMs)],
          [`the top level (${view.topNodes} nodes): what the view asks first`, ms(view.topMs, 1), `${(view.topBytes / 1e3).toFixed(0)} kB`, times(view.topToParse)],
          [`a level below (${view.levelNodes} nodes)`, ms(view.levelMs, 1), '—', times(view.levelMs / view.parseMs)],
          [`${view.rows} page rows (titles and link problems)`, ms(view.rowsMs, 1), '—', times(view.rowsMs / view.parseMs)],
        ],
      ),
    );
  }

  const cold = results.server.coldStart;
  const memory = results.server.memory;
  out.push('', '**Server and memory**', '');
  out.push(
    table(
      ['figure', 'repo', 'value'],
      [
        [
          'cold start: spawn to first published diagnostics',
          cold?.repo ?? '—',
          cold
            ? `${ms(cold.medianMs, 0)} (median of ${cold.runs}, with the code cache; the server's CPU time by then: ${ms(cold.medianCpuMs, 0)}; the first start, which writes the cache: ${ms(cold.firstStartMs, 0)})`
            : '—',
        ],
        [`server peak RSS after open, check, ${memory?.edits ?? 0} one-character edits and two completions`, memory?.repo ?? '—', memory?.peakRssMb !== undefined && Number.isFinite(memory.peakRssMb) ? `${memory.peakRssMb} MB` : '—'],
        ['checker alone, peak RSS', results.checkerMemory?.repo ?? '—', results.checkerMemory ? `${results.checkerMemory.peakRssMb} MB` : '—'],
      ],
    ),
  );

  out.push('', '**Targets**', '');
  out.push(
    table(
      ['target', 'limit', 'measured', 'where', 'met'],
      results.targets.map((t) => [
        t.target,
        `${t.atLeast ? '≥' : '≤'} ${t.limit}${t.unit ? ` ${t.unit}` : ''}`,
        t.value === undefined ? '—' : `${Number(t.value.toFixed(2))}${t.unit ? ` ${t.unit}` : ''}`,
        t.where,
        t.met === undefined ? 'not measured' : t.met ? 'yes' : '**no**',
      ]),
    ),
  );
  if (results.notes.length) out.push('', ...results.notes.map((n) => `- ${n}`));
  return out.join('\n') + '\n';
}
