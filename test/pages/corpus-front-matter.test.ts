// Front matter of every page of the five corpus sites with page contents: the platform builds them all, so no
// `front-matter-syntax` finding; `front-matter-value` findings only where reviewed below.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { readFrontMatterEntries } from '../../server/src/checker/pages/front-matter';
import { findPageOperation, pageOpenApi } from '../../server/src/checker/rules/front-matter-openapi/rule';
import { PageLinks } from '../../server/src/project/page-links';
import { corpusPageSites, NO_CORPUS_PAGES, openCorpusPagesSite } from '../helpers/corpus';

/** Front matter findings on the corpus (`page code 'flagged text'`), each reviewed: none so far. */
const REVIEWED: Record<string, string[]> = {};

test('corpus pages: front matter is read from every site', { skip: NO_CORPUS_PAGES }, () => {
  assert.equal(corpusPageSites().length, 5);
});

for (const site of corpusPageSites()) {
  test(`corpus pages: ${site} has no front matter finding but the reviewed ones`, () => {
    const project = openCorpusPagesSite(site);
    const found: string[] = [];
    for (const [page, diagnostics] of new PageLinks(project.workspace).checkAll(project.model())) {
      for (const d of diagnostics) if (d.code.startsWith('front-matter')) found.push(`${page} ${d.code} '${d.file.text.slice(d.offset, d.offset + d.length)}'`);
    }
    assert.deepEqual(found.sort(), (REVIEWED[site] ?? []).sort());
  });
}

test("corpus pages: trigger.dev's 62 `openapi:` pages all name an operation of its specs (the check judged them)", { skip: NO_CORPUS_PAGES }, () => {
  const project = openCorpusPagesSite('triggerdotdev__trigger.dev');
  const specs = new PageLinks(project.workspace).folderSpecs.specs(project.model());
  assert.equal(specs.status, 'ok');
  let resolved = 0;
  for (const file of project.files.all()) {
    const text = /\.mdx?$/.test(file) ? project.workspace.read(file) : undefined;
    const openapi = text === undefined ? undefined : pageOpenApi(text, readFrontMatterEntries(text)?.entries.find((e) => e.key === 'openapi'));
    if (typeof openapi === 'object' && specs.status === 'ok' && findPageOperation(openapi, specs.specs)) resolved++;
  }
  assert.equal(resolved, 62);
});
