import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import { docsFolder, withServer } from './helpers/fixtures';
import { positionOf, uriOf } from './helpers/lsp-client';

const SITE = {
  'docs.json': { navigation: { pages: ['index', 'guides/setup', 'guides/intro'] } },
  'index.mdx': 'Start with [setup](/guides/setup) and [missing](/guides/nowhere).',
  'guides/setup.mdx': '---\ntitle: Setup\n---\n',
  'guides/intro.mdx': 'Read [setup](./setup) first.\n',
};

test('page links over stdio: diagnostics in a page, live as it is typed; completion after ](; definition', async () => {
  const { root, file } = docsFolder(SITE);
  const index = file('index.mdx');
  const intro = file('guides/intro.mdx');
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    // Every page's findings come after the folder's check, an unopened page's included.
    const found = await client.diagnosticsOf(index, (d) => d.length > 0);
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start]),
      [['broken-link', positionOf(SITE['index.mdx'], '/guides/nowhere')]],
    );

    await client.open(intro, SITE['guides/intro.mdx'], 'mdx');
    await client.change(intro, 'Read [setup](./setp) first.\n');
    const typed = await client.diagnosticsOf(intro, (d) => d.length > 0);
    assert.deepEqual(typed.map((d) => d.code), ['broken-link']);
    await client.change(intro, 'Read [setup](./setup) first.\n');
    const cleared = await client.diagnosticsOf(intro, (d) => d.length === 0);
    assert.deepEqual(cleared, []);

    await client.change(intro, 'Read [setup](./setup) first.\n[more](/gu');

    const list = await client.completion(intro, { line: 1, character: 10 });
    assert.deepEqual(list?.items.map((i) => i.label), ['/guides/intro', '/guides/setup']);

    const definition = await client.definition(intro, positionOf(client.text(intro), './setup', 3));
    assert.deepEqual(definition?.map((l) => l.uri), [uriOf(file('guides/setup.mdx'))]);
  });
});

test('page links over stdio: renaming a page updates the links to it in other pages', async () => {
  const { root, file } = docsFolder(SITE);
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    await client.diagnosticsOf(file('docs.json'));
    const edit = await client.willRename([{ from: file('guides/setup.mdx'), to: file('start/setup.mdx') }]);
    assert.ok(edit?.changes);
    assert.deepEqual(Object.keys(edit.changes).sort(), [uriOf(file('docs.json')), uriOf(file('guides/intro.mdx')), uriOf(file('index.mdx'))].sort());
    await client.applyEdit(edit);
    assert.equal(fs.readFileSync(file('index.mdx'), 'utf8'), 'Start with [setup](/start/setup) and [missing](/guides/nowhere).');
    assert.equal(fs.readFileSync(file('guides/intro.mdx'), 'utf8'), 'Read [setup](../start/setup) first.\n');
  });
});

// Issue 45: a site served under `/docs` with no redirect to tell it; its pages link `/docs/…`, its files lack `docs/`.
const SUB_PATH_SITE = {
  'docs.json': { navigation: { pages: ['index', 'guides/setup', 'guides/intro', 'guides/deploy'] } },
  'index.mdx': 'See [setup](/docs/guides/setup), [intro](/docs/guides/intro) and [deploy](/docs/guides/deploy); [gone](/docs/guides/gone).\n',
  'guides/setup.mdx': 'Back [home](/docs/index).\n',
  'guides/intro.mdx': 'Then [setup](/docs/guides/setup).\n',
  'guides/deploy.mdx': 'Done.\n',
};

test('issue 45, page links over stdio: the base path the pages\' links carry is read as the CLI reads it; only the truly missing page is broken', async () => {
  const { root, file } = docsFolder(SUB_PATH_SITE);
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    const found = await client.diagnosticsOf(file('index.mdx'), (d) => d.length === 1);
    assert.deepEqual(found.map((d) => [d.code, d.message]), [['broken-link', 'Link target "/docs/guides/gone" not found']]);
    // Typing keeps the base path: a new missing link under it is found, a good one stays quiet.
    await client.open(file('guides/intro.mdx'), SUB_PATH_SITE['guides/intro.mdx'], 'mdx');
    await client.change(file('guides/intro.mdx'), 'Then [setup](/docs/guides/setup) and [typo](/docs/guides/setpu).\n');
    const typed = await client.diagnosticsOf(file('guides/intro.mdx'), (d) => d.length > 0);
    assert.deepEqual(typed.map((d) => d.message), ['Link target "/docs/guides/setpu" not found']);
  });
});

test('its quiet twin: too few links carry the prefix, so nothing is taken off and each `/docs/…` link is broken', async () => {
  const { root, file } = docsFolder({ ...SUB_PATH_SITE, 'index.mdx': 'See [setup](/docs/guides/setup).\n', 'guides/setup.mdx': 'Setup.\n', 'guides/intro.mdx': 'Intro.\n' });
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    const found = await client.diagnosticsOf(file('index.mdx'), (d) => d.length > 0);
    assert.deepEqual(found.map((d) => d.message), ['Link target "/docs/guides/setup" not found']);
  });
});
