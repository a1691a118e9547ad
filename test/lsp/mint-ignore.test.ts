// `.mintignore` through the real server over stdio: the server watches it, and a change on disk re-checks the folder.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { test } from 'node:test';
import { FileChangeType } from 'vscode-languageserver-protocol';
import { REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { docsFolder, withServer } from './helpers/fixtures';

test('.mintignore is watched; written on disk, the links inside the folder it names clear and links into it are flagged', async () => {
  const { root, file } = docsFolder({
    'docs.json': { ...REQUIRED_SETTINGS, navigation: { pages: ['index'] } },
    'index.mdx': '[runner](/tools/run)',
    'tools/run.mdx': '[TODO](/TODO)',
  });
  await withServer(root, async (client) => {
    await client.waitFor('file watchers', () => client.registrations.length > 0);
    const watchers = client.registrations.flatMap((r) => (r.registerOptions as { watchers?: { globPattern: string }[] })?.watchers ?? []);
    assert.ok(watchers.some((w) => w.globPattern === '**/.mintignore'), JSON.stringify(watchers));
    await client.diagnosticsOf(file('tools/run.mdx'), (d) => d.length === 1);

    fs.writeFileSync(file('.mintignore'), 'tools/\n');
    await client.fileEvents([{ file: file('.mintignore'), type: FileChangeType.Created }]);
    await client.diagnosticsOf(file('tools/run.mdx'), (d) => d.length === 0);
    const [flagged] = await client.diagnosticsOf(file('index.mdx'), (d) => d.length === 1);
    assert.equal(flagged.code, 'broken-link');

    fs.writeFileSync(file('.mintignore'), '# nothing\n');
    await client.fileEvents([{ file: file('.mintignore'), type: FileChangeType.Changed }]);
    await client.diagnosticsOf(file('tools/run.mdx'), (d) => d.length === 1);
    await client.diagnosticsOf(file('index.mdx'), (d) => d.length === 0);
  });
});
