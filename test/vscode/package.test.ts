// The .vsix holds only what runs, and everything the manifest points at; the engine fits the test host.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { listFiles, PackageManager } from '@vscode/vsce';
import { ACCEPT_LANGUAGE_CODE_COMMAND } from '../../server/src/protocol';
import { HAS_DOCS_JSON } from '../../client/src/navigation/docs-json-presence';

const root = resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Every file the manifest or the client code names, relative to the extension folder. */
function referencedFiles(): string[] {
  const contributes = manifest.contributes;
  // The server's entry runs its main bundle from beside it, and that its spec and MDX workers and the name lists of completion.
  const paths: string[] = [manifest.main, manifest.icon, 'dist/server/server.js', 'dist/server/server-main.js', 'dist/server/spec-worker.js', 'dist/server/spec-validation-worker.js', 'dist/server/mdx-worker.js', 'dist/server/name-lists.json'];
  for (const container of contributes.viewsContainers.activitybar) paths.push(container.icon);
  for (const views of Object.values(contributes.views) as { icon?: string }[][]) for (const view of views) if (view.icon) paths.push(view.icon);
  // The language of .mdx pages has no icon of ours: the MDX extension's, when installed, is the one shown.
  for (const language of contributes.languages) paths.push(language.configuration, ...(language.icon ? [language.icon.light, language.icon.dark] : []));
  for (const grammar of contributes.grammars) paths.push(grammar.path);
  for (const validation of contributes.jsonValidation) paths.push(validation.url);
  for (const walkthrough of contributes.walkthroughs) for (const step of walkthrough.steps) paths.push(step.media.markdown);
  return [...new Set(paths.map((path) => path.replace(/^\.\//, '')))].sort();
}

/** The rule pages diagnostics link to (docs/rules/<code>.md). */
function rulePages(): string[] {
  return readdirSync(join(root, 'docs', 'rules')).filter((file) => file.endsWith('.md')).map((file) => `docs/rules/${file}`);
}

/** The pictures of the writers' README (`../media/x.png` from extension/): the Marketplace page shows them from the .vsix. */
function readmePictures(): string[] {
  const readme = readFileSync(join(root, 'extension', 'README.md'), 'utf8');
  return [...readme.matchAll(/!\[[^\]]*\]\(\.\.\/([^)\s]+)\)/g)].map((match) => match[1]);
}

test('the .vsix holds the bundles, the schema, the manifest media, the rule pages, the licence and changelog, the README\'s pictures, and nothing else', async () => {
  const files = (await listFiles({ cwd: root, packageManager: PackageManager.None, ignoreFile: join(root, '.vscodeignore') })).sort();
  assert.ok(readmePictures().length > 0, "the writers' README shows a picture");
  const expected = [...new Set(['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json', ...referencedFiles(), ...rulePages(), ...readmePictures()])].sort();
  assert.deepEqual(files, expected);
  for (const file of files) assert.ok(existsSync(join(root, file)), `${file} exists`);
});

/** `^1.100.0` → [1, 100, 0]. */
function minimumOf(range: string): number[] {
  const match = /^\^?(\d+)\.(\d+)\.(\d+)$/.exec(range.trim());
  assert.ok(match, `'${range}' is a caret or exact version`);
  return match.slice(1).map(Number);
}

function compare(a: number[], b: number[]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

test('engines.vscode asks for no more than the test host and no less than @types/vscode', async () => {
  const install = await import(pathToFileURL(join(root, 'scripts', 'vscode-install.mjs')).href);
  const host = minimumOf(install.HOST_VSCODE_VERSION);
  const engine = minimumOf(manifest.engines.vscode);
  assert.ok(compare(engine, host) <= 0, `engines.vscode ${manifest.engines.vscode} fits VS Code ${install.HOST_VSCODE_VERSION}`);
  assert.equal(engine[0], host[0], 'same major version');
  assert.ok(compare(minimumOf(manifest.devDependencies['@types/vscode']), engine) <= 0, '@types/vscode is not newer than engines.vscode');
});

test('F2 in the Docs view renames the selected page; its rows offer Rename, Move and Reveal in Explorer', () => {
  assert.deepEqual(manifest.contributes.keybindings.find((entry: { command: string }) => entry.command === 'docsJson.renamePage'), { command: 'docsJson.renamePage', key: 'f2', when: 'focusedView == docsJson.navigation' });
  const rowMenu = manifest.contributes.menus['view/item/context'].map((entry: { command: string }) => entry.command);
  for (const command of ['docsJson.renamePage', 'docsJson.movePage', 'docsJson.revealPageInExplorer']) assert.ok(rowMenu.includes(command), command);
});

test('the Docs view title keeps Refresh inline (beside Collapse All); publishing and the rest are under "…"', () => {
  const entries = manifest.contributes.menus['view/title'].filter((entry: { when: string }) => entry.when.includes('view == docsJson.navigation'));
  const inline = entries.filter((entry: { group?: string }) => (entry.group ?? '').startsWith('navigation'));
  assert.deepEqual(inline.map((entry: { command: string }) => entry.command), ['docsJson.refreshNavigation']);
  assert.ok(entries.some((entry: { command: string }) => entry.command === 'docsJson.triggerUpdate'), 'Trigger Update is in the "…" menu');
});

test('settings are found by the words a writer searches for', () => {
  const properties = manifest.contributes.configuration.properties as Record<string, { keywords?: string[]; description?: string; markdownDescription?: string }>;
  const found = (query: string) =>
    Object.entries(properties)
      .filter(([id, setting]) => query.split(' ').every((word) => `${id} ${setting.description ?? ''} ${setting.markdownDescription ?? ''} ${(setting.keywords ?? []).join(' ')}`.toLowerCase().includes(word)))
      .map(([id]) => id);
  assert.equal(found('mintlify').length, Object.keys(properties).length);
  assert.ok(found('broken link').includes('docsJson.severity'));
  assert.ok(found('publish').includes('docsJson.api.baseUrl'));
});

test('.mdx pages: the id the MDX extensions use, our grammar and brackets under it, and no icon that would win over theirs', () => {
  const mdx = manifest.contributes.languages.find((language: { id: string }) => language.id === 'mdx');
  // VS Code keeps a language's first icon and its last grammar and configuration keys, extensions in folder-name
  // order (docs-json-tools… before mintlify… and unifiedjs…): theirs win wherever both contribute.
  assert.deepEqual(mdx, { id: 'mdx', aliases: ['MDX', 'mdx'], extensions: ['.mdx'], configuration: './media/mdx.language-configuration.json' });
  const grammars = manifest.contributes.grammars.filter((grammar: { language: string }) => grammar.language === 'mdx');
  assert.deepEqual(grammars.map((grammar: { scopeName: string }) => grammar.scopeName), ['source.mdx.docs-json']);
  assert.ok(`${manifest.publisher}.${manifest.name}` < 'mintlify.mintlify-snippets' && `${manifest.publisher}.${manifest.name}` < 'unifiedjs.vscode-mdx');
  assert.deepEqual(manifest.contributes.configurationDefaults['[mdx]'], { 'editor.wordWrap': 'on' });
});

test('the Docs view and the commands show only where a docs.json is (docsJson.hasDocsJson), the view says when it is checking', () => {
  const welcome = manifest.contributes.viewsWelcome.filter((entry: { view: string }) => entry.view === 'docsJson.navigation');
  assert.deepEqual(welcome.map((entry: { when: string }) => entry.when), ['docsJson.hasDocsJson && !docsJson.navigationReady']);
  const view = manifest.contributes.views.docs.find((entry: { id: string }) => entry.id === 'docsJson.navigation');
  assert.equal(view.when, HAS_DOCS_JSON);
  // Every command in the palette has a when clause: hidden (a quick fix's), or shown with a docs.json. The service
  // commands also in a virtual workspace (they work there); clearing a stored key, which serves every workspace,
  // anywhere.
  const palette = new Map<string, string>(manifest.contributes.menus.commandPalette.map((entry: { command: string; when: string }) => [entry.command, entry.when]));
  const anywhere = ['docsJson.clearAdminKey', 'docsJson.clearAssistantKey'];
  const shown = manifest.contributes.commands.map((entry: { command: string }) => entry.command).filter((command: string) => palette.get(command) !== 'false' && !anywhere.includes(command));
  assert.equal(shown.length, 18);
  for (const command of shown) {
    const when = palette.get(command) ?? '';
    assert.ok(when === HAS_DOCS_JSON || when === `${HAS_DOCS_JSON} || virtualWorkspace`, `${command}: ${when}`);
  }
  for (const command of anywhere) assert.equal(palette.get(command), undefined);
  // Without a docs.json the extension does not start by itself: nothing else could set the key.
  assert.deepEqual(manifest.activationEvents, ['workspaceContains:**/docs.json', 'onLanguage:docs-json']);
});

test('one name per thing in titles: the language is "docs.json", every command in the "Docs" category, settings under "Docs"', () => {
  assert.deepEqual(manifest.contributes.languages[0].aliases, ['docs.json']);
  assert.equal(manifest.contributes.configuration.title, 'Docs');
  for (const command of manifest.contributes.commands) assert.equal(command.category, 'Docs', command.command);
  assert.deepEqual(manifest.contributes.configurationDefaults['[docs-json]'], { 'editor.quickSuggestions': { strings: 'on' }, 'editor.wordBasedSuggestions': 'off' });
});

test("the quick fixes' commands are declared, and hidden from the palette (they take the server's arguments)", () => {
  const declared = manifest.contributes.commands.map((entry: { command: string }) => entry.command);
  const hidden = manifest.contributes.menus.commandPalette.filter((entry: { when: string }) => entry.when === 'false').map((entry: { command: string }) => entry.command);
  assert.ok(declared.includes(ACCEPT_LANGUAGE_CODE_COMMAND));
  assert.ok(hidden.includes(ACCEPT_LANGUAGE_CODE_COMMAND));
});
