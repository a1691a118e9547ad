// What the MDX syntax check (issue 26: the platform's parser, micromark) costs: its time against the page-link
// check of the same pages in the same run (the page checks as they were before it), on the largest corpus-pages site
// and on a generated site of corpus pages; and what a keystroke in a 1,000-line page costs in the language server,
// where the parse is deferred (`MdxVerdicts`).
//   npx tsx bench/measure-mdx.ts [--pages 3500]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isPageFile } from '../server/src/checker';
import { mdxVerdict } from '../server/src/checker/pages/mdx-parse';
import { PageLinks } from '../server/src/project/page-links';
import { createLanguageService } from '../server/src/language';
import { corpusPageSites, syntheticSite } from './measure-page-links';
import { percentile, round } from './stats';
import { startedAs } from './started-as';

export interface MdxSiteCost {
  site: string;
  pages: number;
  mb: number;
  /** The page checks with the MDX parse (every page parsed once). */
  withMdxMs: number;
  /** The same page checks again, every verdict kept (the page checks as they were, and the text hash). */
  linksMs: number;
  /** The parse alone over every page. */
  parseMs: number;
  /** The MDX parse's time over the page-link check's. */
  ratio: number;
  largestPageMs: number;
}

export interface MdxFigures {
  sites: MdxSiteCost[];
  /** The check of a 1,000-line page after a one-character edit, deferred (language server) and in line (CLI). */
  keystroke: { lines: number; deferredP95Ms: number; inLineP95Ms: number };
}

function measureSite(site: string, root: string): MdxSiteCost {
  const project = createLanguageService().projectAt(root);
  const model = project.model();
  const pages = [...project.files.all()].filter(isPageFile);
  const texts = pages.map((page) => project.workspace.read(page) ?? '');
  const links = new PageLinks(project.workspace);
  // In process, as the test helpers: the parse's own cost (the server and `--check-mdx` run it in worker threads).
  links.mdx.parseNow = mdxVerdict;
  let start = performance.now();
  links.checkAll(model);
  const withMdxMs = performance.now() - start;
  for (const page of pages) links.pageChanged(page);
  start = performance.now();
  links.checkAll(model);
  const linksMs = performance.now() - start;
  let parseMs = 0;
  let largestPageMs = 0;
  for (const text of texts) {
    start = performance.now();
    mdxVerdict(text);
    const ms = performance.now() - start;
    parseMs += ms;
    largestPageMs = Math.max(largestPageMs, ms);
  }
  const mb = texts.reduce((n, t) => n + t.length, 0) / 1e6;
  return { site, pages: pages.length, mb: round(mb, 2), withMdxMs: round(withMdxMs), linksMs: round(linksMs), parseMs: round(parseMs), ratio: round(parseMs / Math.max(linksMs, 1e-6), 2), largestPageMs: round(largestPageMs) };
}

/** One-character edits in a 1,000-line page, each followed by the check of that page, deferred and in line. */
function measureKeystroke(root: string, edits = 40): MdxFigures['keystroke'] {
  const lines = Array.from({ length: 1000 }, (_, i) => (i % 20 === 0 ? `## Section ${i}` : i % 7 === 0 ? `<Card title="c${i}">text {${i}}</Card>` : `Line ${i} of prose with a [link](https://example.com/${i}).`));
  const page = 'keystroke-page.mdx';
  fs.writeFileSync(path.join(root, page), lines.join('\n'));
  const timings = (defer: boolean): number[] => {
    const service = createLanguageService(defer ? { onSpecLoaded: () => undefined, mdxParse: mdxVerdict } : { mdxParse: mdxVerdict });
    const project = service.projectAt(root);
    const model = project.model();
    project.pageLinks.check(page, model);
    project.pageLinks.mdx.flush();
    const uri = `file://${path.join(root, page)}`;
    const ms: number[] = [];
    for (let i = 0; i < edits; i++) {
      lines[500] = `Line 500 typed ${i}`;
      service.openDocument(uri, lines.join('\n'));
      const start = performance.now();
      project.pageLinks.pageChanged(page);
      project.pageLinks.check(page, model);
      ms.push(performance.now() - start);
    }
    project.pageLinks.mdx.flush();
    return ms;
  };
  return { lines: 1000, deferredP95Ms: round(percentile(timings(true), 95), 2), inLineP95Ms: round(percentile(timings(false), 95), 2) };
}

export function measureMdx(options: { corpusDir: string; corpusPagesDir: string; pages: number; log(line: string): void }): MdxFigures {
  const all = corpusPageSites(options.corpusDir, options.corpusPagesDir);
  const largest = all.sort((a, b) => size(b.root) - size(a.root))[0];
  const sites: MdxSiteCost[] = [];
  if (largest) {
    sites.push(measureSite(largest.site, largest.root));
    options.log(JSON.stringify(sites[sites.length - 1]));
  }
  const synthetic = syntheticSite(options.pages, options.corpusPagesDir);
  sites.push(measureSite(`synthetic-${options.pages}`, synthetic));
  options.log(JSON.stringify(sites[sites.length - 1]));
  const keystroke = measureKeystroke(synthetic);
  options.log(JSON.stringify({ keystroke }));
  return { sites, keystroke };
}

function size(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? size(path.join(dir, e.name)) : /\.mdx?$/.test(e.name) ? fs.statSync(path.join(dir, e.name)).size : 0), 0);
}

if (startedAs('measure-mdx')) {
  const i = process.argv.indexOf('--pages');
  const root = path.resolve(__dirname, '..');
  const figures = measureMdx({
    corpusDir: path.resolve(root, '../shared/corpus'),
    corpusPagesDir: path.resolve(root, '../shared/corpus-pages'),
    pages: i < 0 ? 3500 : Number(process.argv[i + 1]),
    log: (line) => console.log(line),
  });
  for (const s of figures.sites) console.log(`${s.site}: ${s.pages} pages, ${s.mb} MB: MDX parse ${s.parseMs} ms, page-link check ${s.linksMs} ms: ×${s.ratio} of the page-link check (largest page ${s.largestPageMs} ms)`);
  console.log(`keystroke in a 1,000-line page: p95 ${figures.keystroke.deferredP95Ms} ms deferred (server), ${figures.keystroke.inLineP95Ms} ms parsed in line`);
}
