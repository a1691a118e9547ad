// What the language checks (issue 37: translation-missing, translation-fallback, the languages' folders read once per
// docs.json model) cost on the multi-language corpus sites: the whole check (docs.json and every page, in process)
// with and without the rule, interleaved in the same run, medians of rounds.
//   npx tsx bench/measure-language-parity.ts [CORPUS_DIR] [--runs 12]
import * as path from 'node:path';
import { ALL_RULES, checkDocs, DocsWorkspace } from '../server/src/checker';
import { checkLanguageParity } from '../server/src/checker/rules/language-parity/rule';
import { createLanguageService } from '../server/src/language';
import { materializeCorpusFixture } from './corpus-fixture';
import { median, round } from './stats';
import { startedAs } from './started-as';

const MULTI_LANGUAGE_SITES = ['box__box-mintlify', 'langgenius__dify-docs'];

export interface LanguageParityCost {
  site: string;
  wholeCheckMs: number;
  withoutRuleMs: number;
  /** The whole check with the rule over the same without it. */
  ratio: number;
  /** The docs.json check alone (what a keystroke in docs.json costs), with and without. */
  docsJsonRatio: number;
}

function timed(run: () => void): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function wholeCheck(root: string): void {
  const service = createLanguageService();
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: false });
  service.check(project);
  service.checkPages(project);
  service.dispose();
}

export function measureLanguageParity(corpusDir: string, runs = 12): LanguageParityCost[] {
  const all = [...ALL_RULES];
  const without = all.filter((rule) => rule !== checkLanguageParity);
  const use = (rules: typeof all) => ALL_RULES.splice(0, ALL_RULES.length, ...rules);
  try {
    return MULTI_LANGUAGE_SITES.map((site) => {
      const root = materializeCorpusFixture(corpusDir, site);
      const workspace = new DocsWorkspace(root);
      const text = workspace.read('docs.json') ?? '';
      const whole = { with: [] as number[], without: [] as number[] };
      const docsJson = { with: [] as number[], without: [] as number[] };
      for (let i = 0; i < runs; i++) {
        for (const [name, rules] of [['with', all], ['without', without]] as const) {
          use(rules);
          whole[name].push(timed(() => wholeCheck(root)));
          docsJson[name].push(timed(() => checkDocs(workspace, text)));
        }
      }
      const ratio = median(whole.with) / median(whole.without);
      return { site, wholeCheckMs: round(median(whole.with)), withoutRuleMs: round(median(whole.without)), ratio: round(ratio, 3), docsJsonRatio: round(median(docsJson.with) / median(docsJson.without), 3) };
    });
  } finally {
    use(all);
  }
}

if (startedAs('measure-language-parity')) {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const corpus = args.find((a, i) => !a.startsWith('--') && i !== runsAt + 1) ?? path.resolve(__dirname, '../../shared/corpus');
  for (const cost of measureLanguageParity(corpus, runsAt >= 0 ? Number(args[runsAt + 1]) : 12)) console.log(JSON.stringify(cost));
}
