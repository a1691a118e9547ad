// The team's config file (issue 47) read by the language server as the CLI reads it (cli/check-config.test.ts):
// its severities in the published diagnostics, the editor's docsJson.severity a personal layer on top, and a change
// of the file applied without a restart.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import { FileChangeType } from 'vscode-languageserver-protocol';
import { docsFolder, withServer } from './helpers/fixtures';

const site = (config: unknown) =>
  docsFolder({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'docs.json': { navigation: { pages: ['guide/a', 'api/b', 'gone'] } },
    'guide/a.mdx': '[x](/nowhere)\n',
    'api/b.mdx': '[y](/nothing)\n',
    'docs-json.config.json': config,
  });

const severities = (d: { code?: unknown; severity?: number }[]) => d.map((x) => `${String(x.code)} ${x.severity}`).sort();

test('the config sets severities per path in published diagnostics; the editor setting wins where it names a code', async () => {
  const { root, file } = site({ rules: { 'missing-page': 'warning', 'broken-link': 'off' }, overrides: [{ files: ['api/**'], rules: { 'broken-link': 'info' } }] });
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    assert.deepEqual(severities(await client.diagnosticsOf(file('docs.json'), (d) => d.length > 0)), ['missing-page 2']);
    assert.deepEqual(severities(await client.diagnosticsOf(file('api/b.mdx'), (d) => d.length > 0)), ['broken-link 3']);
    // guide/a.mdx: broken-link off by the config, published as no finding.
    await client.open(file('guide/a.mdx'), undefined, 'mdx');
    assert.deepEqual(await client.currentDiagnostics(file('guide/a.mdx')), []);

    // The file changes: the server reads it again on the file event.
    fs.writeFileSync(file('docs-json.config.json'), JSON.stringify({ rules: { 'missing-page': 'hint' } }));
    client.forgetDiagnostics();
    await client.fileEvents([{ file: file('docs-json.config.json'), type: FileChangeType.Changed }]);
    assert.deepEqual(severities(await client.diagnosticsOf(file('docs.json'), (d) => d.length > 0 && d[0].severity === 4)), ['missing-page 4']);
    assert.deepEqual(severities(await client.diagnosticsOf(file('guide/a.mdx'), (d) => d.length > 0)), ['broken-link 1']);
  });
});

test('the editor\'s docsJson.severity is a personal layer over the config, overrides included', async () => {
  const { root, file } = site({ rules: { 'missing-page': 'off' }, overrides: [{ files: ['api/**'], rules: { 'broken-link': 'off' } }] });
  await withServer(
    root,
    async (client) => {
      await client.open(file('docs.json'));
      assert.deepEqual(severities(await client.diagnosticsOf(file('docs.json'), (d) => d.length > 0)), ['missing-page 2']);
      assert.deepEqual(severities(await client.diagnosticsOf(file('api/b.mdx'), (d) => d.length > 0)), ['broken-link 2']);
    },
    { settings: { severity: { 'missing-page': 'warning', 'broken-link': 'warning' } } },
  );
});
