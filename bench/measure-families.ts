// What each rule family costs (issue 52), so that the next family's cost shows when it lands:
// - docs.json: each rule function of the check timed alone, in the check's order, on a one-character edit (the
//   re-check a docs.json keystroke brings once typing pauses), with the previous check's findings handed on as the
//   server does; shares of the whole re-check, the model (parse and build) included.
// - pages: the whole check (docs.json and every page, as `docs-json check` runs it, MDX parsed in process) and a
//   keystroke in a 1,000-line page, each with every page family on and with one family `off` (which skips its work:
//   server/src/project/page-links.ts); a family's cost is the time with it less the time without it.
//   npx tsx bench/measure-families.ts [--runs 5] [--keystrokes 100]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkDocs, DocsWorkspace } from '../server/src/checker';
import { ALL_RULES } from '../server/src/checker/check';
import { checkApiCoverage } from '../server/src/checker/rules/api-coverage/rule';
import { checkColorContrast } from '../server/src/checker/rules/color-contrast/rule';
import { checkSiteMetatags } from '../server/src/checker/rules/seo-metadata/rule';
import { checkDetectedBasePath } from '../server/src/checker/rules/detected-base-path/rule';
import { checkDuplicatePages } from '../server/src/checker/rules/duplicate-pages/rule';
import { checkEndpoints } from '../server/src/checker/rules/endpoints/rule';
import { checkExpandedGroups } from '../server/src/checker/rules/expanded-groups/rule';
import { checkGlobalAnchors } from '../server/src/checker/rules/global-anchors/rule';
import { checkIcons } from '../server/src/checker/rules/icons/rule';
import { checkLanguageCodes } from '../server/src/checker/rules/language-codes/rule';
import { checkLanguageParity } from '../server/src/checker/rules/language-parity/rule';
import { checkMixedChildren } from '../server/src/checker/rules/mixed-children/rule';
import { checkNavigationKeySlips } from '../server/src/checker/rules/navigation-key-slips/rule';
import { checkOpenApiFiles } from '../server/src/checker/rules/openapi-files/rule';
import { checkOpenApiSchemas } from '../server/src/checker/rules/openapi-schema/rule';
import { checkPageFiles } from '../server/src/checker/rules/page-files/rule';
import { checkRedirectChains } from '../server/src/checker/rules/redirect-chain/rule';
import { checkKilledUrls } from '../server/src/checker/rules/killed-url/rule';
import { checkRedirects } from '../server/src/checker/rules/redirects/rule';
import { checkRootPattern } from '../server/src/checker/rules/root-pattern/rule';
import { checkSchemaStructure } from '../server/src/checker/rules/schema-structure/rule';
import { checkSettingsFiles } from '../server/src/checker/rules/settings-files/rule';
import { checkSettingsLinks } from '../server/src/checker/rules/settings-links/rule';
import { checkSettingsValues } from '../server/src/checker/rules/settings-values/rule';
import { Diagnostic } from '../server/src/checker/diagnostics';
import { makeSourceFile } from '../server/src/checker/json/json-tree';
import { buildModel } from '../server/src/checker/model/docs-model';
import { Rule, RuleContext, RuleFindings } from '../server/src/checker/rules/rule-context';
import { nameListsFile } from '../server/src/checker/icons/name-lists';
import { NameLists } from '../server/src/checker/icons/name-lists';
import { mdxVerdict } from '../server/src/checker/pages/mdx-parse';
import { mdxParseSkipped } from '../server/src/checker/pages/mdx-skipped';
import { COMPONENT_CODES, SeveritySetting } from '../server/src/project/project-settings';
import { DEFAULT_SETTINGS } from '../server/src/project/project-settings';
import { createLanguageService } from '../server/src/language';
import { longPage, NotMeasured, pageSites, rebuildPageSite, wholeCheck } from './measure-page-checks';
import { oneCharEdits } from './one-char-edits';
import { SeededRandom } from './seeded-random';
import { median, round } from './stats';
import { arg, startedAs } from './started-as';
import { collectGarbage, cpuMs } from './timing';

/** The docs.json rules by family (by function: the production bundle renames them); a rule in none is "other rules". */
const DOCS_JSON_FAMILIES: Record<string, Rule[]> = {
  'structure (schema, root, mixed children, expanded groups, key slips)': [checkSchemaStructure, checkRootPattern, checkMixedChildren, checkExpandedGroups, checkNavigationKeySlips],
  'pages (page files, duplicates, global anchors)': [checkPageFiles, checkDuplicatePages, checkGlobalAnchors],
  'OpenAPI (spec files, spec validation, endpoints)': [checkOpenApiFiles, checkOpenApiSchemas, checkEndpoints],
  'API reference (unlisted, deprecated, hidden endpoints, spec copies)': [checkApiCoverage],
  'languages (codes, parity)': [checkLanguageCodes, checkLanguageParity],
  'settings (values, files, links, redirects, redirect chains, killed URLs, base path, contrast, metatags)': [checkSettingsValues, checkSettingsFiles, checkSettingsLinks, checkRedirects, checkRedirectChains, checkKilledUrls, checkDetectedBasePath, checkColorContrast, checkSiteMetatags],
  icons: [checkIcons],
};

/** The page families, each by the codes that turn it off. */
const PAGE_FAMILIES: Record<string, string[]> = {
  'MDX syntax': ['mdx-syntax'],
  components: [...COMPONENT_CODES],
  icons: ['unknown-icon'],
  'front matter': ['front-matter-syntax', 'front-matter-value'],
  'openapi: front matter': ['front-matter-openapi'],
  '#anchor links': ['broken-anchor'],
  'image alt text': ['image-alt'],
  'translation links': ['translation-link'],
  'translations by structure and history': ['translation-structure', 'translation-outdated'],
  'snippet imports': ['snippet-import-unresolved', 'snippet-default-import', 'snippet-missing-export'],
  'render references': ['undefined-identifier', 'ignored-children'],
  'search engines and agents': ['metatag-value', 'description-repeats-paragraph', 'agent-page-size'],
};

export interface FamilyRow {
  family: string;
  ms: number;
  /** Of the whole (re-)check. */
  share: number;
}

export interface DocsJsonFamilies {
  repo: string;
  runs: number;
  /** Median of the whole: model and every rule (a little under the check's own time: no sort, no cap). Shares are of the sum of the parts' medians. */
  checkMs: number;
  rows: FamilyRow[];
}

export interface PageFamilyRow {
  family: string;
  wholeMs: number;
  wholeShare: number;
  keystrokeMs: number;
  keystrokeShare: number;
}

export interface PageFamilies {
  site: string;
  pages: number;
  runs: number;
  keystrokes: number;
  /**
   * Every family on, CPU time: the whole check's median with the MDX parse of every page it parses (timed alone:
   * the process keeps verdicts by text), a keystroke's median (MDX deferred, as in the server).
   */
  wholeMs: number;
  keystrokeMs: number;
  rows: PageFamilyRow[];
}

export interface FamiliesFigures {
  docsJson: DocsJsonFamilies[];
  pages: PageFamilies | NotMeasured;
}

function familyOf(rule: Rule): string {
  return Object.entries(DOCS_JSON_FAMILIES).find(([, rules]) => rules.includes(rule))?.[0] ?? 'other rules (not in a family of bench/measure-families.ts)';
}

/** Each docs.json rule family's time in the re-check of `root` after a one-character edit. */
export function measureDocsJsonFamilies(repo: string, root: string, runs: number, seed: number): DocsJsonFamilies {
  const workspace = new DocsWorkspace(root);
  const iconNames = new NameLists(nameListsFile());
  const options = { iconNames };
  let last = checkDocs(workspace, undefined, options);
  const warmup = 3;
  const edits = oneCharEdits(last.model, runs + warmup, new SeededRandom(seed));
  const byFamily = new Map<string, number[]>();
  const totals: number[] = [];
  const model: number[] = [];
  for (let run = 0; run < runs + warmup; run++) {
    collectGarbage();
    let start = performance.now();
    const built = buildModel(makeSourceFile(path.join(root, 'docs.json'), edits[run]), workspace, 'docs.json');
    const modelMs = performance.now() - start;
    const findings: RuleFindings = {};
    const context: RuleContext = { model: built, workspace, options, previous: last.findings, findings, report: (_d: Diagnostic) => undefined };
    const times = new Map<string, number>();
    let total = modelMs;
    for (const rule of ALL_RULES) {
      start = performance.now();
      rule(context);
      const ms = performance.now() - start;
      times.set(familyOf(rule), (times.get(familyOf(rule)) ?? 0) + ms);
      total += ms;
    }
    last = { model: built, diagnostics: [], findings };
    // The first rounds warm up (the rules' code compiled, their caches filled).
    if (run < warmup) continue;
    model.push(modelMs);
    totals.push(total);
    for (const [family, ms] of times) byFamily.set(family, [...(byFamily.get(family) ?? []), ms]);
  }
  const checkMs = median(totals);
  const rows: FamilyRow[] = [{ family: 'model (parse, build)', ms: median(model), share: 0 }, ...[...byFamily].map(([family, ms]) => ({ family, ms: median(ms), share: 0 }))];
  // Shares of the sum of the parts' medians: a slow spell (a collection, the machine's other work) falls on one part
  // in one round and another in the next, which the median of the whole keeps and the parts' medians drop.
  const parts = rows.reduce((sum, row) => sum + row.ms, 0);
  for (const row of rows) {
    row.share = round(row.ms / parts, 3);
    row.ms = round(row.ms, 2);
  }
  return { repo, runs, checkMs: round(checkMs, 2), rows };
}

function rotated<T>(items: T[], by: number): T[] {
  const at = by % items.length;
  return [...items.slice(at), ...items.slice(0, at)];
}

function pageTexts(root: string): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.mdx?$/.test(entry.name)) texts.push(fs.readFileSync(file, 'utf8'));
    }
  };
  walk(root);
  return texts;
}

/** One-character edits across the long page, typed then deleted, as measureKeystroke types them. */
function keystrokeTexts(text: string, count: number): string[] {
  const texts: string[] = [];
  let offset = 0;
  for (let k = 0; k < count; k++) {
    if (k % 2 === 0) {
      const kind = (k >> 1) % 3;
      const from = ((k >> 1) * 997) % text.length;
      const place = kind === 0 ? text.indexOf('prose', from) : kind === 1 ? text.indexOf('(#section-', from) : text.indexOf('mode: wid');
      offset = place < 0 ? text.indexOf('prose') + 2 : place + 5;
      text = `${text.slice(0, offset)}x${text.slice(offset)}`;
    } else {
      text = text.slice(0, offset) + text.slice(offset + 1);
    }
    texts.push(text);
  }
  return texts;
}

/**
 * Each page family's cost in the whole check of the largest corpus-pages site and in a keystroke in a long page:
 * every configuration (every family on; one family off) takes its turn in each round (whole check) and at each
 * keystroke, timed in CPU time, so that a slow spell of the machine falls on all of them alike.
 */
export async function measurePageFamilies(options: { corpusDir: string; corpusPagesDir: string; runs: number; keystrokes: number; log(line: string): void }): Promise<PageFamilies | NotMeasured> {
  const sites = pageSites(options.corpusDir, options.corpusPagesDir);
  if ('notMeasured' in sites) return sites;
  if (!sites.length) return { notMeasured: `no site in ${options.corpusPagesDir}` };
  const { site, pages } = sites[0];
  const root = rebuildPageSite(options.corpusDir, options.corpusPagesDir, site);
  const nameLists = nameListsFile();
  const off = (codes: string[]): Record<string, SeveritySetting> => Object.fromEntries(codes.map((code) => [code, 'off' as const]));
  const configs: [string, Record<string, SeveritySetting>][] = [['every', {}], ...Object.entries(PAGE_FAMILIES).map(([family, codes]): [string, Record<string, SeveritySetting>] => [family, off(codes)])];
  try {
    // The whole check as the CLI's: MDX parsed (here in process and at once, so that its cost is in the time).
    const whole = new Map<string, number[]>(configs.map(([name]) => [name, []]));
    // One warm-up check, every family on: it compiles the rules' code and parses every page (the parses are kept by
    // text for the process, so the timed checks parse nothing); a warm-up round of every configuration added nothing.
    wholeCheck(root, {}, { mdxParse: mdxVerdict, nameLists });
    for (let run = 0; run < options.runs; run++) {
      for (const [name, severity] of rotated(configs, run)) whole.get(name)!.push(cpuMs(() => wholeCheck(root, severity, { mdxParse: mdxVerdict, nameLists })));
    }
    // A keystroke as the language server's: the MDX parse waits for a pause in typing, in a worker (not here).
    const services = configs.map(([name, severity]) => {
      const service = createLanguageService({ nameLists });
      const project = service.projectAt(root);
      service.configure(project, { ...DEFAULT_SETTINGS, severity });
      service.check(project);
      service.checkPages(project);
      return { name, service, project };
    });
    const ids = [...services[0].project.catalog().pageIds].sort();
    const other = ids.find((id) => services[0].project.pageLinks.idsOf(`${id}.mdx`).size > 0) ?? ids[0];
    const otherAnchor = [...services[0].project.pageLinks.idsOf(`${other}.mdx`)][0] ?? 'top';
    const file = path.join(root, 'bench-long-page.mdx');
    const first = longPage(other, otherAnchor);
    fs.writeFileSync(file, first);
    const uri = pathToFileURL(file).href;
    for (const { service } of services) {
      service.fileEvents([{ uri, type: 'created' }]);
      service.openDocument(uri, first);
    }
    const warmup = 20;
    const keystroke = new Map<string, number[]>(configs.map(([name]) => [name, []]));
    for (const [k, text] of keystrokeTexts(first, options.keystrokes + warmup).entries()) {
      // Each keystroke starts with another configuration: none is always the first after a change of text.
      for (const { name, service, project } of rotated(services, k)) {
        const ms = cpuMs(() => {
          service.changeDocument(uri, text);
          service.checkPages(project, [file]);
        });
        if (k >= warmup) keystroke.get(name)!.push(ms);
      }
    }
    // The MDX parse (the worker's: its verdict and free names), timed alone over the pages a check parses: the whole checks above share the process's verdicts
    // by text (mdx-verdicts.ts), so that after the first round they parse nothing.
    // Timed once: it is most of the whole check's CPU (93% in the run of 2026-11-28), and a second parse of every page
    // was the section's largest cost (the section took 523 s at load 13 with it).
    const texts = pageTexts(root).filter((text) => !mdxParseSkipped(text));
    const mdxMs = cpuMs(() => texts.forEach((text) => mdxVerdict(text)));
    const wholeMs = median(whole.get('MDX syntax')!) + mdxMs;
    const keystrokeMs = median(keystroke.get('every')!);
    const everyWhole = median(whole.get('every')!);
    const rows = Object.keys(PAGE_FAMILIES).map((family) => {
      const wholeCost = family === 'MDX syntax' ? mdxMs : everyWhole - median(whole.get(family)!);
      const keystrokeCost = keystrokeMs - median(keystroke.get(family)!);
      return { family, wholeMs: round(wholeCost, 1), wholeShare: round(wholeCost / wholeMs, 3), keystrokeMs: round(keystrokeCost, 3), keystrokeShare: round(keystrokeCost / keystrokeMs, 3) };
    });
    for (const row of rows) options.log(`${row.family}: whole check ${row.wholeMs} ms (${(100 * row.wholeShare).toFixed(1)}%), keystroke ${row.keystrokeMs} ms (${(100 * row.keystrokeShare).toFixed(1)}%)`);
    return { site, pages, runs: options.runs, keystrokes: options.keystrokes, wholeMs: round(wholeMs, 1), keystrokeMs: round(keystrokeMs, 3), rows };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (startedAs('measure-families')) {
  const root = path.resolve(__dirname, '..');
  const runs = Number(arg('--runs') ?? 5);
  void measurePageFamilies({
    corpusDir: path.resolve(root, '../shared/corpus'),
    corpusPagesDir: path.resolve(root, '../shared/corpus-pages'),
    runs,
    keystrokes: Number(arg('--keystrokes') ?? 100),
    log: (line) => console.log(line),
  }).then((figures) => console.log(JSON.stringify(figures)));
}
