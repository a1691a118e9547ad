// The finding on a page file that no navigation entry reaches: information on every orphan, in the Problems panel;
// lowered to a hint, on open files only.
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

/** The file is named by the Problems panel's row, not again in the message. */
const MESSAGE = 'Not in the navigation: no entry of docs.json reaches this page';
const AS_HINT: SiteSetup = { settings: { severity: { 'docsJson.orphan': 'hint' } } };

test('every page that no entry reaches is reported as information on its first line, open or not; reached pages, snippets and notes are not', () => {
  const site = checkedSite(['intro.mdx', 'snippets/note.mdx', 'README.md']);
  assert.deepEqual(hintsOf(site), { 'guides/deploy.mdx': [`info ${MESSAGE}`], 'other.md': [`info ${MESSAGE}`] });
  const [hint] = site.service.orphanHints(site.project).values().next().value!;
  assert.deepEqual([hint.code, hint.range.start, hint.range.end], ['docsJson.orphan', { line: 0, character: 0 }, { line: 1, character: 0 }]);
});

test('lowered to a hint, only open pages get it: opening a page concerns its hint, closing it takes the hint away', () => {
  const site = checkedSite([], AS_HINT);
  const opened = site.service.openDocument(site.uriOf('other.md'), '');
  assert.deepEqual(opened.orphans, [site.project]);
  assert.deepEqual(hintsOf(site), { 'other.md': [`hint ${MESSAGE}`] });
  site.service.closeDocument(site.uriOf('other.md'));
  assert.deepEqual(hintsOf(site), {});
});

test('raised to a warning, every orphan is a warning', () => {
  const site = checkedSite([], { settings: { severity: { 'docsJson.orphan': 'warning' } } });
  assert.deepEqual(hintsOf(site), { 'guides/deploy.mdx': [`warning ${MESSAGE}`], 'other.md': [`warning ${MESSAGE}`] });
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
