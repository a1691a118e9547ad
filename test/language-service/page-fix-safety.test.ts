// Every quick fix on a page finding is safe (issue 23): on examples/broken, the corpus page sites and seeded faults of
// their pages, each fix offered for a finding of a page (broken-link, missing-image, missing-snippet, broken-anchor,
// front matter, the orphan hint), applied alone to a temporary copy, removes it, adds no finding of any severity
// in any page or in docs.json, and changes the page only inside the finding.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { Diagnostic } from 'vscode-languageserver-types';
import { SeededRandom } from '../../bench/seeded-random';
import { isPageFile } from '../../server/src/checker';
import { corpusPageSites, materializePagesSite, NO_CORPUS_PAGES } from '../helpers/corpus';
import { FixSafetyReport, FixSafetySite } from '../helpers/fix-safety';
import { tempDir } from '../helpers/temp-dir';

const SEED = 23;
/**
 * Findings tried per corpus site, drawn with the seed: a fix on the 1,069-page Portkey site costs about 300 ms (a
 * page edit checks docs.json and every page again, and again when it is undone), and it has 322 page findings.
 */
const FINDINGS_PER_SITE = 14;
/** Seeded faults tried, and the new findings tried in each. */
const FAULTS = 40;
const FINDINGS_PER_FAULT = 2;

const EXAMPLES_BROKEN = path.resolve(__dirname, '../../examples/broken');
const FIXTURE_SITES = path.resolve(__dirname, '../corpus/sites');

function summary(report: FixSafetyReport): string {
  return report.failures.map((f) => `${f.site}: ${f.finding}\n  fix "${f.fix}": ${f.problem}`).join('\n');
}

/** The findings of pages (and their orphan hints), not those of docs.json: fix-safety.test.ts tries those. */
const onPage = (file: string) => isPageFile(file) && !file.endsWith('.json');

function shuffled(random: SeededRandom): (indexes: number[]) => number[] {
  return (indexes) => {
    const out = [...indexes];
    for (let i = out.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
}

const sites = new Map<string, FixSafetySite>();
function site(name: string): FixSafetySite {
  let found = sites.get(name);
  if (!found) sites.set(name, (found = new FixSafetySite(name, materializePagesSite(name), undefined, true)));
  return found;
}

test('every quick fix on a page finding of examples/broken removes its finding and adds none', () => {
  const root = tempDir('page-fix-safety-broken-');
  fs.cpSync(EXAMPLES_BROKEN, root, { recursive: true });
  const report: FixSafetyReport = { findings: 0, fixes: 0, failures: [] };
  new FixSafetySite('examples/broken', root, undefined, true).run(report, Infinity, onPage);
  // A broken link (link to the nearest page, create the page), an unknown operation, four pages out of the navigation.
  assert.ok(report.fixes >= 8, `only ${report.fixes} fixes tried`);
  assert.equal(summary(report), '');
});

test('every quick fix on the made-up sites (an ignored folder, a sub-path site, the link forms) removes its finding and adds none', () => {
  const report: FixSafetyReport = { findings: 0, fixes: 0, failures: [] };
  for (const name of fs.readdirSync(FIXTURE_SITES)) {
    const root = tempDir(`page-fix-safety-${name}-`);
    fs.cpSync(path.join(FIXTURE_SITES, name), root, { recursive: true });
    new FixSafetySite(`made-up ${name}`, root, undefined, true).run(report);
  }
  assert.ok(report.fixes >= 4, `only ${report.fixes} fixes tried`);
  assert.equal(summary(report), '');
});

test(`every quick fix on ${FINDINGS_PER_SITE} page findings of each corpus page site (seed ${SEED}) removes its finding and adds none`, { skip: NO_CORPUS_PAGES }, (t) => {
  const random = new SeededRandom(SEED);
  const report: FixSafetyReport = { findings: 0, fixes: 0, failures: [] };
  for (const name of corpusPageSites()) site(name).run(report, FINDINGS_PER_SITE, onPage, shuffled(random));
  t.diagnostic(`${report.findings} findings, ${report.fixes} fixes`);
  assert.ok(report.fixes >= 20, `only ${report.fixes} fixes tried`);
  assert.equal(summary(report), '');
});

/** A one-letter typo in `written` (a letter dropped, doubled, swapped with the next or replaced), within [from, end). */
function typo(written: string, random: SeededRandom, from = 0): string {
  const at = random.int(from, Math.max(from, written.length - 1));
  switch (random.int(0, 3)) {
    case 0:
      return written.length - from > 1 ? written.slice(0, at) + written.slice(at + 1) : `${written}x`;
    case 1:
      return written.slice(0, at + 1) + written.slice(at);
    case 2:
      return at + 1 < written.length && written[at] !== written[at + 1] ? written.slice(0, at) + written[at + 1] + written[at] + written.slice(at + 2) : `${written}s`;
    default:
      return written.slice(0, at) + (written[at] === 'e' ? 'a' : 'e') + written.slice(at + 1);
  }
}

/** The spots of a page text a fault may change: [kind, start, end] of what is written there. */
function spots(text: string): [string, number, number][] {
  const found: [string, number, number][] = [];
  const each = (kind: string, pattern: RegExp) => {
    for (const m of text.matchAll(pattern)) {
      const start = m.index! + m[0].indexOf(m[1]);
      found.push([kind, start, start + m[1].length]);
    }
  };
  each('link', /\]\((\.{0,2}\/?[A-Za-z0-9_][^)\s#?:]*)[)#?]/g);
  each('anchor', /\]\([^)\s#]*#([^)\s]+)\)/g);
  each('link', /^\[[^\]\n]+\]: *(\/[^\s#?]+)/gm);
  each('link', /\shref="(\/[^"#?:]+)"/g);
  each('image', /!\[[^\]\n]*\]\(([^)\s:]+)\)/g);
  each('image', /<img[^>\n]*\ssrc="([^":]+)"/g);
  each('snippet', /^import \w+ from ["'](\/?snippets\/[^"']+)["']/gm);
  each('openapi', /^openapi: *["']?([^"'\n]+)/gm);
  // A documented key's value (a front-matter-value finding, when a fix for it exists).
  each('front-matter', /^mode: *["']?([a-z-]+)/gm);
  return found;
}

test(`every quick fix on ${FAULTS} seeded faults of the corpus pages (seed ${SEED}) removes its finding and adds none`, { skip: NO_CORPUS_PAGES }, (t) => {
  const random = new SeededRandom(SEED);
  const names = corpusPageSites();
  const report: FixSafetyReport = { findings: 0, fixes: 0, failures: [] };
  const kinds = new Map<string, number>();
  for (let i = 0; i < FAULTS; i++) {
    const name = random.pick(names);
    const fixing = site(name);
    const pages = [...fixing.project.files.all()].filter((file) => isPageFile(file) && !file.endsWith('.json'));
    const baseline = new Set(fixing.findings().map(([file, d]) => fixing.keyOf(file, d)));
    const isNew = (file: string, d: Diagnostic) => onPage(file) && !baseline.has(fixing.keyOf(file, d));
    const failures = report.failures.length;
    let fault: string;
    if (random.chance(0.2)) {
      // A page moved to another folder: the links to it break (their fixes: link to its new place, or create it again).
      const page = random.pick(pages);
      const moved = `moved-${i}/${path.basename(page)}`;
      const [from, to] = [path.join(fixing.root, page), path.join(fixing.root, moved)];
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.renameSync(from, to);
      fixing.service.fileEvents([{ uri: fixing.uriOf(from), type: 'deleted' }, { uri: fixing.uriOf(to), type: 'created' }]);
      fault = `moved ${page} to ${moved}`;
      kinds.set('moved', (kinds.get('moved') ?? 0) + 1);
      try {
        fixing.run(report, FINDINGS_PER_FAULT, isNew, shuffled(random));
      } finally {
        fs.renameSync(to, from);
        fs.rmSync(path.dirname(to), { recursive: true });
        fixing.service.fileEvents([{ uri: fixing.uriOf(to), type: 'deleted' }, { uri: fixing.uriOf(from), type: 'created' }]);
      }
    } else {
      // A typo in a link's path, a link's anchor, an image's or a snippet's path, the `openapi:` operation or `mode:`.
      let page: string;
      let text: string;
      let where: [string, number, number][];
      do {
        page = path.join(fixing.root, random.pick(pages));
        text = fixing.textOf(page) ?? '';
        where = spots(text);
      } while (!where.length);
      const [kind, start, end] = random.pick(where);
      // An operation's method is left alone (a typo there is a front-matter-value finding's business).
      const from = kind === 'openapi' ? text.slice(start, end).indexOf('/') : 0;
      const written = typo(text.slice(start, end), random, Math.max(0, from));
      fault = `${kind} typo in ${path.relative(fixing.root, page)}: '${text.slice(start, end)}' → '${written}'`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      fixing.setPage(page, text.slice(0, start) + written + text.slice(end));
      try {
        fixing.run(report, FINDINGS_PER_FAULT, isNew, shuffled(random));
      } finally {
        fixing.setPage(page, undefined);
      }
    }
    for (const failure of report.failures.slice(failures)) failure.site = `${name} fault ${i} (${fault})`;
  }
  t.diagnostic(`${report.findings} findings, ${report.fixes} fixes; faults: ${JSON.stringify(Object.fromEntries(kinds))}`);
  assert.ok(report.fixes >= FAULTS, `only ${report.fixes} fixes tried`);
  assert.equal(summary(report), '');
});
