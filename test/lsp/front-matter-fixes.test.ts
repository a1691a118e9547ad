// Front matter value fixes over stdio (issue 26): `mode: wid` changed to `wide`, `hidden: "false"` to `false`; each
// applied fix takes its finding away and brings no other.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { docsFolder, withServer } from './helpers/fixtures';
import { positionOf } from './helpers/lsp-client';

const PAGE = '---\ntitle: Guide\nmode: wid\nhidden: "false"\n---\n\nBody.\n';
const SITE = { 'docs.json': { navigation: { pages: ['guide'] } }, 'guide.mdx': PAGE };

test('front matter value fixes over stdio: the nearest mode, an unquoted false; each removes its finding and adds none', async () => {
  const { root, file } = docsFolder(SITE);
  const page = file('guide.mdx');
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    await client.open(page, PAGE, 'mdx');
    const found = await client.diagnosticsOf(page, (d) => d.length === 2);
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start]),
      [
        ['front-matter-value', positionOf(PAGE, 'wid')],
        ['front-matter-value', positionOf(PAGE, '"false"')],
      ],
    );

    const modeFixes = await client.codeActions(page, found[0].range, [found[0]]);
    assert.deepEqual(modeFixes?.map((a) => [a.title, a.kind, a.isPreferred]), [["Change to 'wide'", 'quickfix', true]]);
    await client.applyEdit(modeFixes![0].edit!);
    assert.equal(client.text(page), PAGE.replace('mode: wid', 'mode: wide'));
    const afterMode = await client.currentDiagnostics(page);
    assert.deepEqual(afterMode.map((d) => [d.code, d.range.start, d.message]), [[found[1].code, found[1].range.start, found[1].message]]);

    const falseFixes = await client.codeActions(page, afterMode[0].range, afterMode);
    assert.deepEqual(falseFixes?.map((a) => [a.title, a.isPreferred]), [['Write false without quotes (a boolean, not a string)', true]]);
    await client.applyEdit(falseFixes![0].edit!);
    assert.equal(client.text(page), '---\ntitle: Guide\nmode: wide\nhidden: false\n---\n\nBody.\n');
    assert.deepEqual(await client.currentDiagnostics(page), []);
  });
});
