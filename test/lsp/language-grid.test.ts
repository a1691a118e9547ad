// Languages in step (issue 37) over the protocol: the real server on stdio publishes the language findings on
// docs.json and answers `docsJson/languageGrid` with pages × languages, files as URIs; an unknown docs.json gets [].
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGE_GRID_REQUEST, LanguageGrid } from '../../server/src/protocol';
import { codes, docsFolder, withServer } from './helpers/fixtures';
import { uriOf } from './helpers/lsp-client';

const DOCS_JSON = {
  navigation: {
    languages: [
      { language: 'en', groups: [{ group: 'Guide', pages: ['en/start', 'en/setup', 'en/deploy'] }] },
      { language: 'es', groups: [{ group: 'Guía', pages: ['es/start', 'en/deploy'] }] },
    ],
  },
};

test('docs.json of two languages: its language findings published, and the grid asked over the protocol', async () => {
  const { root, file } = docsFolder({ 'docs.json': DOCS_JSON, 'en/start.mdx': '', 'en/setup.mdx': '', 'en/deploy.mdx': '', 'es/start.mdx': '', 'es/setup.mdx': '' });
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    const diagnostics = await client.diagnosticsOf(file('docs.json'), (list) => list.some((d) => d.code === 'translation-missing'));
    assert.deepEqual(codes(diagnostics).filter((code) => code.startsWith('translation')), ['translation-fallback', 'translation-missing']);
    const grids = await client.request<LanguageGrid[]>(LANGUAGE_GRID_REQUEST, { uri: uriOf(file('docs.json')) });
    assert.equal(grids.length, 1);
    assert.deepEqual(grids[0].languages, ['en', 'es']);
    assert.deepEqual(grids[0].rows.map((row) => [row.page, ...row.cells.map((cell) => cell.cell)]), [
      ['en/start', 'present', 'present'],
      ['en/setup', 'present', 'unlisted'],
      ['en/deploy', 'present', 'fallback'],
    ]);
    assert.equal(grids[0].rows[1].cells[1].file, uriOf(file('es/setup.mdx')), 'files as URIs');
    assert.deepEqual(await client.request(LANGUAGE_GRID_REQUEST, { uri: uriOf(file('nowhere/docs.json')) }), []);
    assert.deepEqual(await client.request(LANGUAGE_GRID_REQUEST, { uri: 42 }), []);
  });
});
