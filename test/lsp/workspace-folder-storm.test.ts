// Issue 44, medium: workspace-folder events were paid one by one (400 events: no hover in 120 s). They are batched
// now: the events only note what changed, and one walker takes the net changes a folder at a time. Judged by the
// number of walks the server reports and by the order of its messages, never by time.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { WALK_SLICE_FOLDERS } from '../../server/src/checker/workspace/file-index';
import { docsFolder, withServer } from './helpers/fixtures';
import { positionOf, uriOf } from './helpers/lsp-client';
import { REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { tempDir } from '../helpers/temp-dir';

/** A docs folder of `folders` folders of one page each (its walk takes several slices). */
function walkedFolder(folders: number): string {
  const root = tempDir('folder-storm');
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['f0/page'] } }));
  for (let i = 0; i < folders; i++) {
    fs.mkdirSync(path.join(root, `f${i}`));
    fs.writeFileSync(path.join(root, `f${i}`, 'page.mdx'), '');
  }
  return root;
}

const folder = (root: string) => ({ uri: uriOf(root), name: path.basename(root) });

test('workspace folders: 400 events (folders added and removed again and again) cost one walk per folder left added; a hover is answered', { timeout: 120_000 }, async () => {
  const first = docsFolder({ 'docs.json': { navigation: { pages: ['a'] } }, 'a.mdx': '# A\n' });
  const storm = Array.from({ length: 4 }, () => walkedFolder(4 * WALK_SLICE_FOLDERS));
  await withServer(first.root, async (client) => {
    const docs = first.file('docs.json');
    await client.open(docs);
    await client.diagnosticsOf(docs);
    // Each folder added and removed 50 times, then added a last time: 400 events.
    for (let round = 0; round < 49; round++) {
      for (const root of storm) {
        void client.notifyServer('workspace/didChangeWorkspaceFolders', { event: { added: [folder(root)], removed: [] } });
        void client.notifyServer('workspace/didChangeWorkspaceFolders', { event: { added: [], removed: [folder(root)] } });
      }
    }
    for (const root of storm) void client.notifyServer('workspace/didChangeWorkspaceFolders', { event: { added: [folder(root)], removed: [] } });
    for (const root of storm) void client.notifyServer('workspace/didChangeWorkspaceFolders', { event: { added: [], removed: [folder(root)] } });
    for (const root of storm) void client.notifyServer('workspace/didChangeWorkspaceFolders', { event: { added: [folder(root)], removed: [] } });
    const hover = await client.hover(docs, positionOf(client.text(docs), '"a"', 1));
    assert.ok(hover, 'a hover on the page entry');
    for (const root of storm) await client.waitFor(`the walk of ${root}`, () => client.logs.some((line) => line.startsWith(`Looked for docs.json files in ${root}:`)));
    const walks = client.logs.filter((line) => line.startsWith('Looked for docs.json files in') || line.startsWith('Stopped looking for docs.json files in'));
    // Before: a walk per event that added a folder (and a stop per event that removed it), 400 walks begun.
    assert.ok(walks.length < 40, `${walks.length} walks begun for ${storm.length} folders:\n${walks.slice(0, 10).join('\n')}`);
    const batches = client.logs.filter((line) => line.startsWith('Workspace folders changed'));
    assert.ok(batches.length >= 1 && batches.length < 400, `${batches.length} batches`);
  });
});
