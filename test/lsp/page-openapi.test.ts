// A page's `openapi:` front matter over stdio (issue 26): the finding, completion of `METHOD /path`, hover with the
// operation's summary, go to definition into the spec, and the nearest operation as a quick fix.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { docsFolder, withServer } from './helpers/fixtures';
import { positionOf, uriOf } from './helpers/lsp-client';

const SPEC = [
  'openapi: 3.0.3',
  'info:',
  '  title: Rerank',
  '  version: "1"',
  'paths:',
  '  /rerank:',
  '    post:',
  '      summary: Rerank documents',
  '      operationId: rerank',
  '  /embeddings:',
  '    post:',
  '      summary: Create embeddings',
  '',
].join('\n');
const PAGE = '---\ntitle: Rerank\nopenapi: "api POST /rerankk"\n---\n\nBody.\n';
const SITE = { 'docs.json': { navigation: { pages: ['rerank'] } }, 'api.yaml': SPEC, 'rerank.mdx': PAGE };

test('openapi front matter over stdio: finding, quick fix, completion, hover, definition', async () => {
  const { root, file } = docsFolder(SITE);
  const page = file('rerank.mdx');
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    const found = await client.diagnosticsOf(page, (d) => d.length > 0);
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start]),
      [['front-matter-openapi', positionOf(PAGE, 'POST /rerankk')]],
    );
    assert.match(String(found[0].message), /no operation "POST \/rerankk" in "api.yaml".*Did you mean "POST \/rerank"\?/);

    await client.open(page, PAGE, 'mdx');
    const actions = await client.codeActions(page, found[0].range, found);
    assert.deepEqual(actions?.map((a) => [a.title, a.isPreferred]), [['Replace by "POST /rerank"', true]]);
    // The fix's text is the server's own suggestion, never the data a client sends back.
    const forged = [{ ...found[0], data: { suggestion: 'GET /evil\n---\n<script>' } }];
    const forgedActions = await client.codeActions(page, found[0].range, forged);
    assert.deepEqual(forgedActions?.map((a) => a.title), ['Replace by "POST /rerank"']);
    const elsewhere = [{ ...found[0], range: { start: { line: 1, character: 0 }, end: { line: 1, character: 5 } }, data: { suggestion: 'x' } }];
    assert.deepEqual((await client.codeActions(page, elsewhere[0].range, elsewhere)) ?? [], []);
    await client.applyEdit(actions![0].edit!);
    assert.equal(client.text(page), PAGE.replace('POST /rerankk', 'POST /rerank'));
    assert.deepEqual(await client.diagnosticsOf(page, (d) => d.length === 0), []);

    const hover = await client.hover(page, positionOf(client.text(page), '/rerank'));
    const shown = (hover?.contents as { value: string }).value;
    assert.match(shown, /\*\*POST\*\* `\/rerank`/);
    assert.match(shown, /Rerank documents/);
    assert.match(shown, /operationId: `rerank`/);

    const definition = await client.definition(page, positionOf(client.text(page), '/rerank'));
    assert.deepEqual(definition?.map((l) => [l.uri, l.range.start.line]), [[uriOf(file('api.yaml')), 6]]);

    await client.change(page, '---\ntitle: Rerank\nopenapi: api POST /emb\n---\n');
    const list = await client.completion(page, { line: 2, character: 22 });
    assert.deepEqual(
      list?.items.map((i) => [i.label, i.detail, i.textEdit && 'range' in i.textEdit ? i.textEdit.range : undefined]),
      [
        ['POST /rerank', 'Rerank documents', { start: { line: 2, character: 13 }, end: { line: 2, character: 22 } }],
        ['POST /embeddings', 'Create embeddings', { start: { line: 2, character: 13 }, end: { line: 2, character: 22 } }],
      ],
    );
    // Outside the front matter the page's own completion answers.
    await client.change(page, '---\ntitle: Rerank\nopenapi: api POST /rerank\n---\n[x](/rer');
    const links = await client.completion(page, { line: 4, character: 8 });
    assert.deepEqual(links?.items.map((i) => i.label), ['/rerank']);
  });
});
