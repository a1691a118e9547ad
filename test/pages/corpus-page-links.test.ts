// Page links of the five corpus sites with page contents (../shared/corpus-pages), against the platform checker's
// own verdicts (`oracle/broken-links.txt`). Every disagreement is listed below with who is right.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { PageLinks } from '../../server/src/project/page-links';
import { CORPUS_PAGES_DIR as PAGES_DIR, corpusPageSites, NO_CORPUS, NO_CORPUS_PAGES, openCorpusPagesSite as openSite } from '../helpers/corpus';

const NO_SITES = NO_CORPUS_PAGES || NO_CORPUS;
const SITES = NO_SITES ? [] : corpusPageSites();
/** The codes of link findings: other page checks (front matter) have their own corpus tests. */
const LINK_CODES = new Set(['broken-link', 'missing-image', 'missing-snippet']);

/** Findings (`page target`) of ours the platform's checker does not report, and why we are right. */
const ONLY_OURS: Record<string, string[]> = {};

/** Findings of the platform's checker we do not report, and why it is wrong. */
const ONLY_ORACLE: Record<string, [string, string][]> = {
  'mendableai__firecrawl-docs': ['sdks/overview.mdx', 'v0/sdks/overview.mdx'].flatMap((page) =>
    ['python', 'node', 'go', 'rust'].map((href): [string, string] => [
      `${page} ${href}`,
      // `<Card href="python">` on /sdks/overview: a browser opens /sdks/python, which exists; the checker reads a
      // link without `./` from the root.
      'a bare relative link resolves from the page, as a browser does',
    ]),
  ),
  'Portkey-AI__docs-core': [
    ...['lambda', 'lemon-fox', 'openai2', 'upstage'].map((name): [string, string] => [
      `virtual_key_old/integrations/llms/${name}.mdx /docs/api-reference/introduction`,
      // /docs/:slug* → /api-reference/introduction → /api-reference/inference-api/introduction, a page: the checker
      // follows one redirect only, the server follows the chain.
      'redirect chains are followed',
    ]),
    ...[
      ['virtual_key_old/integrations/ecosystem.mdx', 'f5-app-stack'],
      ['virtual_key_old/product/enterprise-offering/private-cloud-deployments.mdx', 'f5-app-stack'],
      ['virtual_key_old/product/enterprise-offering/private-cloud-deployments.mdx', 'cloudflare-workers'],
    ].map(([page, name]): [string, string] => [
      `${page} /product/enterprise-offering/private-cloud-deployments/${name}`,
      // Redirected to `/`: the site's root serves its first page; the checker only accepts a root index file.
      'a redirect to the site root lands',
    ]),
  ],
};

function oracleFindings(site: string): Set<string> {
  const found = new Set<string>();
  let page = '';
  for (const line of fs.readFileSync(path.join(PAGES_DIR, site, 'oracle/broken-links.txt'), 'utf8').split('\n')) {
    if (line.includes('⎿')) found.add(`${page} ${line.slice(line.indexOf('⎿') + 1).replace(/\u00a0/g, ' ').trim()}`);
    else if (line.trim() && !/^(found|Warning)/.test(line)) page = line.trim();
  }
  return found;
}

test('corpus pages: the five sites with page texts are there', { skip: NO_SITES }, () => {
  assert.equal(SITES.length, 5, SITES.join(', '));
});

for (const site of SITES) {
  test(`corpus pages: ${site} agrees with the platform's checker but for the reviewed cases`, () => {
    const project = openSite(site);
    const found = new PageLinks(project.workspace).checkAll(project.model());
    const ours = new Set<string>();
    for (const [page, diagnostics] of found) for (const d of diagnostics) if (LINK_CODES.has(d.code)) ours.add(`${page} ${d.file.text.slice(d.offset, d.offset + d.length)}`);
    const oracle = oracleFindings(site);
    // The oracle's output wraps one long page name (`...limts-and-rate-limits.mdx` printed as `imits.mdx`).
    const wrapped = (finding: string) => [...ours].some((o) => o.endsWith(finding) && finding.startsWith('imits.mdx'));
    const onlyOracle = [...oracle].filter((f) => !ours.has(f) && !wrapped(f)).sort();
    const onlyOurs = [...ours].filter((f) => !oracle.has(f) && ![...oracle].some((o) => o.startsWith('imits.mdx') && f.endsWith(o.slice(4)))).sort();
    assert.deepEqual(onlyOurs, (ONLY_OURS[site] ?? []).sort());
    assert.deepEqual(onlyOracle, (ONLY_ORACLE[site] ?? []).map(([f]) => f).sort());
  });
}
