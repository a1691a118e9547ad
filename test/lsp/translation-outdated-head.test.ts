// Issue 51: translation-outdated while the editor is open. A commit or a checkout moves HEAD (the client watches
// `.git/HEAD`, `.git/packed-refs` and `.git/refs/heads/**`): the translations are checked against the new history
// at once, without waiting for a page to change on disk. The real server over stdio, a real repository.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { test } from 'node:test';
import { FileChangeType } from 'vscode-languageserver';
import { GIT_HEAD_GLOB } from '../../server/src/protocol';
import { openSite } from '../language-service/helpers';
import { docsFolder, withServer } from './helpers/fixtures';
import { uriOf } from './helpers/lsp-client';

const SETTINGS = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#0B7D62' } };
const DOCS_JSON = JSON.stringify({ ...SETTINGS, navigation: { languages: [{ language: 'en', pages: ['en/start'] }, { language: 'es', pages: ['es/start'] }] } }, null, 2);
// The translation lacks the source's note: its translation-structure finding tells that the server checked it.
const EN = '---\ntitle: "Start"\n---\n\n## Install\n\nRun it.\n\n<Note>Once.</Note>\n';
const ES = '---\ntitle: "Inicio"\n---\n\n## Instalar\n\nEjecútalo.\n';

function git(cwd: string, date: string, ...args: string[]): void {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  const result = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'init.defaultBranch=main', '-c', 'core.hooksPath=/dev/null', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8', env });
  assert.equal(result.status, 0, result.stderr);
}

/** The site committed once, source and translation together (2020): nothing is outdated. */
function committedSite() {
  const folder = docsFolder({ 'docs.json': DOCS_JSON, 'en/start.mdx': EN, 'es/start.mdx': ES });
  git(folder.root, '2020-01-01T00:00:00Z', 'init', '-q');
  git(folder.root, '2020-01-01T00:00:00Z', 'add', '-A');
  git(folder.root, '2020-01-01T00:00:00Z', 'commit', '-qm', 'site');
  return folder;
}

test('a commit of the source (HEAD moved, no page changed on disk since) makes its translation outdated at once; a checkout back clears it', async () => {
  const { root, file } = committedSite();
  await withServer(root, async (client) => {
    await client.waitFor('file watchers', () => client.registrations.length > 0);
    const watchers = client.registrations.flatMap((r) => (r.registerOptions as { watchers?: { globPattern: string }[] })?.watchers ?? []);
    assert.ok(watchers.some((w) => w.globPattern === GIT_HEAD_GLOB), JSON.stringify(watchers));
    const outdated = <T extends { code?: unknown }>(d: T[]) => d.filter((x) => x.code === 'translation-outdated');
    await client.open(file('docs.json'));
    // The translation checked (its history read, at the first commit): in step by history.
    const first = await client.diagnosticsOf(file('es/start.mdx'), (d) => d.some((x) => x.code === 'translation-structure'));
    assert.deepEqual(outdated(first), []);

    // The source edited and saved in prose (a change on disk, checked; its translation is not checked again): not
    // committed, so nothing is outdated yet. A change of the open docs.json is checked after the file events before it.
    fs.writeFileSync(file('en/start.mdx'), EN.replace('Run it.', 'Run it twice.'));
    await client.fileEvents([{ file: file('en/start.mdx'), type: FileChangeType.Changed }]);
    await client.change(file('docs.json'), `${DOCS_JSON} `);
    await client.currentDiagnostics(file('docs.json'));
    assert.deepEqual(outdated(client.diagnostics.get(uriOf(file('es/start.mdx')))?.diagnostics ?? []), []);

    // Committed in a terminal (2024): only .git changes, and the watcher tells of the branch's ref.
    git(root, '2024-01-01T00:00:00Z', 'commit', '-qam', 'source');
    await client.fileEvents([{ file: file('.git/refs/heads/main'), type: FileChangeType.Changed }]);
    const [finding] = outdated(await client.diagnosticsOf(file('es/start.mdx'), (d) => outdated(d).length === 1));
    assert.match(String(finding.message), /^Last committed 2020-01-01, before its source "en\/start\.mdx" changed \(2024-01-01\)/);

    // A checkout of the first commit (HEAD detached there): in step again.
    git(root, '2024-01-01T00:00:00Z', 'checkout', '-q', 'HEAD~1');
    await client.fileEvents([{ file: file('.git/HEAD'), type: FileChangeType.Changed }, { file: file('en/start.mdx'), type: FileChangeType.Changed }]);
    await client.diagnosticsOf(file('es/start.mdx'), (d) => outdated(d).length === 0);
    assert.deepEqual(client.errors, []);
  });
});

test('quiet twin: an event of another repository\'s HEAD, or of a file under .git that is no ref, reads no history again and checks nothing', () => {
  const other = committedSite();
  const site = openSite(DOCS_JSON, { files: { 'en/start.mdx': EN, 'es/start.mdx': ES } });
  fs.mkdirSync(`${site.root}/.git/refs/heads`, { recursive: true });
  site.service.checkPages(site.project);
  const generation = site.project.pageLinks.historyGeneration;
  const event = (file: string) => site.service.fileEvents([{ uri: uriOf(file), type: 'changed' }]).check;
  for (const file of [other.file('.git/HEAD'), other.file('.git/refs/heads/main'), `${site.root}/.git/index`, `${site.root}/.git/objects/ab/cdef`, `${site.root}/.git/refs/tags/v1`]) {
    assert.deepEqual(event(file), [], file);
  }
  assert.equal(site.project.pageLinks.historyGeneration, generation);
  // Its own HEAD, a branch's ref, packed-refs: the folder is checked again and its history read again.
  for (const [i, file] of [`${site.root}/.git/HEAD`, `${site.root}/.git/refs/heads/feature/x`, `${site.root}/.git/packed-refs`].entries()) {
    assert.deepEqual(event(file), [site.project], file);
    assert.equal(site.project.pageLinks.historyGeneration, generation + i + 1);
  }
});
