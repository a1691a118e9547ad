import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { generateRepo } from '../../bench/generate-repo';
import { renderReport } from '../../bench/report';
import { BENCH_SECTIONS, parseSections, runBench } from '../../bench/run-bench';
import { judgeTargets } from '../../bench/targets';
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { tempFolder as temp } from './temp-folders';


test('generator: seeded repos are the same byte for byte, and different seeds differ', () => {
  const a = generateRepo({ entries: 400, seed: 3, dir: temp() });
  const b = generateRepo({ entries: 400, seed: 3, dir: temp() });
  const c = generateRepo({ entries: 400, seed: 4, dir: temp() });
  const docs = (root: string) => fs.readFileSync(path.join(root, 'docs.json'), 'utf8');
  assert.equal(docs(a.root), docs(b.root));
  assert.notEqual(docs(a.root), docs(c.root));
  assert.equal(a.files, b.files);
  // Written again into the same folder: kept, not rewritten; a folder it did not write is never cleared.
  assert.equal(generateRepo({ entries: 400, seed: 3, dir: a.root }).reused, true);
  const foreign = temp();
  fs.writeFileSync(path.join(foreign, 'keep.txt'), 'mine');
  assert.throws(() => generateRepo({ entries: 400, seed: 3, dir: foreign }), /not written by the benchmark/);
  assert.equal(fs.readFileSync(path.join(foreign, 'keep.txt'), 'utf8'), 'mine');
});

test('generator: the checker finds exactly the planted mistakes, about 5% of the entries, and every page file', () => {
  const repo = generateRepo({ entries: 2000, seed: 9, dir: temp() });
  assert.ok(Math.abs(repo.entries - 2000) < 10, `${repo.entries} entries`);
  assert.ok(repo.endpointEntries > 100 && repo.pageEntries > 1500);
  assert.ok(repo.files >= 2 * repo.entries - 10, `${repo.files} files`);
  const { diagnostics } = checkDocs(new DocsWorkspace(repo.root));
  const found: Record<string, number> = {};
  for (const d of diagnostics) found[d.code] = (found[d.code] ?? 0) + 1;
  assert.deepEqual(found, repo.planted);
  const mistakes = Object.entries(repo.planted).filter(([code]) => code !== 'remote-openapi').reduce((sum, [, n]) => sum + n, 0);
  assert.ok(mistakes / repo.entries > 0.03 && mistakes / repo.entries < 0.08, `${mistakes} mistakes`);
  for (const code of ['missing-page', 'duplicate-page', 'unknown-endpoint', 'invalid-endpoint', 'language-code', 'mixed-children', 'missing-key', 'invalid-type']) {
    assert.ok(found[code] > 0, `no ${code}`);
  }
});

test('bench: one small round gives every in-process figure, the targets and the report', async () => {
  const lines: string[] = [];
  const results = await runBench({
    sizes: [300, 600],
    seed: 2,
    quick: true,
    runsFor: () => 1,
    completionEntries: 300,
    completionRequests: 5,
    typingKeystrokes: 5,
    typingParseRuns: 1,
    serverWaitS: 0,
    repoFolder: temp(),
    log: (line) => lines.push(line),
  });
  assert.deepEqual(results.notes.filter((n) => !n.startsWith('corpus') && !n.startsWith('sizes')), []);
  assert.equal(results.check.length, 2);
  for (const figures of results.check) {
    for (const key of ['checkMs', 'parseMs', 'parseTreeMs', 'jsonLanguageServiceMs', 'checkToParse', 'checkToJsonLanguageService'] as const) {
      assert.ok(Number.isFinite(figures[key]) && figures[key] > 0, `${figures.repo} ${key}: ${figures[key]}`);
    }
    assert.ok(figures.diagnostics > 0 && figures.jsonLanguageServiceDiagnostics > 0, 'both checkers found the planted mistakes');
  }
  assert.ok(Number.isFinite(results.scaling.exponent));
  const completion = results.completion.inProcess!;
  assert.equal(completion.page.requests, 5);
  assert.ok(completion.page.medianItems > 0 && completion.endpoint.medianItems > 0, 'completion answered');
  // Without a server there are no protocol figures, and their targets are not judged.
  assert.equal(results.server.coldStart, null);
  assert.deepEqual(results.typing, []);
  assert.deepEqual(results.targets.map((t) => t.target), [
    'Full re-check ÷ bare parse',
    'Full re-check ÷ JSON language service',
    'Completion p95 in process (20k files)',
    'Typing p95 ÷ parseTree (didChange, then completion)',
    'Cold start to first diagnostics (10k)',
    'Server peak RSS (100k entries + 126k pages)',
    'Hover and page completion p95 while a 20 MB YAML spec loads',
    'Endpoint completion works on a 20 MB YAML spec',
    'Page links: check process without MDX (--no-check-mdx) ÷ reading every page',
    'Page links: keystroke in a 1,000-line page, p95',
    'Page links: peak memory of the check, MDX on (synthetic site)',
    'Page links: pages re-checked after a rename, beyond those linking to it',
    'Page checks: whole check with every page check ÷ with page links alone (largest corpus-pages site)',
    'Page checks: keystroke in a 1,000-line page, every page check, p95',
    'Default check (MDX on, cold): mint broken-links ÷ docs-json check, the least on the sites',
    'Default check with a warm --cache ÷ the check without MDX, the most on the sites',
    'Scaling exponent of start time over docs folders (monorepo)',
    'Scaling exponent of check time',
  ]);
  assert.deepEqual(results.targets.slice(3, 6).map((t) => t.met), [undefined, undefined, undefined]);
  // The rule families of the docs.json re-check: every rule of the check in a named family, and the shares add up.
  const families = results.families!.docsJson[0];
  assert.equal(families.repo, 'synthetic-300');
  assert.deepEqual(families.rows.map((r) => r.family.split(' (')[0]).sort(), ['API reference', 'OpenAPI', 'icons', 'languages', 'model', 'pages', 'settings', 'structure']);
  const shares = families.rows.reduce((sum, r) => sum + r.share, 0);
  assert.ok(shares > 0.95 && shares < 1.05, `shares add up to ${shares}`);
  const report = renderReport(results);
  assert.match(report, /\*\*What each rule family costs: the docs\.json re-check\*\*/);
  assert.match(report, /\| languages \(codes, parity\) \| [\d.]+ ms \([\d.]+%\) \|/);
  assert.match(report, /\| synthetic-300 \| \d+ \|/);
  assert.match(report, /\*\*Targets\*\*/);
  assert.doesNotMatch(report, /Typing in a page path/);
  assert.ok(JSON.parse(JSON.stringify(results)).check.length === 2, 'the results survive JSON');

  // With typing figures: their rows, and the target judged on the worst site; answers to the text before the edit fail it.
  const typing = (repo: string, p95Ms: number, wrongAnswers = 0) => ({
    repo, docsJsonBytes: 2e6, keystrokes: 80, strings: 30, firstMs: 90, p50Ms: p95Ms / 2, p95Ms, noEditP50Ms: 2, noEditP95Ms: 3,
    parseTreeMs: 40, parseTreeRuns: 7, p95ToParseTree: p95Ms / 40, medianItems: 200, wrongAnswers,
    ...(wrongAnswers ? { firstWrong: 'item "a" replaces 3:5-3:9, not the string\'s content 3:5-3:10' } : {}),
  });
  const judged = (sites: ReturnType<typeof typing>[]) => judgeTargets({ ...results, typing: sites }).find((t) => t.target.startsWith('Typing'))!;
  assert.deepEqual(pick(judged([typing('a', 10), typing('b', 30)])), { value: 0.75, where: 'b (p95 30 ms, parseTree 40 ms)', met: false });
  assert.deepEqual(pick(judged([typing('a', 10), typing('b', 16)])), { value: 0.4, where: 'b (p95 16 ms, parseTree 40 ms)', met: true });
  // A small docs.json whose no-edit p95 alone is over the limit: what the keystroke adds to it is judged.
  const small = (p95Ms: number) => ({ ...typing('box', p95Ms), noEditP95Ms: 8.4, parseTreeMs: 10, p95ToParseTree: p95Ms / 10 });
  assert.deepEqual(pick(judged([typing('a', 10), small(24)])), { value: 1.56, where: 'box (p95 24 ms less the no-edit p95 8.4 ms, itself over the limit; parseTree 10 ms)', met: false });
  assert.deepEqual(pick(judged([typing('a', 10), small(12)])), { value: 0.36, where: 'box (p95 12 ms less the no-edit p95 8.4 ms, itself over the limit; parseTree 10 ms)', met: true });
  const stale = judged([typing('a', 10, 4), typing('b', 16)]);
  assert.equal(stale.met, false);
  assert.match(stale.where, /^a: 4 answers not for the edited text/);
  const typed = renderReport({ ...results, typing: [typing('a', 10), typing('b', 16, 2)] });
  assert.match(typed, /\*\*Typing in a page path\*\*/);
  assert.match(typed, /\| a \| 2\.0 MB \| 80 \(30\) \| 90\.0 ms \| 5\.0 ms \| 10\.0 ms \| 2\.0 ms \/ 3\.0 ms \| 40\.0 ms \| 0\.25× \| all 160 \|/);
  assert.match(typed, /\| b \|.*\| \*\*158 of 160\*\* \|/);
  assert.match(typed, /b, first wrong answer: item "a" replaces/);
});

test('bench --only: just the sections named run; an unknown name is refused with the list', async () => {
  const results = await runBench({
    sizes: [300],
    seed: 2,
    quick: true,
    runsFor: () => 1,
    completionEntries: 300,
    completionRequests: 5,
    typingKeystrokes: 5,
    typingParseRuns: 1,
    serverWaitS: 0,
    repoFolder: temp(),
    only: parseSections('completion'),
    log: () => undefined,
  });
  assert.deepEqual(results.check, []);
  assert.equal(results.families, undefined);
  assert.equal(results.completion.inProcess!.page.requests, 5);
  assert.ok(results.notes.includes('only the sections completion were run (--only)'));
  assert.throws(() => parseSections('check,typo'), new RegExp(`--only takes section names.*${BENCH_SECTIONS.join(', ')}.*: check,typo`));
});

function pick(target: { value: number | undefined; where: string; met: boolean | undefined }) {
  return { value: target.value, where: target.where, met: target.met };
}

test('bench bundle: only bench.ts runs; the measure-* scripts bundled into it start only when run on their own', () => {
  // `require.main === module` holds for every module of an esbuild bundle: the page-link script once ran (and
  // failed on a path) inside `npm run bench`. A bad --sizes is refused before any measuring.
  const run = spawnSync(process.execPath, [path.join(__dirname, '..', '..', 'dist', 'bench', 'bench.js'), '--sizes', '5'], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stderr, /--sizes takes entry counts/);
  assert.equal(run.stdout, '');
});
