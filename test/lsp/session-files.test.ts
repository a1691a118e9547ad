import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import { FileChangeType } from 'vscode-languageserver';
import { docsFolder, withServer, write } from './helpers/fixtures';
import { positionOf, uriOf } from './helpers/lsp-client';

// Issue 48: a page created during the session is checked like the pages found at start.
const SITE = {
  'docs.json': { navigation: { pages: ['index', 'old'] } },
  'index.mdx': '# Home\n',
  'old.mdx': '# Old\n\n## Before you publish\n',
};

for (const target of ['new', 'old'] as const) {
  test(`a heading renamed in ${target === 'new' ? 'a page created in the session' : 'a page found at start'}: the link to its anchor is flagged`, async () => {
    const { root, file } = docsFolder(SITE);
    const page = file(`${target}.mdx`);
    const index = file('index.mdx');
    await withServer(root, async (client) => {
      await client.open(file('docs.json'));
      await client.diagnosticsOf(file('docs.json'));
      if (target === 'new') {
        // As VS Code does for a file made in the Explorer: the file, its file operation and its watcher event.
        write(page, '');
        await client.notifyServer('workspace/didCreateFiles', { files: [{ uri: uriOf(page) }] });
        await client.fileEvents([{ file: page, type: FileChangeType.Created }]);
        await client.open(page, '', 'mdx');
        await client.change(page, '# New\n\n## Before you publish\n');
        write(page, '# New\n\n## Before you publish\n');
        await client.fileEvents([{ file: page, type: FileChangeType.Changed }]);
      } else {
        await client.open(page, fs.readFileSync(page, 'utf8'), 'mdx');
      }
      await client.open(index, '# Home\n', 'mdx');
      await client.change(index, `# Home\n\nSee [publishing](/${target}#before-you-publish).\n`);
      assert.deepEqual(await client.currentDiagnostics(index), []);

      client.forgetDiagnostics();
      const renamed = `# ${target}\n\n## Before publishing\n`;
      await client.change(page, renamed);
      write(page, renamed);
      await client.notifyServer('textDocument/didSave', { textDocument: { uri: uriOf(page) } });
      await client.fileEvents([{ file: page, type: FileChangeType.Changed }]);
      const found = await client.diagnosticsOf(index, (d) => d.length > 0);
      assert.deepEqual(
        found.map((d) => d.code),
        ['broken-anchor'],
      );
    });
  });
}

test('a page created in the session and renamed on disk (not open): its linkers are checked against its new text; a link to the new heading stays quiet', async () => {
  const { root, file } = docsFolder(SITE);
  const page = file('guides/new.mdx');
  const index = file('index.mdx');
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    await client.diagnosticsOf(file('docs.json'));
    write(page, '# New\n\n## Before you publish\n');
    await client.notifyServer('workspace/didCreateFiles', { files: [{ uri: uriOf(page) }] });
    await client.fileEvents([{ file: page, type: FileChangeType.Created }]);
    await client.open(index, '# Home\n', 'mdx');
    await client.change(index, '# Home\n\n[a](/guides/new#before-you-publish) [b](/guides/new#before-publishing)\n');
    const text = client.text(index);
    const first = await client.currentDiagnostics(index);
    assert.deepEqual(first.map((d) => [d.code, d.range.start]), [['broken-anchor', positionOf(text, '#before-publishing')]]);

    client.forgetDiagnostics();
    write(page, '# New\n\n## Before publishing\n');
    await client.fileEvents([{ file: page, type: FileChangeType.Changed }]);
    const found = await client.diagnosticsOf(index, (d) => d.length > 0);
    assert.deepEqual(found.map((d) => [d.code, d.range.start]), [['broken-anchor', positionOf(text, '#before-you-publish')]]);
  });
});
