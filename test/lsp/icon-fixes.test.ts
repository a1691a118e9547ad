// Unknown icons over stdio (issue 36): found in docs.json and in a page (an `icon` attribute and front matter), each
// fixed with the nearest name of the site's library; an applied fix takes its finding away and brings no other.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { docsFolder, withServer } from './helpers/fixtures';
import { positionOf } from './helpers/lsp-client';

const PAGE = '---\ntitle: Guide\nicon: "fa-house"\n---\n\n<Card title="Start" icon="bolt-lightningg">Go.</Card>\n';
const DOCS_JSON = { navigation: { groups: [{ group: 'Start', icon: 'rockett', pages: ['guide'] }] } };

test('unknown icons over stdio: in docs.json and in a page, each fixed with the nearest Font Awesome name', async () => {
  const { root, file } = docsFolder({ 'docs.json': DOCS_JSON, 'guide.mdx': PAGE });
  const page = file('guide.mdx');
  const docsJson = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docsJson);
    const inJson = await client.diagnosticsOf(docsJson, (d) => d.some((x) => x.code === 'unknown-icon'));
    const icon = inJson.filter((d) => d.code === 'unknown-icon');
    assert.equal(icon.length, 1);
    assert.match(String(icon[0].message), /'rockett' is not a Font Awesome icon: it renders blank: did you mean 'rocket'\?/);
    assert.equal(icon[0].severity, 2);
    const jsonFixes = await client.codeActions(docsJson, icon[0].range, icon);
    assert.deepEqual(jsonFixes?.map((a) => [a.title, a.isPreferred]), [["Replace with 'rocket'", true]]);
    await client.applyEdit(jsonFixes![0].edit!);
    assert.match(client.text(docsJson), /"icon": ?"rocket"/);
    assert.deepEqual((await client.currentDiagnostics(docsJson)).filter((d) => d.code === 'unknown-icon'), []);

    await client.open(page, PAGE, 'mdx');
    const found = await client.diagnosticsOf(page, (d) => d.length === 2);
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start]),
      [
        ['unknown-icon', positionOf(PAGE, 'fa-house')],
        ['unknown-icon', positionOf(PAGE, 'bolt-lightningg')],
      ],
    );
    const prefixFixes = await client.codeActions(page, found[0].range, [found[0]]);
    assert.deepEqual(prefixFixes?.map((a) => [a.title, a.isPreferred]), [["Change to 'house'", true]]);
    await client.applyEdit(prefixFixes![0].edit!);
    assert.equal(client.text(page), PAGE.replace('fa-house', 'house'));
    const left = await client.currentDiagnostics(page);
    assert.deepEqual(left.map((d) => [d.code, d.message]), [[found[1].code, found[1].message]]);

    const cardFixes = await client.codeActions(page, left[0].range, left);
    assert.deepEqual(cardFixes?.map((a) => a.title), ["Change to 'bolt-lightning'"]);
    await client.applyEdit(cardFixes![0].edit!);
    assert.equal(client.text(page), '---\ntitle: Guide\nicon: "house"\n---\n\n<Card title="Start" icon="bolt-lightning">Go.</Card>\n');
    assert.deepEqual(await client.currentDiagnostics(page), []);
  });
});
