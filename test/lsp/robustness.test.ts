import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { FileChangeType } from 'vscode-languageserver-protocol';
import { docsFolder, USERS_YAML, withServer } from './helpers/fixtures';
import { LspTestClient, positionOf, uriOf } from './helpers/lsp-client';

const DOCS_JSON = `{
  "$schema": "https://mintlify.com/docs.json",
  "styling": { "eyebrows": "section" },
  "navigation": {
    "tabs": [
      { "tab": "Guides", "groups": [{ "group": "Start", "expanded": true, "pages": ["intro", { "group": "Deep", "pages": ["a/b"] }] }] },
      { "tab": "API", "openapi": "api.yaml", "pages": ["GET /users", "POST /users", "api.yaml GET /users/{id}"] },
      { "$ref": "./part.json", "icon": "clock" }
    ],
    "global": { "anchors": [{ "anchor": "Blog", "href": "https://blog.example.com" }] }
  }
}`;

/** Every request kind the server answers for a position, all at once. */
async function everyRequest(client: LspTestClient, file: string, position: { line: number; character: number }): Promise<void> {
  const textDocument = { uri: uriOf(file) };
  await Promise.all([
    client.request('textDocument/completion', { textDocument, position }),
    client.request('textDocument/hover', { textDocument, position }),
    client.request('textDocument/definition', { textDocument, position }),
    client.request('textDocument/codeAction', { textDocument, range: { start: position, end: position }, context: { diagnostics: [] } }),
  ]);
}

test('robustness: requests for closed, unknown or vanished files and out-of-range positions answer without failing', async () => {
  const { root, file } = docsFolder({ 'docs.json': DOCS_JSON, 'part.json': { tab: 'Part', pages: ['intro'] }, 'intro.mdx': '', 'api.yaml': USERS_YAML });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.diagnosticsOf(docs);
    // docs.json was never opened: answered from the disk.
    const hover = await client.hover(docs, positionOf(DOCS_JSON, '"intro"', 2));
    assert.ok(hover, 'hover on a closed docs.json');
    assert.equal(await client.completion(file('nowhere/else.json'), { line: 0, character: 0 }), null);
    assert.equal(await client.hover(path.join(path.dirname(root), 'outside.json'), { line: 0, character: 0 }), null);
    assert.equal(await client.request('textDocument/hover', { textDocument: { uri: 'untitled:Untitled-1' }, position: { line: 0, character: 0 } }), null);

    await client.open(docs);
    for (const position of [{ line: 10_000, character: 0 }, { line: 2, character: 10_000 }, { line: 0, character: 0 }]) {
      await everyRequest(client, docs, position);
    }
    await client.close(docs);

    // Files vanish without any event.
    fs.rmSync(file('intro.mdx'));
    fs.rmSync(file('api.yaml'));
    fs.rmSync(file('part.json'));
    await everyRequest(client, docs, positionOf(DOCS_JSON, '"intro"', 2));
    await client.definition(file('part.json'), { line: 1, character: 3 });
    fs.rmSync(docs);
    await everyRequest(client, docs, positionOf(DOCS_JSON, '"intro"', 2));
    assert.deepEqual(await client.navigationTree(docs), []);
    await client.fileEvents([{ file: docs, type: FileChangeType.Deleted }]);
    await client.diagnosticsOf(docs, (d) => d.length === 0);

    assert.deepEqual(await client.request('docsJson/navigationTree', {}), []);
    assert.deepEqual(await client.request('docsJson/navigationTree', null), []);
    assert.equal(client.alive, true);
    assert.deepEqual(client.errors, []);
  });
});

test('robustness: every position of docs.json cut short at every point answers without failing', async () => {
  const { root, file } = docsFolder({ 'docs.json': DOCS_JSON, 'part.json': { tab: 'Part', pages: ['intro'] }, 'intro.mdx': '', 'api.yaml': USERS_YAML });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    const lines = (text: string) => text.split('\n');
    for (let cut = 0; cut <= DOCS_JSON.length; cut += 11) {
      const text = DOCS_JSON.slice(0, cut);
      await client.change(docs, text);
      const rows = lines(text);
      const positions = [
        { line: rows.length - 1, character: rows[rows.length - 1].length },
        { line: Math.floor(rows.length / 2), character: Math.floor(rows[Math.floor(rows.length / 2)].length / 2) },
      ];
      for (const position of positions) await everyRequest(client, docs, position);
      await Promise.all([client.symbols(docs), client.links(docs), client.navigationTree(docs)]);
    }
    // Garbage: nesting deeper than the parser accepts, control characters, a lone surrogate.
    for (const garbage of ['['.repeat(5000), '{"navigation": {"pages": ["\u0000\ud800"]}}', '\u0000\u0001{{{{', '']) {
      await client.change(docs, garbage);
      await everyRequest(client, docs, { line: 0, character: Math.min(garbage.length, 40) });
    }
    // A huge string, completed and hovered at its end.
    const huge = `{"navigation": {"pages": ["${'x/'.repeat(200_000)}"]}}`;
    await client.change(docs, huge);
    await everyRequest(client, docs, { line: 0, character: huge.length - 4 });
    await client.currentDiagnostics(docs);
    assert.equal(client.alive, true);
    assert.deepEqual(client.errors, []);
  });
});
