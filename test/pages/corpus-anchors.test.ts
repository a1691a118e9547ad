// `#anchor` links of the corpus sites against `mint broken-links --check-anchors` (`@mintlify/cli` 4.0.1552, run on
// the rebuilt sites; its anchor findings are in fixtures/check-anchors/). fastmcp is not compared: the platform's
// checker stops at a page it cannot parse there (README, Page checks).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { PageLinks } from '../../server/src/project/page-links';
import { corpusPageSites, NO_CORPUS_PAGES, openCorpusPagesSite } from '../helpers/corpus';

const FIXTURES = path.join(__dirname, 'fixtures/check-anchors');
/**
 * Anchors the platform's checker flags that the live site has (issue 35; ../corpus/platform-differences.md): the
 * page renders a snippet whose heading makes the id, and the checker parses pages one by one.
 */
const LIVE_SITE_WINS = new Set([
  'guides/frameworks/remix.mdx /guides/frameworks/remix#deploying-your-task-to-trigger-dev',
  'guides/frameworks/sequin.mdx /guides/frameworks/nextjs#deploying-your-task-to-trigger-dev',
]);

test('corpus pages: the sites compared with the platform\'s --check-anchors are there', { skip: NO_CORPUS_PAGES }, () => {
  assert.ok(corpusPageSites().filter((site) => fs.existsSync(path.join(FIXTURES, `${site}.txt`))).length >= 4);
});

for (const site of corpusPageSites()) {
  const oracle = path.join(FIXTURES, `${site}.txt`);
  if (!fs.existsSync(oracle)) continue;
  test(`corpus pages: ${site}'s broken anchors are exactly those of the platform's checker`, () => {
    const project = openCorpusPagesSite(site);
    const ours = new Set<string>();
    for (const [page, diagnostics] of new PageLinks(project.workspace).checkAll(project.model())) {
      for (const d of diagnostics) {
        if (d.code !== 'broken-anchor') continue;
        const text = d.file.text;
        let start = d.offset;
        while (start > 0 && !'("\'\n'.includes(text[start - 1])) start--;
        ours.add(`${page} ${text.slice(start, d.offset + d.length)}`);
      }
    }
    // A set: the platform's checker lists a link written twice in one page twice.
    const theirs = new Set(fs.readFileSync(oracle, 'utf8').split('\n').filter(Boolean));
    assert.deepEqual([...ours].sort(), [...theirs].filter((line) => !LIVE_SITE_WINS.has(line)).sort());
  });
}
