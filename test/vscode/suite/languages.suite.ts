// Languages in step (issue 37), in the real VS Code: *Docs: Show Translations* opens the grid of pages × languages,
// and a missing translation's cell creates the page from the default one and lists it.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import * as vscode from 'vscode';
import type { TranslationsShown } from '../../../client/src/languages/translations-panel';
import { api, codeOf, docsJsonUri, ourDiagnostics, waitFor } from './helpers';

const PAGES = ['en/start', 'en/guide', 'ja/start'];

test('Show Translations: the grid of pages × languages, and a missing translation created from its cell', async () => {
  const extension = await api();
  const root = path.dirname(docsJsonUri.fsPath);
  const original = fs.readFileSync(docsJsonUri.fsPath, 'utf8');
  const site = {
    theme: 'mint',
    name: 'Acme Docs',
    colors: { primary: '#0B7D62' },
    navigation: {
      languages: [
        { language: 'en', groups: [{ group: 'Guide', pages: ['en/start', 'en/guide'] }] },
        { language: 'ja', groups: [{ group: 'ガイド', pages: ['ja/start'] }] },
      ],
    },
  };
  const made = PAGES.map((page) => path.join(root, `${page}.mdx`));
  const created = path.join(root, 'ja', 'guide.mdx');
  for (const file of made) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `---\ntitle: "${path.basename(file, '.mdx')}"\n---\n\nText.\n`);
  }
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  await replaceAndSave(document, `${JSON.stringify(site, null, 2)}\n`);
  try {
    await waitFor('the translation-missing finding', () => ourDiagnostics(docsJsonUri).some((d) => codeOf(d) === 'translation-missing'));
    // The pages were written behind the editor's back: the grid names their files once the server's index has them.
    const shown = await waitFor('the grid with its files', async () => {
      const next = await vscode.commands.executeCommand<TranslationsShown>('docsJson.showTranslations', docsJsonUri);
      return next.grids[0]?.rows[0]?.cells[1]?.file !== undefined && next;
    });
    assert.equal(shown.grids.length, 1);
    const [grid] = shown.grids;
    assert.deepEqual(grid.languages, ['en', 'ja']);
    assert.deepEqual(grid.rows.map((row) => [row.page, ...row.cells.map((cell) => cell.cell)]), [
      ['en/start', 'present', 'present'],
      ['en/guide', 'present', 'missing'],
    ]);
    // Issue 48: the counts the CLI prints, and a filter down to the pages with a missing translation.
    assert.deepEqual(grid.pages, [2, 1]);
    const html = extension.translations.html ?? '';
    assert.match(html, /<td>2 pages<\/td><td>1 pages: 1 listed, 1 missing/);
    assert.match(html, /<input type="checkbox" data-filter="grid-0"> Only pages with a missing translation \(1\)/);
    assert.deepEqual([...html.matchAll(/<tr class="gap">.*?<\/tr>/g)].map((m) => /en\/guide/.test(m[0])), [true], 'the one row with a gap is en/guide');
    assert.match(html, /table\.gaps-only tbody tr:not\(\.gap\) \{ display: none; \}/);
    assert.equal(grid.rows[0].cells[1].file, vscode.Uri.file(path.join(root, 'ja', 'start.mdx')).toString(), 'a present cell opens its file');
    const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs);
    const tab = await waitFor('the grid\'s tab', () => vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((t) => t.label.startsWith('Translations')));
    assert.ok(tab.input instanceof vscode.TabInputWebview, `the grid is a webview tab: ${tabs.map((t) => `${t.label} ${t.input?.constructor.name}`).join(', ')}`);

    // The missing cell's fix: the server's "Create … from the en page and add it to …".
    assert.ok(await extension.translations.fix('ja/guide', 'missing'), 'the fix applied');
    await waitFor('ja/guide.mdx created', () => fs.existsSync(created));
    const copy = await vscode.workspace.openTextDocument(vscode.Uri.file(created));
    assert.match(copy.getText(), /^---\ntranslation: "todo: translate from en \(en\/guide\.mdx\), then remove this line"\ntitle: "guide"/);
    assert.deepEqual(JSON.parse(document.getText()).navigation.languages[1].groups[0].pages, ['ja/start', 'ja/guide']);
    const again = await waitFor('the grid without a missing cell', async () => {
      const next = await vscode.commands.executeCommand<TranslationsShown>('docsJson.showTranslations', docsJsonUri);
      return next.grids[0]?.rows.every((row) => row.cells.every((cell) => cell.cell === 'present')) && next;
    });
    assert.equal(again.grids[0].counts[1].missing, 0);
    assert.match(extension.translations.html ?? '', /disabled> Only pages with a missing translation \(0\)/);
  } finally {
    await vscode.workspace.saveAll(false);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await replaceAndSave(await vscode.workspace.openTextDocument(docsJsonUri), original);
    for (const file of [...made, created]) fs.rmSync(file, { force: true });
    for (const folder of ['en', 'ja']) fs.rmSync(path.join(root, folder), { recursive: true, force: true });
  }
});

async function replaceAndSave(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
  assert.ok(await document.save());
}

// Issue 48: moving an English page takes its translations to the same place, so that translation-missing does not
// come back: Move Page… in the Docs view (its question answered yes), and a move in Explorer offers it.
// It timed out in the whole suite only: the server had been told, by a watcher's coalesced events, that a page the
// test before had deleted and this one had made again was gone (test/lsp/stale-file-events.test.ts).
test('moving a page of the default language moves its translations with it; a move in Explorer offers it', async () => {
  const extension = await api();
  const root = path.dirname(docsJsonUri.fsPath);
  const original = fs.readFileSync(docsJsonUri.fsPath, 'utf8');
  const site = {
    theme: 'mint',
    name: 'Acme Docs',
    colors: { primary: '#0B7D62' },
    navigation: {
      languages: [
        { language: 'en', groups: [{ group: 'Guide', pages: ['en/start', 'en/guide'] }] },
        { language: 'ja', groups: [{ group: 'ガイド', pages: ['ja/start', 'ja/guide'] }] },
      ],
    },
  };
  const pages = ['en/start', 'en/guide', 'ja/start', 'ja/guide'];
  for (const page of pages) {
    fs.mkdirSync(path.join(root, path.dirname(page)), { recursive: true });
    fs.writeFileSync(path.join(root, `${page}.mdx`), `---\ntitle: "${page}"\n---\n\nText.\n`);
  }
  const uri = (relative: string) => vscode.Uri.file(path.join(root, relative));
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  await replaceAndSave(document, `${JSON.stringify(site, null, 2)}\n`);
  try {
    await waitFor('the grid with the Japanese guide', async () => {
      const next = await vscode.commands.executeCommand<TranslationsShown>('docsJson.showTranslations', docsJsonUri);
      return next.grids[0]?.rows[1]?.cells[1]?.file !== undefined;
    });
    const row = await waitFor('the guide\'s row', () => extension.navigation.rowOf(uri('en/guide.mdx')));
    assert.equal(await vscode.commands.executeCommand('docsJson.movePage', row, 'en/setup/guide.mdx', true), true);
    await waitFor('both files moved', () => fs.existsSync(uri('en/setup/guide.mdx').fsPath) && fs.existsSync(uri('ja/setup/guide.mdx').fsPath));
    assert.ok(!fs.existsSync(uri('ja/guide.mdx').fsPath));
    // docs.json is read afresh at each look: the document opened above is not shown in an editor, and VS Code may
    // close it (a closed TextDocument keeps its old text) and open a new one for the move's edit, as it did under load.
    const docsJsonText = async () => (await vscode.workspace.openTextDocument(docsJsonUri)).getText();
    const moved = await waitFor('both entries moved', async () => {
      const text = await docsJsonText();
      return text.includes('"ja/setup/guide"') && text.includes('"en/setup/guide"') && JSON.parse(text);
    });
    assert.deepEqual(moved.redirects, [
      { source: '/en/guide', destination: '/en/setup/guide' },
      { source: '/ja/guide', destination: '/ja/setup/guide' },
    ]);
    await vscode.workspace.saveAll(false);
    await waitFor('no translation-missing', () => !ourDiagnostics(docsJsonUri).some((d) => codeOf(d) === 'translation-missing'), 10_000).catch(() => undefined);
    assert.deepEqual(ourDiagnostics(docsJsonUri).filter((d) => codeOf(d) === 'translation-missing').map((d) => d.message), []);

    // A move as Explorer makes it (a workspace edit's rename): the translation is offered, in one notification.
    const offered = new Promise<{ moves: { from: string; to: string }[] }>((resolve) => {
      const listening = extension.onDidOfferTranslations((offer) => {
        listening.dispose();
        resolve(offer);
      });
    });
    const edit = new vscode.WorkspaceEdit();
    edit.renameFile(uri('en/start.mdx'), uri('en/begin.mdx'));
    assert.ok(await vscode.workspace.applyEdit(edit));
    const offer = await offered;
    assert.deepEqual(offer.moves.map((m) => [vscode.Uri.parse(m.from).fsPath, vscode.Uri.parse(m.to).fsPath]), [[uri('ja/start.mdx').fsPath, uri('ja/begin.mdx').fsPath]]);
  } finally {
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.workspace.saveAll(false);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await replaceAndSave(await vscode.workspace.openTextDocument(docsJsonUri), original);
    for (const folder of ['en', 'ja']) fs.rmSync(path.join(root, folder), { recursive: true, force: true });
  }
});

// Issue 51: the grid's cells show both kinds of being out of step: a missing counterpart, and a translation whose
// structure differs from its source's and that was last committed before it (git history of a repository made here).
// Folders no test before used (es, fr): pages deleted by one test and made again by the next at the same paths had
// the server told, by coalesced watcher events, that they were gone (see the moving test above).
test('Show Translations: a missing cell, and a present one that differs from its source and is older than it', async () => {
  const extension = await api();
  const root = path.dirname(docsJsonUri.fsPath);
  const original = fs.readFileSync(docsJsonUri.fsPath, 'utf8');
  const site = {
    theme: 'mint',
    name: 'Acme Docs',
    colors: { primary: '#0B7D62' },
    navigation: {
      languages: [
        { language: 'es', groups: [{ group: 'Guía', pages: ['es/start', 'es/guide'] }] },
        { language: 'fr', groups: [{ group: 'Guide', pages: ['fr/start'] }] },
      ],
    },
  };
  const pages: Record<string, string> = {
    'es/start.mdx': '---\ntitle: "Inicio"\n---\n\n## Instalar\n\n<Warning>La clave es secreta.</Warning>\n',
    'es/guide.mdx': '---\ntitle: "Guía"\n---\n\nTexto.\n',
    'fr/start.mdx': '---\ntitle: "Début"\n---\n\n## Installer\n',
  };
  for (const [page, text] of Object.entries(pages)) {
    fs.mkdirSync(path.join(root, path.dirname(page)), { recursive: true });
    fs.writeFileSync(path.join(root, page), text);
  }
  // The translation committed in 2020, its source in 2024 (no hooks, no signing: a repository of the test's own).
  const git = (args: string[], date?: string) =>
    execFileSync('git', ['-c', 'core.hooksPath=/dev/null', '-c', 'commit.gpgsign=false', '-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
      cwd: root,
      env: { ...process.env, ...(date && { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }) },
      stdio: 'pipe',
    });
  git(['init', '-q']);
  git(['add', 'fr/start.mdx']);
  git(['commit', '-q', '-m', 'fr'], '2020-01-01T00:00:00Z');
  git(['add', 'es']);
  git(['commit', '-q', '-m', 'es'], '2024-01-01T00:00:00Z');
  const document = await vscode.workspace.openTextDocument(docsJsonUri);
  await replaceAndSave(document, `${JSON.stringify(site, null, 2)}\n`);
  try {
    const shown = await waitFor('the grid with the translation\'s drift', async () => {
      const next = await vscode.commands.executeCommand<TranslationsShown>('docsJson.showTranslations', docsJsonUri);
      const cell = next.grids[0]?.rows[0]?.cells[1];
      return cell?.differences === 1 && cell.outdated === true && next;
    });
    const [grid] = shown.grids;
    assert.deepEqual(grid.rows.map((row) => [row.page, ...row.cells.map((cell) => [cell.cell, cell.differences ?? 0, cell.outdated ?? false])]), [
      ['es/start', ['present', 0, false], ['present', 1, true]],
      ['es/guide', ['present', 0, false], ['missing', 0, false]],
    ]);
    assert.deepEqual(grid.drift, [{ differing: 0, outdated: 0 }, { differing: 1, outdated: 1 }]);
    const html = extension.translations.html ?? '';
    // Each kind in its cell, and the language's counts of both.
    const cells = [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) => [...m[1].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1].replace(/<[^>]+>/g, '')));
    const row = (page: string) => cells.find((texts) => texts[0] === page);
    assert.deepEqual(row('es/start')?.slice(1), ['✓ · 1 difference, older than source'], html);
    assert.deepEqual(row('es/guide')?.slice(1), ['missing'], html);
    assert.match(html, /1 pages: 1 listed, 1 missing, 0 not listed, 0 fallback; 1 differ from the source, 1 older than it/);
  } finally {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await replaceAndSave(await vscode.workspace.openTextDocument(docsJsonUri), original);
    for (const folder of ['es', 'fr', '.git']) fs.rmSync(path.join(root, folder), { recursive: true, force: true });
  }
});
