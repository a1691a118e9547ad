// Issue 34, medium: a workspace folder added later was walked in one go (adding `/`: no answer for minutes) and its
// removal did not stop the walk. It is walked in slices now: requests are answered meanwhile, and a removal stops
// it. Judged by the order of the server's messages, never by time (issue 32).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { findDocsFoldersInSlices } from '../../server/src/project/find-docs-folders';
import { scanDocsFolder, WALK_SLICE_FOLDERS } from '../../server/src/checker/workspace/file-index';
import { codes, docsFolder, withServer } from './helpers/fixtures';
import { LspTestClient, positionOf, uriOf } from './helpers/lsp-client';
import { REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { createLanguageService } from '../../server/src/language';
import { tempDir } from '../helpers/temp-dir';

/** A folder of `folders` folders of one page each, and a docs.json at its root listing a page that is not there. */
function bigFolder(folders: number): string {
  const root = tempDir('big-workspace-folder');
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['missing'] } }));
  for (let i = 0; i < folders; i++) {
    const folder = path.join(root, `f${i}`);
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'page.mdx'), '');
  }
  return root;
}

const FOLDERS = 200 * WALK_SLICE_FOLDERS;
const folderEvent = (added: string[], removed: string[]) => ({
  event: { added: added.map((root) => ({ uri: uriOf(root), name: path.basename(root) })), removed: removed.map((root) => ({ uri: uriOf(root), name: path.basename(root) })) },
});
const walkedLine = (client: LspTestClient, root: string) => client.logs.find((line) => line.startsWith(`Looked for docs.json files in ${root}:`));

test('workspace folders: a big folder added is walked in slices, a hover is answered before its walk ends', async () => {
  const first = docsFolder({ 'docs.json': { navigation: { pages: ['a'] } }, 'a.mdx': '# A\n' });
  const big = bigFolder(FOLDERS);
  await withServer(first.root, async (client) => {
    const docs = first.file('docs.json');
    await client.open(docs);
    await client.diagnosticsOf(docs);
    void client.notifyServer('workspace/didChangeWorkspaceFolders', folderEvent([big], []));
    const hover = await client.hover(docs, positionOf(client.text(docs), '"a"', 1));
    assert.ok(hover, 'a hover on the page entry');
    assert.equal(walkedLine(client, big), undefined, 'the hover came before the walk of the added folder ended');
    // The walk ends, finds the folder's docs.json, and its findings follow.
    assert.equal(await client.waitFor('the walk to end', () => walkedLine(client, big)), `Looked for docs.json files in ${big}: 1 docs folder`);
    assert.deepEqual(codes(await client.diagnosticsOf(path.join(big, 'docs.json'))), ['missing-page']);
  });
});

test('workspace folders: removing a folder stops its walk; nothing of it is checked', async () => {
  const first = docsFolder({ 'docs.json': { navigation: { pages: ['a'] } }, 'a.mdx': '# A\n' });
  const big = bigFolder(FOLDERS);
  await withServer(first.root, async (client) => {
    await client.diagnosticsOf(first.file('docs.json'));
    void client.notifyServer('workspace/didChangeWorkspaceFolders', folderEvent([big], []));
    void client.notifyServer('workspace/didChangeWorkspaceFolders', folderEvent([], [big]));
    const stopped = `Stopped looking for docs.json files in ${big}: the folder left the workspace`;
    await client.waitFor('the walk stopped', () => client.logs.includes(stopped));
    // A request answered after the stop: every message of the walk would have come before it.
    assert.ok(await client.navigationTree(first.file('docs.json')));
    assert.equal(walkedLine(client, big), undefined);
    assert.equal(client.diagnostics.get(uriOf(path.join(big, 'docs.json'))), undefined, 'the removed folder was not checked');
  });
});

test('workspace folders: the search for docs.json files stops at its file limit and says so; an abort stops it', async () => {
  const big = bigFolder(3 * WALK_SLICE_FOLDERS);
  let pauses = 0;
  const pause = () => {
    pauses++;
    return new Promise<void>((resolve) => setImmediate(resolve));
  };
  const whole = await findDocsFoldersInSlices(big, { signal: new AbortController().signal, pause });
  assert.deepEqual(whole?.found.map((f) => f.folder), [big]);
  assert.equal(whole?.stopped, false);
  assert.ok(pauses >= 3, `${pauses} pauses for ${3 * WALK_SLICE_FOLDERS} folders`);
  const bounded = await findDocsFoldersInSlices(big, { signal: new AbortController().signal, pause, walkLimit: 10 });
  assert.equal(bounded?.stopped, true);
  const controller = new AbortController();
  pauses = 0;
  const aborted = await findDocsFoldersInSlices(big, {
    signal: controller.signal,
    pause: () => {
      controller.abort();
      return pause();
    },
  });
  assert.equal(aborted, undefined);
  assert.equal(pauses, 1, 'stopped at the first pause after the abort');
});

test('issue 52: a walk whose folder got a project meanwhile (docs.json opened) takes the rest from its index, not a second walk', async () => {
  const big = bigFolder(3 * WALK_SLICE_FOLDERS);
  fs.mkdirSync(path.join(big, 'f1', 'inner'));
  fs.writeFileSync(path.join(big, 'f1', 'inner', 'docs.json'), '{}');
  fs.writeFileSync(path.join(big, 'f1', 'inner', 'a.mdx'), '');
  const signal = new AbortController().signal;
  const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
  const walked = await findDocsFoldersInSlices(big, { signal, pause });
  const index = scanDocsFolder(big);
  let asked = 0;
  let pauses = 0;
  const reused = await findDocsFoldersInSlices(big, {
    signal,
    pause: () => (pauses++, pause()),
    known: (folder) => (asked++ === 0 || folder !== big ? undefined : index),
  });
  assert.equal(pauses, 1, 'one slice walked, then the index was there');
  assert.deepEqual(reused?.found.map((f) => f.folder), walked?.found.map((f) => f.folder));
  assert.deepEqual(reused?.found.map((f) => f.folder), [big, path.join(big, 'f1', 'inner')]);
  assert.equal(reused?.found[0].files, index, "the workspace folder's own index is the project's");
  assert.deepEqual([...reused!.found[1].files.all()].sort(), [...walked!.found[1].files.all()].sort());
  // Quiet twin: a truncated index is not taken (it may lack docs folders); the walk goes on.
  const truncated = await findDocsFoldersInSlices(big, { signal, pause, known: () => scanDocsFolder(big, 5) });
  assert.deepEqual(truncated?.found.map((f) => f.folder), walked?.found.map((f) => f.folder));
});

test('issue 52: docs.json opened while its workspace folder is walked: the project takes the walk\'s files, no folder is read twice', async () => {
  const big = bigFolder(3 * WALK_SLICE_FOLDERS);
  const docs = path.join(big, 'docs.json');
  const service = createLanguageService();
  const reads = new Map<string, number>();
  // The module object the server's code calls through (the namespace import above is read-only).
  const nodeFs = require('node:fs') as typeof fs;
  const readdir = nodeFs.readdirSync;
  const counting = (...args: Parameters<typeof fs.readdirSync>) => {
    reads.set(String(args[0]), (reads.get(String(args[0])) ?? 0) + 1);
    return readdir(...args);
  };
  Object.assign(nodeFs, { readdirSync: counting });
  try {
    const walking = service.addWorkspaceFolderInSlices(big, new AbortController().signal);
    // The walk's first slice has run; docs.json is opened before its next one, as an editor's didOpen comes.
    assert.ok(reads.size > 0 && reads.size < 3 * WALK_SLICE_FOLDERS, `${reads.size} folders read by the first slice`);
    service.openDocument(uriOf(docs), fs.readFileSync(docs, 'utf8'));
    const project = service.projectOfDocsJson(uriOf(docs));
    assert.ok(project);
    const walked = await walking;
    assert.deepEqual(walked?.projects, [project]);
    assert.deepEqual([...reads].filter(([, count]) => count > 1), [], 'each folder listed once');
    assert.equal(project.files.size, scanDocsFolder(big).size);
  } finally {
    Object.assign(nodeFs, { readdirSync: readdir });
    service.dispose();
  }
});
