// Issue 50: in the editor, a page deleted or moved outside the rename refactor (the Explorer, a terminal's `git mv`)
// offers the redirect `check --base` asks for. The editor's base is the repository's HEAD (`docsJson.killedUrls.
// sinceHead`, on by default): what the uncommitted changes stop serving. The real server over stdio, a real repository.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { FileChangeType } from 'vscode-languageserver';
import { docsFolder, messageOf, withServer } from './helpers/fixtures';
import { LspTestClient } from './helpers/lsp-client';

const LONG = 'Install the tool.\nRun the first command.\nRead the output.\nFix what it says.\nRun it again.\n';
const SETTINGS = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#0B7D62' } };
const site = (pages: string[]) => JSON.stringify({ ...SETTINGS, navigation: { pages } }, null, 2);
const SITE = { 'docs.json': site(['index', 'quickstart']), 'index.mdx': '---\ntitle: Home\n---\n\nHome.\n', 'quickstart.mdx': `---\ntitle: Quickstart\n---\n\n${LONG}` };

function git(cwd: string, ...args: string[]): void {
  const result = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
}

/** The site committed in a repository of its own. */
function committedSite(extra: Record<string, string> = {}): { root: string; file: (relative: string) => string } {
  const folder = docsFolder({ ...SITE, ...extra });
  git(folder.root, 'init', '-q');
  git(folder.root, 'add', '-A');
  git(folder.root, 'commit', '-qm', 'site');
  return folder;
}

async function docsJsonFindings(client: LspTestClient, docsJson: string): Promise<string[]> {
  // A change of the open docs.json is checked after the file events before it.
  await client.change(docsJson, `${client.text(docsJson)} `);
  return (await client.currentDiagnostics(docsJson)).map((d) => `${d.code}: ${messageOf(d)}`);
}

/** The page moved in a terminal (not the rename refactor), its navigation entry edited by hand. */
async function moveInTerminal(client: LspTestClient, file: (relative: string) => string): Promise<void> {
  fs.renameSync(file('quickstart.mdx'), file('get-started.mdx'));
  await client.fileEvents([
    { file: file('quickstart.mdx'), type: FileChangeType.Deleted },
    { file: file('get-started.mdx'), type: FileChangeType.Created },
  ]);
  await client.change(file('docs.json'), site(['index', 'get-started']));
}

test('a page moved outside the refactor: killed-url against HEAD, its redirect the preferred fix, and the finding goes', async () => {
  const { root, file } = committedSite();
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    assert.deepEqual(await docsJsonFindings(client, file('docs.json')), [], 'the committed site kills nothing');
    await moveInTerminal(client, file);
    // HEAD is read without blocking the check: its findings come with the check that follows the read.
    const [finding, ...more] = await client.diagnosticsOf(file('docs.json'), (d) => d.some((f) => f.code === 'killed-url'));
    assert.deepEqual(more, []);
    assert.equal(finding.code, 'killed-url');
    assert.equal(messageOf(finding), "'/quickstart' (the page quickstart.mdx at HEAD) is no longer served and no redirect keeps it: add a redirect to /get-started (renamed)");
    const actions = (await client.codeActions(file('docs.json'), finding.range, [finding])) ?? [];
    const preferred = actions.find((a) => 'isPreferred' in a && a.isPreferred);
    assert.equal(preferred?.title, 'Redirect /quickstart to /get-started');
    await client.applyEdit(preferred!.edit!);
    assert.deepEqual(await docsJsonFindings(client, file('docs.json')), [], 'the redirect keeps the URL: no finding, none added');
  });
});

test('quiet twins: a deleted page the navigation still names is missing-page alone; the setting off, or no repository, report nothing', async () => {
  const { root, file } = committedSite({ 'old.mdx': '---\ntitle: Old\n---\n\nOld.\n' });
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    // quickstart.mdx deleted, its entry kept; old.mdx (outside the navigation) deleted: its finding shows HEAD was read.
    fs.rmSync(file('quickstart.mdx'));
    fs.rmSync(file('old.mdx'));
    await client.fileEvents([
      { file: file('quickstart.mdx'), type: FileChangeType.Deleted },
      { file: file('old.mdx'), type: FileChangeType.Deleted },
    ]);
    await client.change(file('docs.json'), `${client.text(file('docs.json'))} `);
    const found = await client.diagnosticsOf(file('docs.json'), (d) => d.some((f) => f.code === 'killed-url'));
    assert.deepEqual(found.map((f) => `${f.code}: ${messageOf(f).split(' is ')[0]}`).sort(), ["killed-url: '/old' (the page old.mdx at HEAD)", "missing-page: No page file for 'quickstart' (.mdx, .md, /index.mdx or /index.md)"].sort(), 'one mistake, one finding');
  });
  const off = committedSite();
  await withServer(
    off.root,
    async (client) => {
      await client.open(off.file('docs.json'));
      await moveInTerminal(client, off.file);
      // Time for a read of HEAD to end, were one started (no event tells of a read that does not happen).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      assert.deepEqual(await docsJsonFindings(client, off.file('docs.json')), []);
    },
    { settings: { killedUrls: { sinceHead: false } } },
  );
  const plain = docsFolder(SITE);
  await withServer(plain.root, async (client) => {
    await client.open(plain.file('docs.json'));
    await moveInTerminal(client, plain.file);
    assert.deepEqual(await docsJsonFindings(client, plain.file('docs.json')), []);
  });
});

test('a commit takes the change in: HEAD read again, what the next move kills is told against it; the repository is left as it was', async () => {
  const { root, file } = committedSite();
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    await moveInTerminal(client, file);
    assert.deepEqual((await client.diagnosticsOf(file('docs.json'), (d) => d.some((f) => f.code === 'killed-url'))).map(messageOf), ["'/quickstart' (the page quickstart.mdx at HEAD) is no longer served and no redirect keeps it: add a redirect to /get-started (renamed)"]);
    fs.writeFileSync(file('docs.json'), client.text(file('docs.json')));
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'moved');
    // The next move, after the commit: killed against the new HEAD (get-started, which the old HEAD never served).
    fs.renameSync(file('get-started.mdx'), file('start.mdx'));
    await client.fileEvents([
      { file: file('get-started.mdx'), type: FileChangeType.Deleted },
      { file: file('start.mdx'), type: FileChangeType.Created },
    ]);
    await client.change(file('docs.json'), site(['index', 'start']));
    const found = await client.diagnosticsOf(file('docs.json'), (d) => d.some((f) => messageOf(f).startsWith("'/get-started'")));
    assert.deepEqual(found.map(messageOf), ["'/get-started' (the page get-started.mdx at HEAD) is no longer served and no redirect keeps it: add a redirect to /start (renamed)"]);
  });
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' }).stdout;
  assert.deepEqual(status.split('\n').filter(Boolean).sort(), [' D get-started.mdx', '?? start.mdx'].sort(), 'nothing of ours written into the repository');
  assert.ok(!fs.readdirSync(root).some((name) => name.startsWith('.docs-json-base')), path.basename(root));
});
