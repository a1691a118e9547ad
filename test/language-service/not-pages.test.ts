// What is not a page (`isConventionallyNotAPage`): notes for the repository's people and agents, partials,
// snippets. Completion does not offer them, they are never orphans, and no page of a live site is one of them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace, isConventionallyNotAPage } from '../../server/src/checker';
import { corpusFixtures, materializeFixture, NO_CORPUS } from '../helpers/corpus';
import { openSite } from './helpers';

const PAGES = ['intro.mdx', 'guides/setup.md', 'publish/README.mdx', 'guides/first_project.mdx'];
const NOT_PAGES = [
  'README.md',
  'AGENTS.md',
  'CLAUDE.md',
  'claude.md',
  'changelog_entry_guidelines.md',
  'tools/translate/README.md',
  '_partials/intro.mdx',
  'guides/_shared.mdx',
  'snippets/note.mdx',
  '.github/PULL_REQUEST_TEMPLATE.md',
];

test('page completion offers pages only, not notes, partials or snippets', () => {
  const site = openSite('{ "navigation": { "pages": ["|"] } }', { files: [...PAGES, ...NOT_PAGES] });
  const list = site.service.complete(site.project, site.uri, site.position);
  assert.deepEqual(list?.items.map((i) => i.label).sort(), ['guides/first_project', 'guides/setup', 'intro', 'publish/README']);
});

test('notes, partials and snippets are never orphans, even open in the editor', () => {
  const site = openSite('{ "navigation": { "pages": ["intro"] } }', { files: [...PAGES, ...NOT_PAGES] });
  site.service.check(site.project);
  for (const file of [...PAGES, ...NOT_PAGES]) site.service.openDocument(site.uriOf(file), '');
  const orphans = [...site.service.orphanHints(site.project).keys()].map((file) => site.relativeOf(site.service.uriOf(file))).sort();
  assert.deepEqual(orphans, ['guides/first_project.mdx', 'guides/setup.md', 'publish/README.mdx']);
});

test('corpus: no page a live site lists in its navigation counts as not a page', { skip: NO_CORPUS }, () => {
  for (const name of corpusFixtures()) {
    const root = materializeFixture(name);
    const workspace = new DocsWorkspace(root);
    const { model } = checkDocs(workspace);
    const excluded: string[] = [];
    for (const element of model.elements) {
      const file = element.kind === 'page' && element.node.type === 'string' ? workspace.files.pageFile(element.node.plain) : undefined;
      if (file && isConventionallyNotAPage(file)) excluded.push(file);
    }
    assert.deepEqual(excluded, [], name);
  }
});
