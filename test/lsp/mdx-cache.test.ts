// The server keeps pages' MDX verdicts across sessions in the file DOCS_JSON_MDX_CACHE names (the VS Code client:
// the workspace's storage folder; issue 33): a reopened site shows its MDX findings without parsing its pages again.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { seal, unseal } from '../../server/src/project/cache-seal';
import { tempDir } from '../helpers/temp-dir';
import { docsFolder, withServer } from './helpers/fixtures';
import { SERVER } from './helpers/lsp-client';

const SITE = {
  'docs.json': { navigation: { pages: ['index', 'guide'] } },
  'index.mdx': '# Home\n\nText {a b} here.\n',
  'guide.mdx': '# Guide\n\n<Card title="A">ok</Card>\n',
};

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

test('MDX verdicts over sessions: saved at shutdown in the file the client names (its folder made), read by the next session', async () => {
  const { root, file } = docsFolder(SITE);
  const cacheFile = path.join(tempDir('storage-'), 'workspace-storage', 'mdx-verdicts.json');
  // Issue 44: sealed with the user's key, in the user's cache folder (XDG_CACHE_HOME).
  const xdg = tempDir('user-cache-');
  const command = ['env', `XDG_CACHE_HOME=${xdg}`, `DOCS_JSON_MDX_CACHE=${cacheFile}`, process.execPath, SERVER, '--stdio'];
  await withServer(
    root,
    async (client) => {
      await client.open(file('docs.json'));
      await client.diagnosticsOf(file('index.mdx'), (d) => d.some((x) => x.code === 'mdx-syntax'));
    },
    { command },
  );
  const secret = fs.readFileSync(path.join(xdg, 'docs-json-tools', 'cache-key'));
  const saved = JSON.parse(unseal(fs.readFileSync(cacheFile, 'utf8'), secret)!) as { entries: Record<string, unknown> };
  assert.equal(saved.entries[hashOf(SITE['guide.mdx'])], null);
  assert.match(JSON.stringify(saved.entries[hashOf(SITE['index.mdx'])]), /"message":"/);

  // A verdict no parser gives: shown by the next session, so it was read, not parsed.
  saved.entries[hashOf(SITE['guide.mdx'])] = { offset: 0, length: 7, message: 'planted verdict' };
  fs.writeFileSync(cacheFile, seal(JSON.stringify(saved), secret));
  await withServer(
    root,
    async (client) => {
      await client.open(file('docs.json'));
      const found = await client.diagnosticsOf(file('guide.mdx'), (d) => d.some((x) => x.code === 'mdx-syntax'));
      assert.ok(found.some((d) => String(d.message).startsWith('planted verdict')), JSON.stringify(found));
    },
    { command },
  );
});
