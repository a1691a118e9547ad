import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import { docsFolder, withServer } from './helpers/fixtures';
import { FileChangeType } from 'vscode-languageserver-protocol';
import { FULL_CAPABILITIES, uriOf } from './helpers/lsp-client';
import { MAX_RENAME_EDITS } from '../../server/src/language/rename/rename-files';

test('rename: moving a page file updates every entry for it, in docs.json and in $ref files, keeping a leading slash', async () => {
  const { root, file } = docsFolder({
    'docs.json': {
      navigation: {
        versions: [
          { version: 'v1', groups: [{ group: 'A', root: 'guides/setup', pages: ['guides/setup', 'intro'] }] },
          { version: 'v2', pages: ['/guides/setup', { $ref: 'v2/group.json' }] },
        ],
      },
    },
    'v2/group.json': { group: 'More', pages: ['guides/setup', 'guides/setup-old'] },
    'guides/setup.mdx': '',
    'guides/setup-old.mdx': '',
    'intro.mdx': '',
  });
  const docs = file('docs.json');
  const part = file('v2/group.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    await client.diagnosticsOf(docs);
    const edit = await client.willRename([{ from: file('guides/setup.mdx'), to: file('start/install.mdx') }]);
    assert.ok(edit?.changes);
    assert.deepEqual(Object.keys(edit.changes).sort(), [uriOf(docs), uriOf(part)].sort());
    await client.applyEdit(edit);
    const navigation = JSON.parse(client.text(docs)).navigation;
    assert.deepEqual(navigation.versions[0].groups[0], { group: 'A', root: 'start/install', pages: ['start/install', 'intro'] });
    assert.deepEqual(navigation.versions[1].pages[0], '/start/install');
    assert.deepEqual(JSON.parse(fs.readFileSync(part, 'utf8')).pages, ['start/install', 'guides/setup-old']);
  });
});

test('rename: moving a folder updates the pages inside it, an index page included; other renames change nothing', async () => {
  const { root, file } = docsFolder({
    'docs.json': { navigation: { pages: ['guides', 'guides/a', 'guides/deep/b', 'guidesx/c', 'other'] } },
    'guides/index.mdx': '',
    'guides/a.mdx': '',
    'guides/deep/b.md': '',
    'guidesx/c.mdx': '',
    'other.mdx': '',
    'logo.png': '',
  });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    await client.diagnosticsOf(docs);
    const edit = await client.willRename([{ from: file('guides'), to: file('learn/guides') }]);
    await client.applyEdit(edit!);
    assert.deepEqual(JSON.parse(client.text(docs)).navigation.pages, ['learn/guides', 'learn/guides/a', 'learn/guides/deep/b', 'guidesx/c', 'other']);

    assert.equal(await client.willRename([{ from: file('logo.png'), to: file('logo2.png') }]), null);
    assert.equal(await client.willRename([{ from: file('other.mdx'), to: file('other.md') }]), null, 'same page id');
    assert.equal(await client.willRename([{ from: file('other.mdx'), to: file('other.txt') }]), null, 'no longer a page');
  });
});

test('rename: the server declares the file operations it handles', async () => {
  const { root } = docsFolder({ 'docs.json': { navigation: { pages: [] } } });
  await withServer(root, async (client) => {
    const operations = client.initializeResult.capabilities.workspace?.fileOperations;
    assert.deepEqual(
      operations?.willRename?.filters.map((f) => [f.pattern.glob, f.pattern.matches]),
      [
        ['**/*.{md,mdx}', 'file'],
        ['**/*', 'folder'],
      ],
    );
    assert.ok(operations?.didRename && operations.didCreate && operations.didDelete);
  });
});

test('rename: a folder move updates redirect destinations and adds one wildcard redirect from the old URLs, as two annotated groups', async () => {
  const { root, file } = docsFolder({
    'docs.json': {
      theme: 'mint',
      name: 'Site',
      colors: { primary: '#112233' },
      navigation: { pages: ['quick-start/faqs', 'quick-start/install'] },
      redirects: [
        { source: '/faq', destination: '/quick-start/faqs' },
        { source: '/start/:slug*', destination: '/quick-start/:slug*' },
      ],
    },
    'quick-start/faqs.mdx': '',
    'quick-start/install.mdx': '',
  });
  const docs = file('docs.json');
  const capabilities = {
    ...FULL_CAPABILITIES,
    workspace: { ...FULL_CAPABILITIES.workspace, workspaceEdit: { documentChanges: true, changeAnnotationSupport: { groupsOnLabel: true } } },
  };
  await withServer(
    root,
    async (client) => {
      await client.open(docs);
      assert.deepEqual(await client.diagnosticsOf(docs), []);
      const edit = await client.willRename([{ from: file('quick-start'), to: file('getting-started') }]);
      assert.ok(edit?.documentChanges && edit.changeAnnotations);
      const labels = Object.values(edit.changeAnnotations).map((a) => [a.label, a.needsConfirmation]);
      assert.deepEqual(labels, [
        ['Update docs.json entries, links and redirect destinations', false],
        ['Add a redirect from each old URL to the new one', false],
      ]);
      fs.renameSync(file('quick-start'), file('getting-started'));
      await client.applyEdit(edit);
      const after = JSON.parse(client.text(docs));
      assert.deepEqual(after.redirects, [
        { source: '/faq', destination: '/getting-started/faqs' },
        { source: '/start/:slug*', destination: '/getting-started/:slug*' },
        { source: '/quick-start/:slug*', destination: '/getting-started/:slug*' },
      ]);
      await client.fileEvents([
        { file: file('quick-start/faqs.mdx'), type: FileChangeType.Deleted },
        { file: file('quick-start/install.mdx'), type: FileChangeType.Deleted },
        { file: file('getting-started/faqs.mdx'), type: FileChangeType.Created },
        { file: file('getting-started/install.mdx'), type: FileChangeType.Created },
      ]);
      assert.deepEqual(await client.diagnosticsOf(docs, (d) => d.length === 0), [], 'no broken destination, no duplicate source');
    },
    { capabilities },
  );
});

test('rename: docsJson.rename.addRedirects false adds no redirect', async () => {
  const { root, file } = docsFolder({ 'docs.json': { navigation: { pages: ['a'] } }, 'a.mdx': '' });
  const docs = file('docs.json');
  await withServer(
    root,
    async (client) => {
      await client.open(docs);
      await client.diagnosticsOf(docs);
      const edit = await client.willRename([{ from: file('a.mdx'), to: file('b.mdx') }]);
      await client.applyEdit(edit!);
      const after = JSON.parse(client.text(docs));
      assert.deepEqual([after.navigation.pages, after.redirects], [['b'], undefined]);
    },
    { settings: { rename: { addRedirects: false } } },
  );
});

test('rename: a rename over the edit limit edits nothing and says so, naming the limit (it answered null silently)', async () => {
  const over = MAX_RENAME_EDITS + 1;
  const { root, file } = docsFolder({
    'docs.json': { navigation: { pages: ['a', 'linker', 'small'] } },
    'a.mdx': '# A\n',
    'small.mdx': '# Small\n',
    'linker.mdx': '[a](/a) '.repeat(over),
  });
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    await client.diagnosticsOf(file('docs.json'));
    assert.equal(await client.willRename([{ from: file('a.mdx'), to: file('b.mdx') }]), null);
    const message = await client.waitFor('a message about the rename', () => client.shown.find((m) => m.includes('rename')));
    // The links, the docs.json entry and the redirect from the old URL.
    assert.equal(message, `docs.json: The rename would change ${(over + 2).toLocaleString('en-US')} links and entries, more than the 200,000 a rename may edit at once: none was updated. Update them with a search and replace, or rename fewer files at a time.`);
    // Under the limit, the same server edits as before and shows nothing more.
    const edit = await client.willRename([{ from: file('small.mdx'), to: file('smaller.mdx') }]);
    assert.deepEqual(Object.keys(edit?.changes ?? {}), [uriOf(file('docs.json'))]);
    assert.equal(client.shown.length, 1);
  });
});
