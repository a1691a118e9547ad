// Built-in components over stdio (issue 36): findings in an .mdx page, completion of names, props and enum values,
// hover on a prop, the nearest name or value as quick fix (each removing its finding and adding none); and with the
// official MDX extension installed (`auto`), none of it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { docsFolder, withServer } from './helpers/fixtures';
import { positionOf } from './helpers/lsp-client';

const PAGE = [
  '---',
  'title: Guide',
  '---',
  '',
  'export const Hello = ({ name, greeting }) => <p>{greeting} {name}</p>;',
  '',
  '<Carrd title="A">',
  '  Body.',
  '</Carrd>',
  '<Card titel="B" />',
  '<Badge color="purplee">Beta</Badge>',
  '<Hello name="Ada" />',
  '',
].join('\n');
const SITE = { 'docs.json': { navigation: { pages: ['guide'] } }, 'guide.mdx': PAGE };

test('components over stdio: findings, completion, hover and fixes in an .mdx page', async () => {
  const { root, file } = docsFolder(SITE);
  const page = file('guide.mdx');
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    await client.open(page, PAGE, 'mdx');
    const found = await client.diagnosticsOf(page, (d) => d.length === 3);
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start]),
      [
        ['unknown-component', positionOf(PAGE, 'Carrd')],
        ['unknown-prop', positionOf(PAGE, 'titel')],
        ['invalid-prop-value', positionOf(PAGE, 'purplee')],
      ],
    );

    const names = await client.completion(page, positionOf(PAGE, 'Hello name="Ada"'));
    const labels = names?.items.map((i) => i.label) ?? [];
    assert.ok(labels.includes('Card') && labels.includes('Steps') && labels.includes('Hello'), labels.join(' '));
    assert.ok(!labels.includes('Carrd'));

    const props = await client.completion(page, positionOf(PAGE, ' titel', 1));
    const propLabels = props?.items.map((i) => i.label) ?? [];
    assert.ok(propLabels.includes('href') && propLabels.includes('horizontal'), propLabels.join(' '));
    assert.ok(!propLabels.includes('className') && !propLabels.includes('as') && !propLabels.includes('children'), 'internal props are not offered');

    const values = await client.completion(page, positionOf(PAGE, 'purplee'));
    assert.deepEqual(values?.items.slice(0, 3).map((i) => i.label), ['gray', 'blue', 'green']);

    const own = await client.completion(page, positionOf(PAGE, ' name="Ada"', 1));
    assert.deepEqual(own?.items.map((i) => i.label), ['greeting'], 'the page\'s own component: props from its definition, less those written');

    const hover = await client.hover(page, positionOf(PAGE, 'color="purplee"', 2));
    const hoverText = typeof hover?.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
    assert.match(hoverText, /\*\*color\*\* of `<Badge>`/);
    assert.match(hoverText, /"purple"/);

    const nameFix = await client.codeActions(page, found[0].range, [found[0]]);
    assert.deepEqual(nameFix?.map((a) => [a.title, a.isPreferred]), [['Change to <Card>', true]]);
    await client.applyEdit(nameFix![0].edit!);
    assert.equal(client.text(page), PAGE.replace('<Carrd', '<Card').replace('</Carrd>', '</Card>'), 'the closing tag is renamed with it');
    const afterName = await client.currentDiagnostics(page);
    assert.deepEqual(afterName.map((d) => d.code), ['unknown-prop', 'invalid-prop-value']);

    const propFix = await client.codeActions(page, afterName[0].range, [afterName[0]]);
    assert.deepEqual(propFix?.map((a) => a.title), ["Change to 'title'"]);
    await client.applyEdit(propFix![0].edit!);
    const afterProp = await client.currentDiagnostics(page);
    assert.deepEqual(afterProp.map((d) => d.code), ['invalid-prop-value']);

    const valueFix = await client.codeActions(page, afterProp[0].range, [afterProp[0]]);
    assert.deepEqual(valueFix?.map((a) => a.title), ["Change to 'purple'"]);
    await client.applyEdit(valueFix![0].edit!);
    assert.deepEqual(await client.currentDiagnostics(page), []);
  });
});

test('beside the official MDX extension (components: auto): no component findings and no component completion', async () => {
  const { root, file } = docsFolder({ ...SITE, 'guide.mdx': `${PAGE}[gone](/gone)\n` });
  const page = file('guide.mdx');
  await withServer(
    root,
    async (client) => {
      await client.open(file('docs.json'));
      await client.open(page, `${PAGE}[gone](/gone)\n`, 'mdx');
      // The page is checked: its broken link is found, its components are not.
      const found = await client.diagnosticsOf(page, (d) => d.length > 0);
      assert.deepEqual(found.map((d) => d.code), ['broken-link']);
      assert.equal(await client.completion(page, positionOf(PAGE, 'Hello name="Ada"')), null);
      // Issue 48: they do not go quiet without a word: one line says where they went, once.
      const told = client.shown.filter((m) => m.includes('left to the Mintlify MDX extension'));
      assert.equal(told.length, 1, client.shown.join('\n'));
      assert.match(told[0], /docs-json check` still reports them/);
    },
    { initializationOptions: { officialMdxExtension: true } },
  );
});

test('quiet twin: components set to "on" beside the official extension, or no official extension: no such line', async () => {
  const { root, file } = docsFolder(SITE);
  for (const options of [{ initializationOptions: { officialMdxExtension: true }, settings: { components: 'on' } }, {}]) {
    await withServer(
      root,
      async (client) => {
        await client.open(file('docs.json'));
        await client.open(file('guide.mdx'), PAGE, 'mdx');
        await client.diagnosticsOf(file('guide.mdx'), (d) => d.length > 0);
        assert.deepEqual(client.shown.filter((m) => m.includes('Mintlify MDX extension')), []);
      },
      options,
    );
  }
});

// VS Code's client shows the note in its status bar (client/src/components-status-item.ts): the server then logs it
// and sends no toast, as the note would otherwise be said twice (issue 48).
test('beside the official MDX extension, a client that shows the note itself gets no toast, only the log line', async () => {
  const { root, file } = docsFolder({ ...SITE, 'guide.mdx': `${PAGE}[gone](/gone)\n` });
  const page = file('guide.mdx');
  await withServer(
    root,
    async (client) => {
      await client.open(file('docs.json'));
      await client.open(page, `${PAGE}[gone](/gone)\n`, 'mdx');
      assert.deepEqual((await client.diagnosticsOf(page, (d) => d.length > 0)).map((d) => d.code), ['broken-link']);
      await client.waitFor('the log line', () => client.logs.some((m) => m.includes('left to the Mintlify MDX extension')));
      assert.deepEqual(client.shown.filter((m) => m.includes('Mintlify MDX')), []);
    },
    { initializationOptions: { officialMdxExtension: true, componentsNoteShown: true } },
  );
});
