// Every page check (front matter, `openapi:` endpoints, #anchors, links; issue 26) against the links alone, in one run:
// the whole-repo check on the largest site of ../shared/corpus-pages with every page rule on, and with the other page
// rules `off` (which skips their work: server/src/project/page-links.ts); a keystroke in a 1,000-line page.
//   npx tsx bench/measure-page-checks.ts [--runs 7] [--keystrokes 300]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SETTINGS, SeveritySetting } from '../server/src/project/project-settings';
import { createLanguageService, LanguageServiceOptions } from '../server/src/language';
import { RULE_MODULES } from '../server/src/checker/rules/registry';
import { median, percentile, round } from './stats';
import { arg, startedAs } from './started-as';
import { layOutCorpusFixture } from './corpus-fixture';
import { timeInterleaved } from './timing';

/** Every page rule's codes but the links' (from the registry, so a new page rule is counted): `off` for the "links alone" check. */
export const OTHER_PAGE_RULES_OFF: Record<string, SeveritySetting> = Object.fromEntries(
  RULE_MODULES.filter((rule) => rule.page && rule.folder !== 'page-links').flatMap((rule) => Object.keys(rule.codes).map((code) => [code, 'off'] as const)),
);

export interface PageChecksFigures {
  site: string;
  pages: number;
  runs: number;
  /** A whole check (docs.json and every page) in a new language service, every page rule on. */
  everyMs: number;
  /** The same, the other page rules `off`: links only. */
  linksAloneMs: number;
  /** `everyMs` ÷ `linksAloneMs`. */
  ratio: number;
  /** Findings of each: the extra ones are front matter and anchors. */
  everyFindings: number;
  linksAloneFindings: number;
  /** A keystroke in a 1,000-line page, then the check of that page: every page check, and the links alone. */
  keystroke: KeystrokeFigures;
  keystrokeLinksAlone: KeystrokeFigures;
}

export interface KeystrokeFigures {
  lines: number;
  keystrokes: number;
  /** Wall time from the change to the page's published diagnostics. */
  p50Ms: number;
  p95Ms: number;
  /** The process's CPU time of the same: what the wall time is without the machine's other work. */
  cpuP95Ms: number;
  /** The page's findings after the last keystroke, by code. */
  findings: string;
}

export type NotMeasured = { notMeasured: string };

/** A corpus-pages site rebuilt as the README of ../shared/corpus-pages says, in a new temp folder of its own. */
export function rebuildPageSite(corpusDir: string, corpusPagesDir: string, site: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `docs-json-bench-pages-${site}-`));
  layOutCorpusFixture(path.join(corpusDir, site), root);
  const pages = path.join(corpusPagesDir, site);
  fs.cpSync(pages, root, { recursive: true, filter: (from) => path.relative(pages, from).split(path.sep)[0] !== 'oracle' });
  return root;
}

/** The sites of ../shared/corpus-pages (folders `owner__name` that ../shared/corpus holds too), most pages first. */
export function pageSites(corpusDir: string, corpusPagesDir: string): { site: string; pages: number }[] | NotMeasured {
  if (!fs.existsSync(corpusPagesDir) || !fs.existsSync(corpusDir)) return { notMeasured: `${path.basename(path.dirname(corpusPagesDir)) === 'shared' ? '../shared' : corpusPagesDir} not found` };
  return fs
    .readdirSync(corpusPagesDir)
    .filter((name) => name.includes('__') && fs.existsSync(path.join(corpusDir, name, 'files.txt')))
    .map((site) => ({ site, pages: countPages(path.join(corpusPagesDir, site)) }))
    .sort((a, b) => b.pages - a.pages || a.site.localeCompare(b.site));
}

function countPages(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) n += e.name === 'oracle' ? 0 : countPages(path.join(dir, e.name));
    else if (/\.mdx?$/.test(e.name)) n++;
  }
  return n;
}

/** The whole check as `docs-json check` runs it (a new service: the folder scanned, every file read), its findings. */
export function wholeCheck(root: string, severity: Record<string, SeveritySetting>, options: LanguageServiceOptions = {}): number {
  const service = createLanguageService(options);
  const project = service.projectAt(root);
  service.configure(project, { ...DEFAULT_SETTINGS, addRedirectsOnRename: false, severity });
  let findings = 0;
  for (const diagnostics of service.check(project).byFile.values()) findings += diagnostics.length;
  for (const diagnostics of service.checkPages(project).byFile.values()) findings += diagnostics.length;
  return findings;
}

/**
 * A 1,000-line page with every page check at work: front matter of documented keys (one value misspelt), headings,
 * links to its own headings and to another page's, one of them broken, and cards.
 */
export function longPage(otherPage: string, otherAnchor: string): string {
  const lines = ['---', 'title: "A long page"', 'description: "Every page check at work"', 'sidebarTitle: Long', 'icon: book', 'iconType: solid', 'mode: wid', 'openapi: "POST /chat/completions"', 'hidden: false', 'keywords: [a, b]', '---', ''];
  for (let i = 0; lines.length < 1000; i++) {
    if (i % 25 === 0) lines.push(`## Section ${i / 25}`, '');
    else if (i % 10 === 0) lines.push(`See [section ${i % 7}](#section-${i % 7}), [the other page](/${otherPage}) and [its part](/${otherPage}#${i === 10 ? 'nowhere' : otherAnchor}).`);
    else if (i % 17 === 0) lines.push(`<Card title="Card ${i}" href="/${otherPage}">A card.</Card>`);
    else lines.push(`Line ${i} of prose, with \`code\` and **bold** words to read.`);
  }
  return lines.join('\n');
}

/** One-character edits across the long page (prose, a link, a front matter value), each followed by the check of that page. */
export function measureKeystroke(root: string, keystrokes: number, severity: Record<string, SeveritySetting>, options: LanguageServiceOptions = {}): KeystrokeFigures {
  const service = createLanguageService(options);
  const project = service.projectAt(root);
  service.configure(project, { ...DEFAULT_SETTINGS, severity });
  service.check(project);
  service.checkPages(project);
  // A page of the site with an anchor to link to.
  const ids = [...project.catalog().pageIds].sort();
  const other = ids.find((id) => project.pageLinks.idsOf(`${id}.mdx`).size > 0) ?? ids[0];
  const otherAnchor = [...project.pageLinks.idsOf(`${other}.mdx`)][0] ?? 'top';
  const file = path.join(root, 'bench-long-page.mdx');
  let text = longPage(other, otherAnchor);
  fs.writeFileSync(file, text);
  const uri = pathToFileURL(file).href;
  service.fileEvents([{ uri, type: 'created' }]);
  service.openDocument(uri, text);
  const times: number[] = [];
  const cpu: number[] = [];
  let findings = '';
  const warmup = 20;
  let offset = 0;
  for (let k = 0; k < keystrokes + warmup; k++) {
    // A character typed, then deleted: in prose, in a link's anchor, in the misspelt front matter value, in turn.
    if (k % 2 === 0) {
      const kind = (k >> 1) % 3;
      const from = ((k >> 1) * 997) % text.length;
      const place = kind === 0 ? text.indexOf('prose', from) : kind === 1 ? text.indexOf('(#section-', from) : text.indexOf('mode: wid');
      offset = place < 0 ? text.indexOf('prose') + 2 : place + 5;
      text = `${text.slice(0, offset)}x${text.slice(offset)}`;
    } else {
      text = text.slice(0, offset) + text.slice(offset + 1);
    }
    const startCpu = process.cpuUsage();
    const start = performance.now();
    service.changeDocument(uri, text);
    const found = service.checkPages(project, [file]).byFile.get(file) ?? [];
    if (k >= warmup) {
      times.push(performance.now() - start);
      cpu.push(process.cpuUsage(startCpu).user / 1000);
    }
    if (k === keystrokes + warmup - 1) findings = countCodes(found.map((d) => String(d.code)));
  }
  fs.rmSync(file);
  return { lines: text.split('\n').length, keystrokes, p50Ms: round(percentile(times, 50), 2), p95Ms: round(percentile(times, 95), 2), cpuP95Ms: round(percentile(cpu, 95), 2), findings };
}

function countCodes(codes: string[]): string {
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].sort().map(([code, n]) => `${n} ${code}`).join(', ') || 'none';
}

export async function measurePageChecks(options: { corpusDir: string; corpusPagesDir: string; runs: number; keystrokes: number; log(line: string): void }): Promise<PageChecksFigures | NotMeasured> {
  const sites = pageSites(options.corpusDir, options.corpusPagesDir);
  if ('notMeasured' in sites) return sites;
  if (!sites.length) return { notMeasured: `no site in ${options.corpusPagesDir}` };
  const { site, pages } = sites[0];
  const root = rebuildPageSite(options.corpusDir, options.corpusPagesDir, site);
  try {
    let everyFindings = 0;
    let linksAloneFindings = 0;
    const times = await timeInterleaved(
      {
        every: () => (everyFindings = wholeCheck(root, {})),
        linksAlone: () => (linksAloneFindings = wholeCheck(root, OTHER_PAGE_RULES_OFF)),
      },
      options.runs,
    );
    const everyMs = median(times.every);
    const linksAloneMs = median(times.linksAlone);
    options.log(`whole check of ${site} (${pages} pages): every page check ${round(everyMs, 0)} ms, links alone ${round(linksAloneMs, 0)} ms, ×${round(everyMs / linksAloneMs, 2)}`);
    const keystroke = measureKeystroke(root, options.keystrokes, {});
    const keystrokeLinksAlone = measureKeystroke(root, options.keystrokes, OTHER_PAGE_RULES_OFF);
    for (const [what, k] of [['every page check', keystroke], ['links alone', keystrokeLinksAlone]] as const) {
      options.log(`keystroke in a ${k.lines}-line page, ${what}: p50 ${k.p50Ms} ms, p95 ${k.p95Ms} ms (CPU p95 ${k.cpuP95Ms} ms; ${k.findings})`);
    }
    return {
      site,
      pages,
      runs: options.runs,
      everyMs: round(everyMs, 1),
      linksAloneMs: round(linksAloneMs, 1),
      ratio: round(everyMs / linksAloneMs, 3),
      everyFindings,
      linksAloneFindings,
      keystroke,
      keystrokeLinksAlone,
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (startedAs('measure-page-checks')) {
  const root = path.resolve(__dirname, '..');
  void measurePageChecks({
    corpusDir: path.resolve(root, '../shared/corpus'),
    corpusPagesDir: path.resolve(root, '../shared/corpus-pages'),
    runs: Number(arg('--runs') ?? 7),
    keystrokes: Number(arg('--keystrokes') ?? 300),
    log: (line) => console.log(line),
  }).then((figures) => console.log(JSON.stringify(figures)));
}
