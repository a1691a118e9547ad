// The llms.txt the platform will generate (issue 50), on made-up sites, one rule of its documentation
// (mintlify/docs ai/llmstxt.mdx) per test: order, the description's cut, exclusions, the cap, the custom file.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { buildModel, checkCustomLlmsTxt, DocsWorkspace, LLMS_TXT_CAP, makeSourceFile, predictLlmsTxt } from '../../server/src/checker';
import { LlmsTxtOptions } from '../../server/src/checker/llms-txt/predict-llms-txt';
import { makeDocsRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';

function siteOf(files: Record<string, unknown>): { workspace: DocsWorkspace; predict: (options?: LlmsTxtOptions) => ReturnType<typeof predictLlmsTxt> } {
  const root = makeDocsRepo(files);
  const workspace = new DocsWorkspace(root);
  const docsJson = path.join(root, 'docs.json');
  const model = buildModel(makeSourceFile(docsJson, fs.readFileSync(docsJson, 'utf8')), workspace);
  return { workspace, predict: (options) => predictLlmsTxt(model, workspace, options) };
}
const page = (title: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\nBody of ${title}.\n`;
const listed = (text: string) => [...text.matchAll(/^- \[[^\]]*\]\(([^)]*)\)/gm)].map((m) => m[1]);

test('the H1 is the name, the description a blockquote, markdown.instructions an Agent Instructions block; pages in navigation order with their links in .md', () => {
  const { predict } = siteOf({
    'docs.json': { ...REQUIRED_SETTINGS, name: 'Acme', description: 'Docs of Acme.', markdown: { instructions: ['Cite the API version.', 'Prefer TypeScript.'] }, navigation: { tabs: [{ tab: 'B', pages: ['zeta', 'alpha'] }, { tab: 'A', groups: [{ group: 'G', pages: ['guides/mid', 'index'] }] }] } },
    'zeta.mdx': page('Zeta', 'description: Last letter\n'),
    'alpha.mdx': page('Alpha'),
    'guides/mid.mdx': page('Mid'),
    'index.mdx': page('Home'),
  });
  const { text, entries } = predict({ siteUrl: 'https://docs.acme.dev/' });
  assert.equal(
    text,
    '# Acme\n\n> Docs of Acme.\n\n> ## Agent Instructions\n> Cite the API version.\n> Prefer TypeScript.\n\n## Docs\n\n' +
      '- [Zeta](https://docs.acme.dev/zeta.md): Last letter\n- [Alpha](https://docs.acme.dev/alpha.md)\n- [Mid](https://docs.acme.dev/guides/mid.md)\n- [Home](https://docs.acme.dev/index.md)\n',
  );
  assert.deepEqual(entries.map((e) => e.page), ['zeta', 'alpha', 'guides/mid', '']);
});

test('a page listed twice appears once, at its first place; without --url the links start at / (or seo.metatags.canonical)', () => {
  const files = { 'docs.json': { ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'A', pages: ['b', 'a'] }, { group: 'B', pages: ['a', '/b.mdx'] }] } }, 'a.mdx': page('A'), 'b.mdx': page('B') };
  assert.deepEqual(listed(siteOf(files).predict().text), ['/b.md', '/a.md']);
  const canonical = { ...files, 'docs.json': { ...files['docs.json'], seo: { metatags: { canonical: 'https://x.dev/docs' } } } };
  assert.deepEqual(listed(siteOf(canonical).predict().text), ['https://x.dev/docs/b.md', 'https://x.dev/docs/a.md']);
});

test('the description: its first paragraph only, cut at 300 characters; a page without one has no description', () => {
  const long = 'x'.repeat(299) + 'yz';
  const { predict } = siteOf({
    'docs.json': { ...REQUIRED_SETTINGS, navigation: { pages: ['two', 'long', 'exact', 'none'] } },
    'two.mdx': `---\ntitle: Two\ndescription: |\n  First paragraph\n  goes on.\n\n  Second paragraph.\n---\n`,
    'long.mdx': page('Long', `description: ${long}\n`),
    'exact.mdx': page('Exact', `description: ${'e'.repeat(300)}\n`),
    'none.mdx': page('None'),
  });
  const { entries, text } = predict();
  assert.deepEqual(
    entries.map((e) => [e.page, e.description, e.cut]),
    [
      ['two', 'First paragraph\ngoes on.', false],
      ['long', 'x'.repeat(299) + 'y', true],
      ['exact', 'e'.repeat(300), false],
      ['none', undefined, false],
    ],
  );
  assert.match(text, /^- \[Two\]\(\/two\.md\): First paragraph goes on\.$/m);
  assert.match(text, /^- \[None\]\(\/none\.md\)$/m);
});

test('a page without a title gets the one the platform derives from its path: dashes and underscores as spaces, the first letter capitalised', () => {
  const { predict } = siteOf({
    'docs.json': { ...REQUIRED_SETTINGS, navigation: { pages: ['guides/getting-started', 'api_keys', 'titled'] } },
    'guides/getting-started.mdx': 'No front matter.\n',
    'api_keys.mdx': '---\ndescription: Keys\n---\n',
    'titled.mdx': page('my-own title'),
  });
  assert.deepEqual(predict().entries.map((e) => e.title), ['Getting started', 'Api keys', 'my-own title']);
});

test('left out: hidden and noindex pages, pages in a hidden group, other languages and versions, missing files, endpoints', () => {
  const { predict } = siteOf({
    'docs.json': {
      ...REQUIRED_SETTINGS,
      navigation: {
        languages: [
          { language: 'fr', pages: ['fr/a'] },
          {
            language: 'en',
            default: true,
            versions: [
              { version: 'v2', groups: [{ group: 'G', pages: ['shown', 'hidden', 'noindex', 'gone'] }, { group: 'H', hidden: true, pages: ['in-hidden-group', 'unhidden'] }] },
              { version: 'v1', pages: ['old'] },
            ],
          },
        ],
      },
    },
    'fr/a.mdx': page('A'),
    'shown.mdx': page('Shown'),
    'hidden.mdx': page('Hidden', 'hidden: true\n'),
    'noindex.mdx': page('No index', 'noindex: true\n'),
    'in-hidden-group.mdx': page('In hidden group'),
    // The platform's hidden-pages page: `hidden: false` in a hidden group puts the page back into AI context.
    'unhidden.mdx': page('Unhidden', 'hidden: false\n'),
    'old.mdx': page('Old'),
  });
  const { entries, leftOut } = predict();
  assert.deepEqual(entries.map((e) => e.page), ['shown', 'unhidden']);
  assert.deepEqual(
    leftOut.map((l) => [l.page, l.why]),
    [
      ['fr/a', 'other-language'],
      ['hidden', 'hidden'],
      ['noindex', 'noindex'],
      ['gone', 'no-file'],
      ['in-hidden-group', 'hidden-in-navigation'],
      ['old', 'other-version'],
    ],
  );
});

test('a hidden group or tab with "searchable": true keeps its pages in llms.txt, unless a page or a group below it is hidden again', () => {
  const { predict } = siteOf({
    'docs.json': {
      ...REQUIRED_SETTINGS,
      navigation: {
        tabs: [
          { tab: 'Storage', hidden: true, searchable: true, groups: [{ group: 'Buckets', pages: ['create', 'own-hidden'] }, { group: 'Internal', hidden: true, pages: ['internal'] }] },
          { tab: 'Other', hidden: true, groups: [{ group: 'Inner', searchable: true, pages: ['inner'] }] },
        ],
      },
    },
    'create.mdx': page('Create'),
    'own-hidden.mdx': page('Own hidden', 'hidden: true\n'),
    'internal.mdx': page('Internal'),
    'inner.mdx': page('Inner'),
  });
  const { entries, leftOut } = predict();
  assert.deepEqual(entries.map((e) => e.page), ['create', 'inner']);
  assert.deepEqual(leftOut.map((l) => [l.page, l.why]), [['own-hidden', 'hidden'], ['internal', 'hidden-in-navigation']]);
});

test('seo.indexing "all": hidden and noindex pages are kept, and the pages no navigation lists come last, alphabetically', () => {
  const { predict } = siteOf({
    'docs.json': { ...REQUIRED_SETTINGS, seo: { indexing: 'all' }, navigation: { pages: ['b', 'hidden'] } },
    'b.mdx': page('B'),
    'hidden.mdx': page('Hidden', 'hidden: true\n'),
    'z-extra.mdx': page('Z'),
    'a-extra.md': page('A', 'noindex: true\n'),
    'snippets/part.mdx': 'a snippet, never a page',
  });
  const { entries } = predict();
  assert.deepEqual(entries.map((e) => [e.page, e.outsideNavigation ?? false]), [['b', false], ['hidden', false], ['a-extra', true], ['z-extra', true]]);
});

test('the specs and the navigation\'s absolute URLs: OpenAPI and AsyncAPI Specs, then Optional', () => {
  const { text } = siteOf({
    'docs.json': {
      ...REQUIRED_SETTINGS,
      navigation: { anchors: [{ anchor: 'API', openapi: 'specs/openapi.json', pages: ['a'] }, { anchor: 'Events', asyncapi: 'https://x.dev/asyncapi.yaml', pages: ['a'] }, { anchor: 'Community', href: 'https://community.x.dev' }] },
    },
    'a.mdx': page('A'),
    'specs/openapi.json': '{}',
  }).predict({ siteUrl: 'https://x.dev' });
  assert.match(text, /\n## OpenAPI Specs\n\n- \[openapi\]\(https:\/\/x\.dev\/specs\/openapi\.json\)\n\n## AsyncAPI Specs\n\n- \[asyncapi\]\(https:\/\/x\.dev\/asyncapi\.yaml\)\n\n## Optional\n\n- \[Community\]\(https:\/\/community\.x\.dev\)\n$/);
});

test('the cap: under 100,000 characters nothing changes; over it, descriptions are shortened first', () => {
  const pages = Array.from({ length: 350 }, (_, i) => `p${i}`);
  const files: Record<string, unknown> = { 'docs.json': { ...REQUIRED_SETTINGS, navigation: { pages } } };
  for (const id of pages) files[`${id}.mdx`] = page(id, `description: ${'d'.repeat(290)}\n`);
  const result = siteOf(files).predict();
  assert.ok(result.fullLength > LLMS_TXT_CAP && result.text.length <= LLMS_TXT_CAP, `${result.fullLength} then ${result.text.length}`);
  assert.equal(result.shortened, 'short');
  assert.deepEqual(result.pastCap, []);
  assert.equal(listed(result.text).length, 350);
  // Quiet twin: 200 such pages fit, whole.
  const fewer = { ...files, 'docs.json': { ...REQUIRED_SETTINGS, navigation: { pages: pages.slice(0, 200) } } };
  const fits = siteOf(fewer).predict();
  assert.equal(fits.shortened, 'none');
  assert.equal(fits.text.length, fits.fullLength);
  assert.ok(fits.text.includes('d'.repeat(290)));
});

test('the cap: when even bare entries do not fit, the last ones in navigation order are dropped and a note says how many', () => {
  const pages = Array.from({ length: 1200 }, (_, i) => `section/a-rather-long-page-name-${String(i).padStart(4, '0')}`);
  const files: Record<string, unknown> = { 'docs.json': { ...REQUIRED_SETTINGS, navigation: { pages } } };
  for (const id of pages) files[`${id}.mdx`] = page(`A title long enough to take room ${id}`, 'description: Something\n');
  const result = siteOf(files).predict({ siteUrl: 'https://docs.example.com' });
  assert.equal(result.shortened, 'dropped');
  assert.ok(result.text.length <= LLMS_TXT_CAP, String(result.text.length));
  assert.ok(result.pastCap.length > 0);
  assert.deepEqual([...result.entries, ...result.pastCap].map((e) => e.page), pages, 'the kept entries, then the dropped ones, are the navigation in order');
  assert.equal(listed(result.text).length, result.entries.length);
  assert.match(result.text, new RegExp(`\\n> ${result.pastCap.length} more pages omitted: this file may not exceed 100,000 characters\\.\\n$`));
  assert.doesNotMatch(result.text, /: Something/, 'descriptions go before entries do');
  // One entry more would not have fit.
  const withOneMore = result.text.length + `- [${result.pastCap[0].title}](${result.pastCap[0].url})\n`.length;
  assert.ok(withOneMore > LLMS_TXT_CAP - 5, String(withOneMore));
});

test('a custom llms.txt: an H1 first; its links to the site land on pages or files; links to other sites are listed for --check-external', () => {
  const root = makeDocsRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: { pages: ['a'] } }, 'a.mdx': page('A'), 'specs/openapi.json': '{}', 'index.mdx': page('Home') });
  const workspace = new DocsWorkspace(root);
  const text = '# Acme\n\n- [A](https://docs.acme.dev/a.md)\n- [A](/a)\n- [Home](/index.md)\n- [Spec](/specs/openapi.json)\n- [Gone](/gone.md)\n- [Old spec](https://docs.acme.dev/specs/old.json)\n- [Elsewhere](https://other.dev/spec.json)\n';
  const found = checkCustomLlmsTxt(text, workspace, 'https://docs.acme.dev');
  assert.deepEqual(found.problems.map((p) => [p.line, p.message]), [
    [7, "'/gone.md' lands on no page or file of the site"],
    [8, "'https://docs.acme.dev/specs/old.json' lands on no page or file of the site"],
  ]);
  assert.deepEqual(found.external.map((l) => l.url), ['https://other.dev/spec.json']);
  assert.equal(found.links, 7);
  assert.deepEqual(checkCustomLlmsTxt('Acme\n\n- [A](/a)\n', workspace).problems.map((p) => p.line), [1]);
  // Quiet twin: a title and links that all land.
  assert.deepEqual(checkCustomLlmsTxt('\n# Acme\n\n- [A](/a.md): first\n```\n[not](/a-link)\n```\n', workspace).problems, []);
});
