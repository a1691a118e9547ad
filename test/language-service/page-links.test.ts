import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { openSite } from './helpers';

const DOCS = '{ "navigation": { "pages": ["guide/a", "guide/b"] }, "redirects": [{ "source": "/old/:slug*", "destination": "/guide/:slug*" }] }';

function siteWithPages(pages: Record<string, string>) {
  const site = openSite(DOCS, { files: { 'guide/b.mdx': '# B', 'images/x.png': '', ...pages } });
  const problems = (file?: string) => {
    const byFile = site.service.checkPages(site.project, file ? [path.join(site.root, file)] : undefined).byFile;
    return [...byFile].flatMap(([f, ds]) => ds.map((d) => `${path.relative(site.root, f)}:${d.range.start.line}:${d.range.start.character} ${d.code}`));
  };
  return { site, problems };
}

test('page links through the service entry: broken links, images and snippets flagged at their place; others accepted', () => {
  const { problems } = siteWithPages({
    'guide/a.mdx': [
      "import S from '/snippets/none.mdx';",
      // A blank line ends the import: without it the next line is read as JavaScript (an mdx-syntax error).
      '',
      '[ok](/guide/b) [rel](./b#b) [redirected](/old/b) ![img](/images/x.png)',
      '[bad](/guide/c) ![gone](/images/y.png)',
      '```',
      '[in code](/nowhere)',
      '```',
    ].join('\n'),
  });
  assert.deepEqual(problems(), ['guide/a.mdx:0:15 missing-snippet', 'guide/a.mdx:3:6 broken-link', 'guide/a.mdx:3:24 missing-image']);
});

test('a page is re-checked from its editor text; a created target clears the finding', () => {
  const { site, problems } = siteWithPages({ 'guide/a.mdx': '[bad](/guide/c)' });
  const page = path.join(site.root, 'guide/a.mdx');
  assert.deepEqual(problems('guide/a.mdx'), ['guide/a.mdx:0:6 broken-link']);
  site.service.openDocument(pathToFileURL(page).href, 'text\n[bad](/guide/d)');
  assert.deepEqual(problems('guide/a.mdx'), ['guide/a.mdx:1:6 broken-link']);
  fs.writeFileSync(path.join(site.root, 'guide/d.mdx'), '');
  site.service.fileEvents([{ uri: pathToFileURL(path.join(site.root, 'guide/d.mdx')).href, type: 'created' }]);
  assert.deepEqual(problems(), []);
});

test('quick fixes of a broken link: the nearest page (anchor kept), and creating the missing page', () => {
  const { site } = siteWithPages({ 'guide/a.mdx': '[bad](/guide/bb#part)', 'guide/b.mdx': '# B\n\n## Part' });
  const page = path.join(site.root, 'guide/a.mdx');
  const uri = pathToFileURL(page).href;
  const diagnostics = site.service.checkPages(site.project, [page]).byFile.get(page)!;
  const actions = site.service.codeActions(uri, diagnostics[0].range, diagnostics, { createFiles: true });
  assert.deepEqual(actions?.map((a) => [a.title, a.isPreferred]), [
    ["Link to '/guide/b'", true],
    ["Create page file 'guide/bb.mdx'", false],
  ]);
  assert.deepEqual(site.apply(actions![0].edit!)['guide/a.mdx'], '[bad](/guide/b#part)');
});

test('creating a missing page writes a heading for each anchor the site links to on it: no broken link becomes a broken anchor', () => {
  const { site, problems } = siteWithPages({ 'guide/a.mdx': '[bad](/guide/new#set-up) [other](/guide/new#yourTask.trigger())', 'guide/c.mdx': '[c](/guide/new#set-up) [c2](/guide/new#handling-errors)' });
  // Every page checked, as the server's pass over the pages does: the anchors come from their kept findings.
  assert.equal(problems().length, 4);
  const page = path.join(site.root, 'guide/a.mdx');
  const diagnostics = site.service.checkPages(site.project, [page]).byFile.get(page)!;
  const create = site.service.codeActions(pathToFileURL(page).href, diagnostics[0].range, diagnostics, { createFiles: true })!.find((a) => a.title.startsWith('Create'))!;
  const written = site.apply(create.edit!)['guide/new.mdx'];
  assert.equal(written, '---\ntitle: "New"\n---\n\n## Set up\n\n## YourTask.trigger() {#yourTask.trigger()}\n\n## Handling errors\n\n');
  fs.writeFileSync(path.join(site.root, 'guide/new.mdx'), written);
  site.service.fileEvents([{ uri: pathToFileURL(path.join(site.root, 'guide/new.mdx')).href, type: 'created' }]);
  assert.deepEqual(problems(), []);
});

test('a page removed and made again with other text: links to its anchors are judged by the new text', () => {
  const { site, problems } = siteWithPages({ 'guide/a.mdx': '[x](/guide/b#new-part)' });
  const b = path.join(site.root, 'guide/b.mdx');
  assert.deepEqual(problems(), ['guide/a.mdx:0:12 broken-anchor']);
  fs.rmSync(b);
  site.service.fileEvents([{ uri: pathToFileURL(b).href, type: 'deleted' }]);
  assert.deepEqual(problems(), ['guide/a.mdx:0:4 broken-link']);
  fs.writeFileSync(b, '# New part');
  site.service.fileEvents([{ uri: pathToFileURL(b).href, type: 'created' }]);
  assert.deepEqual(problems(), []);
});

test("quick fixes of a broken link: an anchor the nearest page lacks becomes its nearest id there, or is dropped (no broken anchor made)", () => {
  const { site } = siteWithPages({ 'guide/a.mdx': '[near](/guide/bb#set-up?) [far](/guide/bb#zzzzzzzzzzz)', 'guide/b.mdx': '# B\n\n## Setup' });
  const page = path.join(site.root, 'guide/a.mdx');
  const diagnostics = site.service.checkPages(site.project, [page]).byFile.get(page)!;
  const fixes = diagnostics.map((d) => site.service.codeActions(pathToFileURL(page).href, d.range, [d], { createFiles: false })![0]);
  assert.deepEqual(fixes.map((a) => a.title), ["Link to '/guide/b#setup'", "Link to '/guide/b', without '#zzzzzzzzzzz' (no heading of it there)"]);
  assert.equal(site.apply(fixes[0].edit!)['guide/a.mdx'], '[near](/guide/b#setup) [far](/guide/bb#zzzzzzzzzzz)');
  assert.equal(site.apply(fixes[1].edit!)['guide/a.mdx'], '[near](/guide/bb#set-up?) [far](/guide/b)');
});

test('quick fixes of a broken link: the page its text names comes first, by title, and each fix shows its page title', () => {
  const { site } = siteWithPages({
    'guide/a.mdx': 'To start, [a new app](/guides/authentication/new-app).',
    'platform-apps/create.mdx': '---\ntitle: Create a new app\n---\n',
    'guides/authentication/select.mdx': '---\ntitle: Select Auth Method\n---\n',
    'guides/apps.mdx': '---\ntitle: Apps\n---\n',
  });
  const page = path.join(site.root, 'guide/a.mdx');
  const diagnostics = site.service.checkPages(site.project, [page]).byFile.get(page)!;
  const actions = site.service.codeActions(pathToFileURL(page).href, diagnostics[0].range, diagnostics, { createFiles: true });
  assert.deepEqual(actions?.map((a) => [a.title, a.isPreferred]), [
    ["Link to '/platform-apps/create' (Create a new app)", true],
    ["Link to '/guides/authentication/select' (Select Auth Method)", false],
    ["Create page file 'guides/authentication/new-app.mdx'", false],
  ]);
  assert.equal(site.apply(actions![0].edit!)['guide/a.mdx'], 'To start, [a new app](/platform-apps/create).');
});

test('an image created or removed: the folder is checked again when a page links to it, not otherwise', () => {
  const { site, problems } = siteWithPages({ 'guide/a.mdx': '![shot](/images/shot.png) ![x](/images/x.png)' });
  assert.deepEqual(problems(), ['guide/a.mdx:0:8 missing-image']);
  const event = (file: string, type: 'created' | 'deleted') => site.service.fileEvents([{ uri: pathToFileURL(path.join(site.root, file)).href, type }]);
  fs.writeFileSync(path.join(site.root, 'images/shot.png'), '');
  assert.deepEqual(event('images/shot.png', 'created').check, [site.project]);
  assert.deepEqual(problems(), []);
  fs.writeFileSync(path.join(site.root, 'images/other.png'), '');
  assert.deepEqual(event('images/other.png', 'created').check, [], 'no page links to it');
  fs.rmSync(path.join(site.root, 'images/x.png'));
  assert.deepEqual(event('images/x.png', 'deleted').check, [site.project]);
  assert.deepEqual(problems(), ['guide/a.mdx:0:31 missing-image']);
});

test('page slices: every page checked once, slice after slice by file id, until `next` is undefined', () => {
  const pages: Record<string, string> = {};
  for (let i = 0; i < 7; i++) pages[`p/${i}.mdx`] = i % 2 ? `[bad](/nowhere-${i})` : '[ok](/guide/b)';
  const { site } = siteWithPages(pages);
  const found: string[] = [];
  const checked = new Set<string>();
  let slices = 0;
  for (let from: number | undefined = 0; from !== undefined; slices++) {
    const slice = site.service.checkPageSlice(site.project, from, 3);
    for (const [file, diagnostics] of slice.byFile) {
      assert.ok(!checked.has(file), `${file} checked twice`);
      checked.add(file);
      for (const d of diagnostics) found.push(`${path.relative(site.root, file)} ${d.code}`);
    }
    from = slice.next;
  }
  // guide/b.mdx and the seven pages: 8 pages in slices of 3; the image is no page.
  assert.equal(checked.size, 8);
  assert.equal(slices, 3);
  assert.deepEqual(found.sort(), ['p/1.mdx broken-link', 'p/3.mdx broken-link', 'p/5.mdx broken-link']);
});

test('issue 45: `src` names a file only on the elements that load one; a component\'s `src` is its own business', () => {
  const { problems } = siteWithPages({
    'guide/a.mdx': [
      "import { Survey } from '/snippets/survey.jsx';",
      '',
      '<Survey src="docs-interact" />',
      '<Embed src={"docs-feedback"} />',
      '<img src="/images/gone.png" alt="x" />',
      '<video src="/images/gone.mp4" aria-label="x" />',
      '<iframe src="/images/gone.html" title="x" />',
      '<source src="/images/gone.webm" />',
      '<audio src="/images/gone.mp3" />',
    ].join('\n'),
    'snippets/survey.jsx': 'export const Survey = ({ src }) => <div data-survey={src} />;\n',
  });
  assert.deepEqual(
    problems().filter((p) => !p.includes('unknown-component')),
    ['guide/a.mdx:4:10 missing-image', 'guide/a.mdx:5:12 missing-image', 'guide/a.mdx:6:13 missing-image', 'guide/a.mdx:7:13 missing-image', 'guide/a.mdx:8:12 missing-image'],
  );
});

test('issue 45: a missing sprite sheet is one warning per page and file, however many icons use it; a present one none', () => {
  const member = (name: string) => `### ${name} <a href="#${name}" aria-label="Permalink"><svg viewBox="0 0 24 24"><use href="assets/icons.svg#icon-anchor"></use></svg></a>`;
  const typedoc = [member('run'), member('stop'), member('pause'), '<svg><use href="assets/other.svg#icon-x" /></svg>'].join('\n\n');
  const { site, problems } = siteWithPages({ 'guide/a.mdx': typedoc, 'guide/c.mdx': typedoc });
  const byFile = site.service.checkPages(site.project).byFile;
  const messages = [...byFile].flatMap(([f, ds]) => ds.map((d) => `${path.relative(site.root, f)} ${d.code} ${d.severity} ${d.message}`)).sort();
  assert.deepEqual(messages, [
    'guide/a.mdx missing-sprite 2 Sprite file "/assets/icons.svg" not found: its 3 icons on this page draw blank',
    'guide/a.mdx missing-sprite 2 Sprite file "/assets/other.svg" not found: its icon draws blank',
    'guide/c.mdx missing-sprite 2 Sprite file "/assets/icons.svg" not found: its 3 icons on this page draw blank',
    'guide/c.mdx missing-sprite 2 Sprite file "/assets/other.svg" not found: its icon draws blank',
  ]);
  // Quiet twin: with the sheets beside the pages, nothing.
  fs.mkdirSync(path.join(site.root, 'assets'));
  for (const sheet of ['icons.svg', 'other.svg']) {
    fs.writeFileSync(path.join(site.root, 'assets', sheet), '<svg/>');
    site.service.fileEvents([{ uri: pathToFileURL(path.join(site.root, 'assets', sheet)).href, type: 'created' }]);
  }
  assert.deepEqual(problems(), []);
});
