// MDX syntax over stdio (issue 26): the server parses a page after a pause, not on the keystroke; the finding comes
// then, on an unopened page and on a page as it is typed, and goes when the page is fixed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { docsFolder, withServer } from './helpers/fixtures';
import { positionOf } from './helpers/lsp-client';

const SITE = {
  'docs.json': { navigation: { pages: ['index', 'guide'] } },
  'index.mdx': '# Home\n\nText {a b} here.\n',
  'guide.mdx': '# Guide\n\n<Card title="A">ok</Card>\n',
};

test('MDX syntax over stdio: an unopened page\'s error comes after the parse; typing one in, then fixing it', async () => {
  const { root, file } = docsFolder(SITE);
  const guide = file('guide.mdx');
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    const found = await client.diagnosticsOf(file('index.mdx'), (d) => d.some((x) => x.code === 'mdx-syntax'));
    assert.deepEqual(
      found.map((d) => [d.code, d.severity, d.range.start]),
      [['mdx-syntax', 1, positionOf(SITE['index.mdx'], ' b}')]],
    );
    await client.open(guide, SITE['guide.mdx'], 'mdx');
    await client.change(guide, '# Guide\n\n<Card title="A">ok\n');
    const typed = await client.diagnosticsOf(guide, (d) => d.length > 0);
    assert.deepEqual(typed.map((d) => [d.code, d.range.start]), [['mdx-syntax', { line: 2, character: 0 }]]);
    await client.change(guide, '# Guide\n\n<Card title="A">ok</Card>\n');
    assert.deepEqual(await client.diagnosticsOf(guide, (d) => d.length === 0), []);
  });
});
