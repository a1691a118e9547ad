// What the settings rules (issue 13: values, files, links, redirects) cost on the largest corpus sites: their time
// against the whole check of the same site, measured in the same run (median of rounds, warm).
//   npx tsx bench/measure-settings.ts [CORPUS_DIR] [--runs 20]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkDocs, Diagnostic, DocsWorkspace, valueOf } from '../server/src/checker';
import { checkRedirects } from '../server/src/checker/rules/redirects/rule';
import { Rule, RuleContext } from '../server/src/checker/rules/rule-context';
import { checkSettingsFiles } from '../server/src/checker/rules/settings-files/rule';
import { checkSettingsLinks } from '../server/src/checker/rules/settings-links/rule';
import { checkSettingsValues } from '../server/src/checker/rules/settings-values/rule';
import { materializeCorpusFixture } from './corpus-fixture';
import { median, round } from './stats';
import { startedAs } from './started-as';

const SETTINGS_RULES: Rule[] = [checkSettingsValues, checkSettingsFiles, checkSettingsLinks, checkRedirects];

export interface SettingsCost {
  site: string;
  redirects: number;
  checkMs: number;
  settingsRulesMs: number;
  /** Settings rules' time over the rest of the check (the check as it was before them). */
  ratio: number;
}

/** The sites with the largest docs.json (with their `$ref` parts), largest first. */
function largestSites(corpusDir: string, count: number): string[] {
  const size = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? size(path.join(dir, e.name)) : e.name.endsWith('.json') ? fs.statSync(path.join(dir, e.name)).size : 0), 0);
  const sites = fs.readdirSync(corpusDir).filter((name) => fs.existsSync(path.join(corpusDir, name, 'docs.json')));
  return sites.map((name) => ({ name, bytes: size(path.join(corpusDir, name)) })).sort((a, b) => b.bytes - a.bytes).slice(0, count).map((s) => s.name);
}

export function measureSettingsCost(corpusDir: string, runs = 20, sites = 3): SettingsCost[] {
  return largestSites(corpusDir, sites).map((site) => {
    const root = materializeCorpusFixture(corpusDir, site);
    const workspace = new DocsWorkspace(root);
    const first = checkDocs(workspace);
    const full: number[] = [];
    const settings: number[] = [];
    for (let i = 0; i < runs; i++) {
      let start = performance.now();
      const result = checkDocs(workspace);
      full.push(performance.now() - start);
      // As a check after the first: the findings the folder's last check keeps (its folders) are handed on.
      const context: RuleContext = { model: result.model, workspace, options: {}, previous: result.findings, findings: {}, report: (_d: Diagnostic) => undefined };
      start = performance.now();
      for (const rule of SETTINGS_RULES) rule(context);
      settings.push(performance.now() - start);
    }
    const checkMs = median(full);
    const settingsRulesMs = median(settings);
    const list = valueOf(first.model.root, 'redirects');
    const redirects = list?.type === 'array' ? list.items.length : 0;
    return { site, redirects, checkMs: round(checkMs), settingsRulesMs: round(settingsRulesMs), ratio: round(settingsRulesMs / Math.max(checkMs - settingsRulesMs, 1e-6), 3) };
  });
}

if (startedAs('measure-settings')) {
  const args = process.argv.slice(2);
  const corpusDir = args.find((a) => !a.startsWith('--')) ?? path.resolve(__dirname, '../../shared/corpus');
  const runs = Number(args[args.indexOf('--runs') + 1]) || 20;
  for (const row of measureSettingsCost(corpusDir, runs)) {
    console.log(`${row.site}: check ${row.checkMs} ms, settings rules ${row.settingsRulesMs} ms (${row.redirects} redirects in docs.json): ×${row.ratio} of the rest of the check`);
  }
}
