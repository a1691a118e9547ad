// Issue 48: moving a page of the default language offers to move its translations with it, so that
// translation-missing does not come back. The client reads the moves from the server's language grid
// (client/src/navigation/translation-moves.ts) and renames the page and its translations in one workspace edit: the
// server's willRenameFiles then moves every navigation entry and adds every redirect.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { FileChangeType } from 'vscode-languageserver-protocol';
import { translationMoves } from '../../client/src/navigation/translation-moves';
import type { LanguageGrid } from '../../server/src/protocol';
import { LANGUAGE_GRID_REQUEST } from '../../server/src/protocol';
import { docsFolder, withServer } from './helpers/fixtures';
import { uriOf } from './helpers/lsp-client';

const PAGE = (title: string) => `---\ntitle: ${title}\n---\n\nText.\n`;

const SITE = {
  'docs.json': {
    theme: 'mint',
    name: 'Test',
    colors: { primary: '#0B7D62' },
    navigation: {
      languages: [
        { language: 'en', groups: [{ group: 'Start', pages: ['en/intro', 'en/guide'] }] },
        { language: 'fr', groups: [{ group: 'Début', pages: ['fr/intro', 'fr/guide'] }] },
        // Japanese lists the English guide (a fallback): that file is not Japanese's to move.
        { language: 'ja', groups: [{ group: 'はじめに', pages: ['ja/intro', 'en/guide'] }] },
      ],
    },
  },
  'en/intro.mdx': PAGE('Intro'),
  'en/guide.mdx': PAGE('Guide'),
  'fr/intro.mdx': PAGE('Intro'),
  'fr/guide.mdx': PAGE('Guide'),
  'ja/intro.mdx': PAGE('Intro'),
};

test('moving an English page with its translations: one rename of all of them moves every entry and adds every redirect; translation-missing stays away', async () => {
  const { root, file } = docsFolder(SITE);
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    const quiet = (d: { code?: unknown }[]) => d.filter((x) => String(x.code).startsWith('translation-missing'));
    await client.diagnosticsOf(docs, (d) => d.some((x) => x.code === 'translation-fallback'));
    assert.deepEqual(quiet(await client.currentDiagnostics(docs)), []);

    const grids = await client.request<LanguageGrid[]>(LANGUAGE_GRID_REQUEST, { uri: uriOf(docs) });
    const move = { from: uriOf(file('en/guide.mdx')), to: uriOf(file('en/guides/setup.mdx')) };
    const exists = (uri: string) => fs.existsSync(new URL(uri));
    const moves = translationMoves(grids, uriOf(root), move, exists);
    assert.deepEqual(moves, [{ from: uriOf(file('fr/guide.mdx')), to: uriOf(file('fr/guides/setup.mdx')) }], 'French follows; the Japanese fallback is not moved');
    assert.deepEqual(translationMoves(grids, uriOf(root), { from: uriOf(file('fr/intro.mdx')), to: uriOf(file('fr/x.mdx')) }, exists), [], 'a translation moved alone takes nothing with it');
    assert.deepEqual(translationMoves(grids, uriOf(root), { from: move.from, to: uriOf(file('guide.mdx')) }, exists), [], 'out of the language folder: no mirrored place');

    const all = [move, ...moves].map((m) => ({ from: new URL(m.from).pathname, to: new URL(m.to).pathname }));
    const edit = await client.willRename(all);
    assert.ok(edit);
    for (const m of all) {
      fs.mkdirSync(path.dirname(m.to), { recursive: true });
      fs.renameSync(m.from, m.to);
    }
    await client.applyEdit(edit);
    const after = JSON.parse(client.text(docs));
    assert.deepEqual(
      after.navigation.languages.map((l: { groups: { pages: string[] }[] }) => l.groups[0].pages),
      [
        ['en/intro', 'en/guides/setup'],
        ['fr/intro', 'fr/guides/setup'],
        ['ja/intro', 'en/guides/setup'],
      ],
    );
    assert.deepEqual(after.redirects, [
      { source: '/en/guide', destination: '/en/guides/setup' },
      { source: '/fr/guide', destination: '/fr/guides/setup' },
    ]);
    await client.fileEvents(all.flatMap((m) => [
      { file: m.from, type: FileChangeType.Deleted },
      { file: m.to, type: FileChangeType.Created },
    ]));
    const settled = await client.diagnosticsOf(docs, (d) => d.some((x) => x.code === 'translation-fallback') && !d.some((x) => x.code === 'missing-page'));
    assert.deepEqual(quiet(settled), [], 'no translation-missing after the move');
    assert.deepEqual(client.errors, []);
  });
});
