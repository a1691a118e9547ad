// Issue 22, item 11: links rewritten by a rename are links our own check reads back to the renamed page.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { createLanguageService } from '../../server/src/language';
import { openSite } from './helpers';

const NAMES = ['my guide', 'a#b', 'what?', '[draft]', 'setup (old)', 'a<b>c', 'two\nlines', '100% done', 'tab\there', 'nb\u00a0sp', 'quote"s', "it's"];

/** The missing-page and broken-link findings, checked by a new service reading the folder from disk. */
function brokenLinks(root: string): string[] {
  const service = createLanguageService();
  service.addWorkspaceFolder(root);
  const project = service.projectOfDocsJson(pathToFileURL(path.join(root, 'docs.json')).href)!;
  const entries = [...service.check(project).byFile.values()].flat().filter((d) => d.code === 'missing-page');
  const byFile = service.checkPages(project).byFile;
  const links = [...byFile].flatMap(([file, found]) => found.filter((d) => d.code === 'broken-link').map((d) => `${path.basename(file)}: ${d.message}`));
  return [...entries.map((d) => `docs.json: ${d.message}`), ...links];
}

test('renaming a page to a name with spaces, #, ?, brackets, parentheses, <, >, a newline: the rewritten links still land on it', () => {
  for (const name of NAMES) {
    const pages = {
      'guides/setup.mdx': '# Setup',
      'guides/intro.mdx': 'Read [setup](./setup#step-2) and <Card href="/guides/setup" />.\n\n[ref]: /guides/setup?x=1\n',
      'index.mdx': '[a](/guides/setup) [b](guides/setup)',
    };
    const site = openSite('{ "navigation": { "pages": ["index", "guides/intro", "guides/setup"] } }', { files: pages });
    assert.deepEqual(brokenLinks(site.root), []);
    const moved = `guides/${name}.mdx`;
    const edit = site.service.renameEdits([{ oldUri: site.uriOf('guides/setup.mdx'), newUri: site.uriOf(moved) }]);
    assert.ok(edit, name);
    for (const [relative, text] of Object.entries(site.apply({ changes: edit.update }))) fs.writeFileSync(path.join(site.root, relative), text);
    fs.renameSync(path.join(site.root, 'guides/setup.mdx'), path.join(site.root, moved));
    assert.deepEqual(brokenLinks(site.root), [], JSON.stringify(name));
  }
});

test('a rewritten link is percent-encoded only where it must be: letters of any script stay as written', () => {
  const site = openSite('{ "navigation": { "pages": ["index", "a"] } }', { files: { 'a.mdx': '', 'index.mdx': '[a](/a)' } });
  const edit = site.service.renameEdits([{ oldUri: site.uriOf('a.mdx'), newUri: site.uriOf('guías/日本 (1).mdx') }]);
  assert.equal(site.apply({ changes: edit!.update })['index.mdx'], '[a](/guías/日本%20%281%29)');
});
