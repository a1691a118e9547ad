// The hint on a page file that no navigation entry reaches: on open files only, unless the settings raise it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Diagnostic } from 'vscode-languageserver-types';
import { openSite, Site, SiteSetup } from './helpers';

const NAVIGATION = '{ "navigation": { "groups": [{ "group": "Start", "pages": ["intro"] }] } }';
const FILES = ['intro.mdx', 'guides/deploy.mdx', 'other.md', 'snippets/note.mdx', 'README.md'];

/** A site checked once (orphans are known after a check), with `open` page files open in the editor. */
function checkedSite(open: string[], setup: SiteSetup = {}): Site {
  const site = openSite(NAVIGATION, { files: FILES, ...setup });
  site.service.check(site.project);
  for (const page of open) site.service.openDocument(site.uriOf(page), '');
  return site;
}

/** `severity message` of each hint, by relative path. */
function hintsOf(site: Site): Record<string, string[]> {
  const severity = ['', 'error', 'warning', 'info', 'hint'];
  const byFile: Record<string, string[]> = {};
  for (const [file, list] of site.service.orphanHints(site.project)) {
    byFile[site.relativeOf(site.service.uriOf(file))] = list.map((d: Diagnostic) => `${severity[d.severity!]} ${d.message}`);
  }
  return byFile;
}

test('an open page that no entry reaches gets a hint at its start; reached pages, snippets and notes do not', () => {
  const site = checkedSite(['guides/deploy.mdx', 'intro.mdx', 'snippets/note.mdx', 'README.md']);
  assert.deepEqual(hintsOf(site), { 'guides/deploy.mdx': ["hint 'guides/deploy.mdx' is not in the navigation: no entry of docs.json reaches it"] });
  const [hint] = site.service.orphanHints(site.project).values().next().value!;
  assert.deepEqual([hint.code, hint.range.start, hint.range.end], ['docsJson.orphan', { line: 0, character: 0 }, { line: 0, character: 0 }]);
});

test('opening a page concerns its orphan hint; closing it takes the hint away', () => {
  const site = checkedSite([]);
  const opened = site.service.openDocument(site.uriOf('other.md'), '');
  assert.deepEqual(opened.orphans, [site.project]);
  assert.deepEqual(Object.keys(hintsOf(site)), ['other.md']);
  site.service.closeDocument(site.uriOf('other.md'));
  assert.deepEqual(hintsOf(site), {});
});

test('raised to a listed severity, every orphan is reported, open or not', () => {
  const site = checkedSite([], { settings: { severity: { 'docsJson.orphan': 'warning' } } });
  assert.deepEqual(hintsOf(site), {
    'guides/deploy.mdx': ["warning 'guides/deploy.mdx' is not in the navigation: no entry of docs.json reaches it"],
    'other.md': ["warning 'other.md' is not in the navigation: no entry of docs.json reaches it"],
  });
});

test('`off` hides the hint even on an open page', () => {
  assert.deepEqual(hintsOf(checkedSite(['guides/deploy.mdx'], { settings: { severity: { 'docsJson.orphan': 'off' } } })), {});
});

test('a page of a docs folder nested inside is that folder\'s, not an orphan of the outer one', () => {
  const site = openSite(NAVIGATION, {
    files: { 'intro.mdx': '', 'packages/x/docs.json': { navigation: { pages: ['index'] } }, 'packages/x/index.mdx': '', 'packages/x/stray.mdx': '' },
    settings: { severity: { 'docsJson.orphan': 'info' } },
  });
  const inner = site.service.projects().find((p) => p !== site.project)!;
  site.service.configure(inner, { enable: true, severity: { 'docsJson.orphan': 'info' }, extraLanguageCodes: [], addRedirectsOnRename: true });
  for (const project of [site.project, inner]) site.service.check(project);
  assert.deepEqual(hintsOf(site), {});
  assert.deepEqual([...site.service.orphanHints(inner).keys()].map((file) => site.relativeOf(site.service.uriOf(file))), ['packages/x/stray.mdx']);
});
