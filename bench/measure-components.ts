// The component checks (issue 36) against the same checks without them, in one run: the whole-repo check of the
// largest site of ../shared/corpus-pages, and a keystroke in a 1,000-line page with cards, each with the component
// rules on and `off` (which skips their scan: server/src/project/page-links.ts).
//   npx tsx bench/measure-components.ts [--runs 7] [--keystrokes 300]
import * as path from 'node:path';
import { COMPONENT_CODES, SeveritySetting } from '../server/src/project/project-settings';
import { measureKeystroke, pageSites, rebuildPageSite, wholeCheck } from './measure-page-checks';
import { median, round } from './stats';
import { timeInterleaved } from './timing';

const COMPONENTS_OFF: Record<string, SeveritySetting> = Object.fromEntries(COMPONENT_CODES.map((code) => [code, 'off']));

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..');
  const sites = pageSites(path.join(root, '../shared/corpus'), path.join(root, '../shared/corpus-pages'));
  if ('notMeasured' in sites) throw new Error(sites.notMeasured);
  const { site, pages } = sites[0];
  const folder = rebuildPageSite(path.join(root, '../shared/corpus'), path.join(root, '../shared/corpus-pages'), site);
  const runs = option('--runs', 7);
  let withFindings = 0;
  let withoutFindings = 0;
  const times = await timeInterleaved({ with: () => (withFindings = wholeCheck(folder, {})), without: () => (withoutFindings = wholeCheck(folder, COMPONENTS_OFF)) }, runs);
  const withMs = median(times.with);
  const withoutMs = median(times.without);
  console.log(`whole check of ${site} (${pages} pages, ${runs} runs): with components ${round(withMs, 0)} ms (${withFindings} findings), without ${round(withoutMs, 0)} ms (${withoutFindings}), ×${round(withMs / withoutMs, 3)}`);
  // The process's CPU time of the same, alternated: on a shared machine the wall time measures the neighbours too.
  const cpu: Record<'with' | 'without', number[]> = { with: [], without: [] };
  for (let run = 0; run < runs; run++) {
    for (const [what, severity] of [['with', {}], ['without', COMPONENTS_OFF]] as const) {
      const start = process.cpuUsage();
      wholeCheck(folder, severity);
      const used = process.cpuUsage(start);
      cpu[what].push((used.user + used.system) / 1000);
    }
  }
  console.log(`whole check CPU time: with components ${round(median(cpu.with), 0)} ms, without ${round(median(cpu.without), 0)} ms, ×${round(median(cpu.with) / median(cpu.without), 3)}`);
  const keystrokes = option('--keystrokes', 300);
  const on = measureKeystroke(folder, keystrokes, {});
  const off = measureKeystroke(folder, keystrokes, COMPONENTS_OFF);
  for (const [what, k] of [['with components', on], ['without', off]] as const) {
    console.log(`keystroke in a ${k.lines}-line page, ${what}: p50 ${k.p50Ms} ms, p95 ${k.p95Ms} ms (CPU p95 ${k.cpuP95Ms} ms; ${k.findings})`);
  }
  console.log(`keystroke p95 ×${round(on.p95Ms / off.p95Ms, 3)}`);
}

void main();
