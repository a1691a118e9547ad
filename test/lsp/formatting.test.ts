import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { docsFolder, withServer } from './helpers/fixtures';
import { uriOf } from './helpers/lsp-client';

const UGLY = '{"navigation":{"pages":[ "intro",\n"guides/setup"   ]},\n  "name":"Acme"}';

test('formatting: docs.json is formatted with the editor\'s indentation, whole or by range', async () => {
  const { root, file } = docsFolder({ 'docs.json': UGLY, 'intro.mdx': '', 'guides/setup.mdx': '' });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs, UGLY);
    const edits = await client.format(docs);
    const formatted = TextDocument.applyEdits(TextDocument.create(uriOf(docs), 'json', 1, UGLY), edits ?? []);
    assert.equal(formatted, '{\n  "navigation": {\n    "pages": [\n      "intro",\n      "guides/setup"\n    ]\n  },\n  "name": "Acme"\n}');

    const firstLine = { start: { line: 0, character: 0 }, end: { line: 0, character: 15 } };
    const ranged = await client.format(docs, firstLine);
    assert.ok(ranged && ranged.length > 0);
    assert.ok(ranged.every((e) => e.range.start.line === 0 && e.range.end.line <= 1), JSON.stringify(ranged));
  });
});
