// The server's log (VS Code's "docs.json Language Server" output): a start line per docs folder with the version,
// the files indexed and the first check's time, then a line per check.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { docsFolder, withServer } from './helpers/fixtures';
import { uriOf } from './helpers/lsp-client';

test('log: a start line (version, files indexed, first check time), then one line per check with its findings and time', async () => {
  const { root, file } = docsFolder({ 'docs.json': { navigation: { pages: ['intro', 'gone'] } }, 'intro.mdx': '', 'guides/setup.mdx': '' });
  const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { version: string };
  await withServer(root, async (client) => {
    const start = await client.waitFor('the start line', () => client.logs.find((line) => line.includes('started on')));
    const escaped = root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    assert.match(start, new RegExp(`^docs-json-language-server ${version.replace(/\./g, '\\.')} \\(Node v[\\d.]+\\) started on ${escaped}: 3 files indexed, first check of docs\\.json: \\d+ findings? in \\d+ ms$`));
    await client.open(file('docs.json'));
    await client.change(file('docs.json'), JSON.stringify({ navigation: { pages: ['intro', 'gone', 'also-gone'] } }));
    const published = await client.waitFor('the edit checked', () => {
      const list = client.diagnostics.get(uriOf(file('docs.json')))?.diagnostics;
      return list?.some((d) => String(d.message).includes('also-gone')) && list;
    });
    // The log line follows the check's diagnostics.
    const expected = `Checked ${file('docs.json')}: ${published.length} findings in N ms`;
    await client.waitFor(expected, () => client.logs.some((l) => l.replace(/\d+ ms$/, 'N ms') === expected));
    assert.equal(client.logs.filter((l) => l.includes('started on')).length, 1, 'one start line per folder');
  });
});
