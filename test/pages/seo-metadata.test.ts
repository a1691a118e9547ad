// seo-metadata (issue 50): meta tags whose values crawlers cannot read (metatag-value), in front matter and in
// docs.json's seo.metatags, and a description that is the page's first paragraph word for word
// (description-repeats-paragraph), and two pages of one language and version with the same title and description
// (duplicate-title-description). Each with its quiet twin.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { siteFindings } from '../helpers/site-findings';
import { openSite } from '../language-service/helpers';
import { firstProseParagraph } from '../../server/src/checker/rules/seo-metadata/first-paragraph';

const site = (pages: Record<string, string>, extra: Record<string, unknown> = {}, files: Record<string, string> = {}) =>
  siteFindings(makeDocsRepo({ 'docs.json': { ...REQUIRED_SETTINGS, ...extra, navigation: { pages: Object.keys(pages).map((f) => f.replace(/\.mdx?$/, '')) } }, ...pages, ...files }));
const only = (code: string, lines: string[]) => lines.filter((line) => line.includes(` ${code} `));

test('metatag-value: a malformed URL, a missing site image, a bad size, an unknown og:type or twitter:card, a list', () => {
  const page = ['---', 'title: "A"', '"og:image": "/images/missing.png"', '"og:url": "https//docs.acme.dev/a"', '"og:image:width": "wide"', '"og:type": "articel"', '"twitter:card": "large"', '"twitter:title": [a, b]', 'canonical: "https://docs acme.dev/a"', '---', '', 'Text.'].join('\n');
  assert.deepEqual(only('metatag-value', site({ 'a.mdx': page })), [
    'a.mdx:3:13 metatag-value "/images/missing.png"',
    'a.mdx:5:19 metatag-value "wide"',
    'a.mdx:6:12 metatag-value "articel"',
    'a.mdx:7:17 metatag-value "large"',
    'a.mdx:8:18 metatag-value [a, b]',
    'a.mdx:9:12 metatag-value "https://docs acme.dev/a"',
  ]);
});

test('metatag-value in docs.json: seo.metatags, for every page', () => {
  const lines = only('metatag-value', site({ 'a.mdx': '---\ntitle: A\n---\n' }, { seo: { metatags: { 'og:type': 'site', 'og:image': 'https://', 'og:site_name': 'Acme' } } }));
  assert.deepEqual(lines.map((l) => l.replace(/:\d+:\d+ /, ' ')), ['docs.json metatag-value "site"', 'docs.json metatag-value "https://"']);
});

test('quiet twin: well-formed tags, a site image that exists, sizes as numbers, the site\'s own tags, empty values', () => {
  const page = ['---', 'title: "A"', '"og:image": "/images/card.png"', '"twitter:image": "https://cdn.acme.dev/card.png?v=2"', '"og:image:width": 1200', '"og:image:height": "630"', '"og:type": "article"', '"twitter:card": "summary_large_image"', 'canonical: "https://docs.acme.dev/a"', '"og:title": "Social title"', 'robots: "anything"', '"og:description":', '---', '', 'Text.'].join('\n');
  assert.deepEqual(only('metatag-value', site({ 'a.mdx': page }, { seo: { metatags: { 'og:type': 'website', 'og:site_name': 'Acme', canonical: 'https://docs.acme.dev' } } }, { 'images/card.png': 'png' })), []);
});

test('description-repeats-paragraph: the opening paragraph word for word (links, emphasis, case and spacing aside), past imports and headings', () => {
  const copied = '---\ntitle: Lasso\ndescription: "Lasso Security is the leading platform that monitors interactions in real time."\n---\n\nimport { X } from "/snippets/x.mdx";\n\n# Lasso\n\n[Lasso Security](https://lasso.example) is the **leading** platform that monitors\ninteractions in real time.\n\nMore.\n';
  assert.deepEqual(only('description-repeats-paragraph', site({ 'a.mdx': copied })), ['a.mdx:3:14 description-repeats-paragraph "Lasso Security is the leading platform that monitors interactions in real time.']);
});

test('quiet twin: a description that summarises, one that only begins the paragraph, a short one, one copying a note inside a code block', () => {
  const pages = {
    'summary.mdx': '---\ntitle: A\ndescription: "How to install the CLI and deploy a first site."\n---\n\nYou need Node 20 or later and a terminal.\n',
    'prefix.mdx': '---\ntitle: B\ndescription: "Lasso Security is the leading platform that monitors interactions."\n---\n\nLasso Security is the leading platform that monitors interactions. It also blocks them.\n',
    'short.mdx': '---\ntitle: C\ndescription: "Install it."\n---\n\nInstall it.\n',
    'fenced.mdx': '---\ntitle: D\ndescription: "Lasso Security is the leading platform that monitors interactions."\n---\n\n```text\nLasso Security is the leading platform that monitors interactions.\n```\n\nSomething else entirely opens this page.\n',
  };
  assert.deepEqual(only('description-repeats-paragraph', site(pages)), []);
});

test('the first paragraph of prose: components, code, images and lists are passed over; a paragraph runs to its blank line', () => {
  assert.equal(firstProseParagraph('\n<Note>\n\n![img](/a.png)\n\n- item\n\n```js\nx\n```\n\nFirst line\nsecond line.\n\nNext.'), 'First line second line.');
  assert.equal(firstProseParagraph('import A from "a"\n\n## Title\n'), undefined);
});

// duplicate-title-description: two served pages of one language and version that search results and llms.txt show alike.
const fm = (title: string, description: string, more = '') => `---\ntitle: "${title}"\ndescription: "${description}"\n${more}---\n\nText.\n`;
const nav = (navigation: unknown, pages: Record<string, string>) => siteFindings(makeDocsRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation }, ...pages }));

test('duplicate-title-description: a copied page, both marked at their titles, case and spacing aside', () => {
  const pages = { 'bedrock/fine-tuning.mdx': fm('Fine-tune', 'Fine-tune your models with Bedrock'), 'fireworks/fine-tuning.mdx': fm('Fine-Tune', 'Fine-tune  your models with Bedrock') };
  assert.deepEqual(only('duplicate-title-description', nav({ groups: [{ group: 'A', pages: ['bedrock/fine-tuning'] }, { group: 'B', pages: ['/fireworks/fine-tuning'] }] }, pages)), [
    'bedrock/fine-tuning.mdx:2:8 duplicate-title-description "Fine-tune"',
    'fireworks/fine-tuning.mdx:2:8 duplicate-title-description "Fine-Tune"',
  ]);
});

test('quiet twin: the same title alone, the same pair in two versions or languages, a hidden or noindex twin, one under a hidden group, one outside the navigation', () => {
  const same = fm('Files', 'Upload files');
  const quiet = (navigation: unknown, pages: Record<string, string>) => assert.deepEqual(only('duplicate-title-description', nav(navigation, pages)), [], JSON.stringify(navigation));
  quiet({ pages: ['a/files', 'b/files'] }, { 'a/files.mdx': fm('Files', 'Upload files to A'), 'b/files.mdx': fm('Files', 'Upload files to B') });
  quiet({ versions: [{ version: 'v2', pages: ['files'] }, { version: 'v1', pages: ['v1/files'] }] }, { 'files.mdx': same, 'v1/files.mdx': same });
  quiet({ languages: [{ language: 'en', pages: ['files'] }, { language: 'fr', pages: ['fr/files'] }] }, { 'files.mdx': same, 'fr/files.mdx': same });
  quiet({ pages: ['a/files', 'b/files'] }, { 'a/files.mdx': same, 'b/files.mdx': fm('Files', 'Upload files', 'hidden: true\n') });
  quiet({ pages: ['a/files', 'b/files'] }, { 'a/files.mdx': same, 'b/files.mdx': fm('Files', 'Upload files', 'noindex: true\n') });
  quiet({ groups: [{ group: 'A', pages: ['a/files'] }, { group: 'Old', hidden: true, pages: ['b/files'] }] }, { 'a/files.mdx': same, 'b/files.mdx': same });
  quiet({ pages: ['a/files'] }, { 'a/files.mdx': same, 'b/files.mdx': same });
  // A page listed twice is one page.
  quiet({ groups: [{ group: 'A', pages: ['a/files'] }, { group: 'B', pages: ['a/files'] }] }, { 'a/files.mdx': same });
});

test('duplicate-title-description under a hidden group that stays searchable, and in the same version of two', () => {
  const same = fm('Files', 'Upload files');
  const lines = nav({ groups: [{ group: 'A', pages: ['a/files'] }, { group: 'Old', hidden: true, searchable: true, pages: ['b/files'] }] }, { 'a/files.mdx': same, 'b/files.mdx': same });
  assert.equal(only('duplicate-title-description', lines).length, 2);
  const versions = nav({ versions: [{ version: 'v2', pages: ['a/files', 'b/files'] }, { version: 'v1', pages: ['v1/files'] }] }, { 'a/files.mdx': same, 'b/files.mdx': same, 'v1/files.mdx': same });
  assert.deepEqual(only('duplicate-title-description', versions).map((l) => l.split(':')[0]), ['a/files.mdx', 'b/files.mdx']);
});

test('duplicate-title-description follows the other page: rewriting its description clears this one, a keystroke in its text re-checks nothing', () => {
  const docsJson = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['a/files', 'b/files'] } });
  const site = openSite(docsJson, { files: { 'a/files.mdx': fm('Files', 'Upload files'), 'b/files.mdx': fm('Files', 'Upload files') } });
  const aFile = path.join(site.root, 'a', 'files.mdx');
  const bFile = path.join(site.root, 'b', 'files.mdx');
  const bUri = site.uriOf('b/files.mdx');
  const found = () => (site.service.checkPages(site.project).byFile.get(aFile) ?? []).filter((d) => d.code === 'duplicate-title-description').length;
  assert.equal(found(), 1);
  site.service.openDocument(bUri, fm('Files', 'Upload files'));
  site.service.takeDroppedPages(site.project);
  site.service.changeDocument(bUri, fm('Files', 'Upload files').replace('Text.', 'Text typed.'));
  site.service.checkPages(site.project, [bFile], false);
  assert.deepEqual(site.service.takeDroppedPages(site.project), [], 'prose typed in the other page');
  site.service.changeDocument(bUri, fm('Files', 'Upload files to B'));
  site.service.checkPages(site.project, [bFile], false);
  assert.deepEqual(site.service.takeDroppedPages(site.project), [aFile]);
  assert.equal(found(), 0);
});
