// Many pages opened at once (issue 34: a workspace-wide replace opens every file it touches; each didOpen checked the
// folder and re-published across it, 4,000 pages: a hover answered after 34 s). The opens are batched: a few checks
// of the folder for the whole storm, each page's links published once, requests answered.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { docsFolder, withServer } from './helpers/fixtures';

const PAGES = 1_500;

test('1,500 pages opened at once: a few folder checks for all of them, each page published, a hover answered', async () => {
  const pages = Array.from({ length: PAGES }, (_, i) => `p${i}`);
  const { root, file } = docsFolder({
    'docs.json': { navigation: { pages } },
    ...Object.fromEntries(pages.map((page) => [`${page}.mdx`, `# ${page}\n\n[gone](/nowhere-${page})\n`])),
  });
  await withServer(root, async (client) => {
    await client.waitFor('the first check', () => client.logs.some((line) => line.includes('started on')));
    const checksBefore = client.logs.filter((line) => line.startsWith('Checked ')).length;
    const publishedBefore = client.published.length;
    await Promise.all(pages.map((page) => client.open(file(`${page}.mdx`), undefined, 'mdx')));
    // Each opened page gets its own publication (its version), with its broken link.
    for (const page of pages) {
      const found = await client.diagnosticsOf(file(`${page}.mdx`), (d, params) => params.version === 1 && d.some((x) => x.code === 'broken-link'));
      assert.ok(found.length >= 1);
    }
    const hover = await client.hover(file('docs.json'), { line: 0, character: 2 });
    void hover; // answered (null or not): the server was not held by the storm
    const checks = client.logs.filter((line) => line.startsWith('Checked ')).length - checksBefore;
    // Batched: a check once opens pause (OPEN_BATCH_MS), never one per page opened.
    assert.ok(checks < PAGES / 10, `${checks} checks of the folder for ${PAGES} pages opened`);
    const published = client.published.length - publishedBefore;
    assert.ok(published <= 3 * PAGES, `${published} publications for ${PAGES} pages opened`);
  });
});
