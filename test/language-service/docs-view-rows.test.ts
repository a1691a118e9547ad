// What the Docs view shows on its rows: a page by its title (front matter), a group with only a `root` page opens
// that page. The title is read without YAML for simple lines: the same answer as YAML on every real page.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { elementIcon, TREE_NODE_TITLE } from '../../server/src/protocol';
import { readFrontMatter, readTitle } from '../../server/src/language/pages/front-matter';
import type { NavigationTreeNode } from '../../server/src/language';
import { CORPUS_PAGES_DIR, NO_CORPUS_PAGES } from '../helpers/corpus';
import { REQUIRED_SETTINGS_TEXT } from '../helpers/docs-repo';
import { openSite } from './helpers';

test('Docs view rows: pages carry their front matter title; a group with only a root page opens it', () => {
  const site = openSite(`{ "navigation": { "groups": [{ "group": "Start", "pages": ["intro", "plain"] }, { "group": "CLI", "root": "cli/index", "pages": [] }] } ${REQUIRED_SETTINGS_TEXT} }`, {
    files: { 'intro.mdx': '---\ntitle: "Welcome to Acme"\n---\n', 'plain.mdx': '# No front matter\n', 'cli/index.mdx': '---\ntitle: CLI\n---\n' },
  });
  const title = (n: NavigationTreeNode) => (n.kind === 'page' && n.target ? site.service.pageRows(site.project, [n.target.uri])[0].title ?? null : null);
  const shape = (nodes: NavigationTreeNode[]): unknown[] =>
    nodes.map((n) => [n.label, title(n), n.target ? site.relativeOf(n.target.uri) : null, ...(n.children.length ? [shape(n.children)] : [])]);
  assert.deepEqual(shape(site.service.navigationTree(site.project)), [
    ['Start', null, null, [['intro', 'Welcome to Acme', 'intro.mdx'], ['plain', null, 'plain.mdx']]],
    ['CLI', null, 'cli/index.mdx'],
  ]);
});

test('titles: simple lines are read as YAML reads them; the rest goes to YAML', () => {
  const cases: [string, string | undefined][] = [
    ['---\ntitle: Plain title\n---\n', 'Plain title'],
    ['---\ntitle: "Say \\"hi\\" \\u00e9"\n---\n', 'Say "hi" é'],
    ["---\ntitle: 'It''s here'\n---\n", "It's here"],
    ['---\ntitle: Spans\n  two lines\n---\n', 'Spans two lines'],
    ['---\ntitle: >\n  Folded\n---\n', 'Folded\n'],
    ['---\r\ntitle: Windows\r\n---\r\n', 'Windows'],
    ['---\ndescription: none\n---\n', undefined],
    ['no front matter', undefined],
  ];
  for (const [text, title] of cases) assert.equal(readTitle(text), title, JSON.stringify(text));
});

test('titles and sidebar titles: on every page of the corpus sites, the same as YAML where YAML reads one', { skip: NO_CORPUS_PAGES }, () => {
  const compared = { title: 0, sidebarTitle: 0 };
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.mdx?$/.test(entry.name)) {
        const text = fs.readFileSync(file, 'utf8');
        const yaml = readFrontMatter(text);
        for (const key of ['title', 'sidebarTitle'] as const) {
          if (yaml[key] === undefined) continue;
          assert.equal(readTitle(text, key), yaml[key], `${key} of ${file}`);
          compared[key]++;
        }
      }
    }
  };
  walk(CORPUS_PAGES_DIR);
  assert.ok(compared.title > 1900 && compared.sidebarTitle > 600, `${JSON.stringify(compared)} compared`);
});

test('Docs view rows: a page shows as the site\'s sidebar shows it, by its sidebarTitle before its title', () => {
  const site = openSite('{ "navigation": { "pages": ["intro", "plain", "blank"] } }', {
    files: {
      'intro.mdx': '---\ntitle: "Polar: Turn Your Software into a Business"\nsidebarTitle: "Introduction"\n---\n',
      'plain.mdx': '---\ntitle: Plain\n---\n',
      'blank.mdx': "---\ntitle: Blank\nsidebarTitle: '  '\n---\n",
    },
  });
  const rows = site.service.pageRows(site.project, ['intro.mdx', 'plain.mdx', 'blank.mdx'].map((file) => site.uriOf(file)));
  assert.deepEqual(rows.map((row) => row.title), ['Introduction', 'Plain', 'Blank']);
});

test('Docs view rows: the redirects show with the outline\'s icons for the `redirects` list and its entries, and open no file', () => {
  const site = openSite(`{ "navigation": { "pages": ["intro"] }, "redirects": [{ "source": "/a", "destination": "/intro" }]${REQUIRED_SETTINGS_TEXT} }`, { files: ['intro.mdx'] });
  const [, redirects] = site.service.navigationTree(site.project);
  const outline = site.service.documentSymbols(site.project, site.uri)?.find((s) => s.name === 'redirects');
  assert.ok(outline?.children?.length === 1);
  assert.deepEqual(
    [redirects, redirects.children[0]].map((n) => [n.kind, TREE_NODE_TITLE[n.kind], elementIcon(n.kind).symbolKind, n.target]),
    [
      ['redirects', 'redirects', outline.kind, undefined],
      ['redirect', 'redirect', outline.children[0].kind, undefined],
    ],
  );
});
