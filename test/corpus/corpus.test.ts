// The checker over every real docs.json of ../shared/corpus, laid out with empty page files.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace, findEndpoint, specsForEndpoint } from '../../server/src/checker';
import { CORPUS_DIR, corpusFixtures, materializeFixture, NO_CORPUS } from '../helpers/corpus';
import { findingsOf } from '../helpers/docs-repo';

/**
 * Every diagnostic the checker gives on these live sites, by fixture and code, each reviewed:
 * - mixed-children (stagehand): the corpus README's true mistake, SPEC rule 11.
 * - missing-page (polar): the corpus README's true mistake.
 * - expanded-top-level (dify, 36): `expanded: false` on groups directly in tabs (30) and in menu items (6);
 *   SPEC rule 3 says it has no effect there. A hint, not an error.
 * - duplicate-page: the same page in two groups of one tab (Portkey 5, box 1, firecrawl 2, trigger.dev 1,
 *   meilisearch 1 endpoint), and in stagehand's v3 dropdowns the same page both in `pages` and in a group (5, part
 *   of the mixed-children mistake). Each is a real double listing; a warning.
 * - remote-openapi: one info per remote spec URL (Portkey, stagehand).
 * - ignored-key: keys the platform drops silently (docs-json-settings note §2, §7): nango's `css` and `js`, box's
 *   `footer.notice`.
 * - legacy-key: box's top-level `analytics`, a mint.json key (now `integrations`).
 * - translation-missing: 13 English pages of box that its Japanese navigation does not list (11 true, 2 debatable: a
 *   restructured group; see verdicts/box__box-mintlify.txt); dify's three languages are in step (none).
 * - platform-language-code (dify `zh`, `ja`): outside SPEC's list, but the platform accepts them (note §11).
 * - redirect-source: sources with `#` or `?query`, which the platform's docs call unsupported (Portkey 5, box 4,
 *   dify 6).
 * - broken-link (redirect destinations, checked as the platform's own checker does): Portkey 3 (the files end in
 *   `-data`, one also spelled `feeback`), meilisearch 2 (`/resources/overview` has no page; the operation behind
 *   `get-task-documents-file` is summarised "Get task's document payload", which names its generated page), polar 1
 *   (`/integrate/webhooks/intro`: the folder holds delivery, endpoints, events, locally), trigger.dev 1
 *   (`/realtime/react-hooks/realtime`: no such page).
 * - missing-file: trigger.dev's `logo.light` `/logo/light.png` is not in the repo (note §4: a true missing file).
 * - redirect-chain (issue 46): Portkey 9, meilisearch 5, polar 1, each a redirect whose destination is redirected again
 * - shadowed-redirect (issue 50): Nango 2, Portkey 3, box 4, firecrawl 1, trigger.dev 1, a redirect source a page file
 *   also serves (verdicts: old files left behind after a move, box's section index pages forwarded to a child)
 * - deprecated-endpoint, unlisted-endpoints (issue 51): dify lists its one deprecated operation 6 times; polar's two
 *   versions each leave 59 operations unlisted
 *   by the site's own redirects (reviewed true in verdicts/*.txt).
 * - color-contrast (issue 26): each is a failure `mint a11y` reports with the same ratio (verdicts/*.txt): primary
 *   on white under 4.5:1 (nango, Portkey, stagehand, meilisearch, trigger.dev), colors.dark under 3:1 on white
 *   (stagehand, meilisearch, trigger.dev) or on the dark background (box, dify, firecrawl, modelcontextprotocol,
 *   pipecat, polar: debatable, as the validator calls colors.dark a light-mode color).
 */
const EXPECTED: Record<string, Record<string, number>> = {
  NangoHQ__nango: { 'ignored-key': 2, 'color-contrast': 1, 'shadowed-redirect': 2 },
  'Portkey-AI__docs-core': { 'duplicate-page': 5, 'remote-openapi': 1, 'redirect-source': 5, 'broken-link': 3, 'color-contrast': 1, 'redirect-chain': 9, 'shadowed-redirect': 3 },
  'box__box-mintlify': { 'duplicate-page': 1, 'redirect-source': 4, 'ignored-key': 1, 'legacy-key': 1, 'color-contrast': 1, 'translation-missing': 13, 'shadowed-redirect': 4 },
  browserbase__stagehand: { 'mixed-children': 5, 'duplicate-page': 5, 'remote-openapi': 1, 'color-contrast': 2 },
  jlowin__fastmcp: {},
  'langgenius__dify-docs': { 'expanded-top-level': 36, 'platform-language-code': 2, 'redirect-source': 6, 'color-contrast': 1, 'deprecated-endpoint': 6 },
  meilisearch__documentation: { 'duplicate-page': 1, 'broken-link': 2, 'color-contrast': 2, 'redirect-chain': 5 },
  'mendableai__firecrawl-docs': { 'duplicate-page': 2, 'color-contrast': 1, 'shadowed-redirect': 1 },
  modelcontextprotocol__modelcontextprotocol: { 'color-contrast': 1 },
  'pipecat-ai__docs': { 'color-contrast': 1 },
  polarsource__polar: { 'missing-page': 1, 'broken-link': 1, 'color-contrast': 1, 'redirect-chain': 1, 'unlisted-endpoints': 2 },
  'triggerdotdev__trigger.dev': { 'duplicate-page': 1, 'missing-file': 1, 'broken-link': 1, 'color-contrast': 2, 'shadowed-redirect': 1 },
};

/** The corpus README's table: page entries, endpoints and groups of each fixture. */
function readmeCounts(): Map<string, { pages: number; endpoints: number; groups: number }> {
  const readme = fs.readFileSync(path.join(CORPUS_DIR, 'README.md'), 'utf8');
  const counts = new Map<string, { pages: number; endpoints: number; groups: number }>();
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const name = /^`(.+)`$/.exec(cells[1] ?? '')?.[1];
    if (name && /^\d+$/.test(cells[5])) counts.set(name, { pages: +cells[5], endpoints: +cells[6], groups: +cells[7] });
  }
  return counts;
}

const counts = NO_CORPUS ? new Map() : readmeCounts();
const fixtures = corpusFixtures();

test('the corpus is all there', { skip: NO_CORPUS }, () => {
  assert.equal(fixtures.length, 12);
  assert.deepEqual(Object.keys(EXPECTED).sort(), [...fixtures].sort());
});

for (const name of fixtures) {
  test(`corpus ${name}: the model matches the site and every diagnostic is a reviewed one`, () => {
    const root = materializeFixture(name);
    const workspace = new DocsWorkspace(root);
    const { model, diagnostics } = checkDocs(workspace);

    const count = (kind: string) => model.elements.filter((e) => e.kind === kind).length;
    const expectedCounts = counts.get(name);
    assert.ok(expectedCounts, `README row for ${name}`);
    assert.equal(count('page'), expectedCounts.pages, 'page entries');
    assert.equal(count('endpoint'), expectedCounts.endpoints, 'endpoint entries');
    assert.equal(count('group'), expectedCounts.groups, 'groups');

    const byCode: Record<string, number> = {};
    for (const d of diagnostics) byCode[d.code] = (byCode[d.code] ?? 0) + 1;
    assert.deepEqual(byCode, EXPECTED[name], JSON.stringify(findingsOf(root, diagnostics).slice(0, 5), null, 1));
  });
}

test('corpus: the true mistakes are found where the README says', { skip: NO_CORPUS }, () => {
  const stagehand = materializeFixture('browserbase__stagehand');
  const mixed = findingsOf(stagehand, checkDocs(new DocsWorkspace(stagehand)).diagnostics).filter((f) => f.code === 'mixed-children');
  assert.deepEqual(mixed.map((f) => f.text), Array(5).fill('"groups"'));
  assert.ok(mixed.every((f) => /The dropdown '\w+' holds both `pages` and `groups`/.test(f.message)));

  const polar = materializeFixture('polarsource__polar');
  const missing = findingsOf(polar, checkDocs(new DocsWorkspace(polar)).diagnostics).filter((f) => f.code === 'missing-page');
  assert.deepEqual(missing.map((f) => f.text), ['"merchant-of-record/acceptable-use"']);

  const trigger = materializeFixture('triggerdotdev__trigger.dev');
  const files = findingsOf(trigger, checkDocs(new DocsWorkspace(trigger)).diagnostics).filter((f) => f.code === 'missing-file' || f.code === 'broken-link');
  assert.deepEqual(files.map((f) => [f.code, f.text]), [['missing-file', '"/logo/light.png"'], ['broken-link', '"/realtime/react-hooks/realtime"']]);
});

test('corpus: every endpoint of dify, polar and meilisearch resolves to an operation of its spec', { skip: NO_CORPUS }, () => {
  for (const [name, expected] of [['langgenius__dify-docs', 492], ['polarsource__polar', 336], ['meilisearch__documentation', 143]] as const) {
    const root = materializeFixture(name);
    const workspace = new DocsWorkspace(root);
    const { model } = checkDocs(workspace);
    let resolved = 0;
    for (const element of model.elements) {
      if (element.kind !== 'endpoint' || !element.endpoint) continue;
      const specs = specsForEndpoint(element, element.endpoint, workspace);
      assert.equal(specs.status, 'ok', `${name}: ${element.label}`);
      if (specs.status === 'ok' && findEndpoint(specs.specs, element.endpoint.key)) resolved++;
    }
    assert.equal(resolved, expected, name);
  }
});

test('corpus: a folder-index page resolves (Portkey product/mcp-gateway/authentication)', { skip: NO_CORPUS }, () => {
  const root = materializeFixture('Portkey-AI__docs-core');
  const workspace = new DocsWorkspace(root);
  const { model, diagnostics } = checkDocs(workspace);
  assert.ok(model.elements.some((e) => e.label === 'product/mcp-gateway/authentication'));
  assert.equal(workspace.files.pageFile('product/mcp-gateway/authentication'), 'product/mcp-gateway/authentication/index.mdx');
  assert.equal(diagnostics.filter((d) => d.code === 'missing-page').length, 0);
});

test('corpus: keys live sites write draw no diagnostic on their own range', { skip: NO_CORPUS }, () => {
  const liveKeys = ['root', 'collapsed', 'description', 'default', 'directory', 'source', 'examples', 'internal-meili-fetch-automation', 'hidden', 'expanded'];
  for (const name of fixtures) {
    const root = materializeFixture(name);
    const { diagnostics } = checkDocs(new DocsWorkspace(root));
    for (const d of diagnostics) {
      const text = d.file.text.slice(d.offset, d.offset + d.length);
      const key = /^"([^"]+)"/.exec(text)?.[1];
      if (d.code === 'expanded-top-level') continue; // SPEC rule 3, reviewed above
      assert.ok(!key || !liveKeys.includes(key), `${name}: ${d.code} on ${text}`);
      assert.ok(!['unknown-key', 'invalid-type', 'missing-key', 'root-pattern'].includes(d.code), `${name}: ${d.code} ${d.message}`);
    }
  }
});
