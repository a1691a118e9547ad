import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { openSite } from './helpers';

const DOCS = { navigation: { pages: ['index', 'guides/setup', 'guides/deploy/preview'] }, redirects: [{ source: '/old-setup', destination: '/guides/setup' }] };
const FILES = {
  'docs.json': DOCS,
  'index.mdx': '',
  'guides/setup.mdx': '---\ntitle: "Set up your site"\n---\n# Setup',
  'guides/deploy/preview.mdx': '',
  'images/logo.png': '',
};

test('page completion: page paths after `](` and inside href=""', () => {
  const site = openSite('See [setup](/guides/s|)', { at: 'guides/intro.mdx', files: FILES });
  const list = site.service.complete(site.project, site.uri, site.position);
  assert.deepEqual(list?.items.map((i) => i.label), ['/guides/setup']);
  const edit = list!.items[0].textEdit as { range: unknown; newText: string };
  assert.deepEqual(edit.range, site.rangeOf('/guides/s'));
  const card = openSite('<Card href="/gu|" />', { at: 'guides/intro.mdx', files: FILES });
  assert.deepEqual(card.service.complete(card.project, card.uri, card.position)?.items.map((i) => i.label), ['/guides/deploy/preview', '/guides/intro', '/guides/setup']);
  const prose = openSite('Plain text /gu|', { at: 'guides/intro.mdx', files: FILES });
  assert.equal(prose.service.complete(prose.project, prose.uri, prose.position), null);
});

test('page completion: a word matches a path segment in the middle, segment starts first; titles beside the paths; the whole typed path replaced', () => {
  const files = {
    ...FILES,
    'support/faqs.mdx': '---\ntitle: "Frequently asked questions"\n---\n',
    'platform/quick-start/faq-billing.mdx': '',
    'afaq.mdx': '',
  };
  const site = openSite('See [faqs](faq|)', { at: 'guides/intro.mdx', files });
  const list = site.service.complete(site.project, site.uri, site.position);
  assert.deepEqual(list?.items.map((i) => i.label), ['/platform/quick-start/faq-billing', '/support/faqs', '/afaq']);
  const faqs = list!.items[1];
  assert.deepEqual([faqs.labelDetails?.description, faqs.detail], ['Frequently asked questions', 'Frequently asked questions']);
  const typed = openSite('See [setup](/guides/se|tup#install)', { at: 'guides/intro.mdx', files });
  const item = typed.service.complete(typed.project, typed.uri, typed.position)!.items[0];
  assert.equal(item.filterText, '/guides/setup');
  assert.equal(typed.apply({ changes: { [typed.uri]: [item.textEdit as { range: never; newText: string }] } })['guides/intro.mdx'], 'See [setup](/guides/setup#install)');
});

test('definition and document links land on the target file, through redirects and relative paths', () => {
  const site = openSite('[a](/old-se|tup) [b](./deploy/preview) ![c](/images/logo.png) [d](/missing)', { at: 'guides/intro.mdx', files: FILES });
  const definition = site.service.definition(site.project, site.uri, site.position);
  assert.deepEqual(definition?.map((l) => site.relativeOf(l.uri)), ['guides/setup.mdx']);
  const links = site.service.documentLinks(site.project, site.uri);
  assert.deepEqual(links?.map((l) => site.relativeOf(l.target!)), ['guides/setup.mdx', 'guides/deploy/preview.mdx', 'images/logo.png']);
  assert.deepEqual(links?.[1].range, site.rangeOf('./deploy/preview'));
});

test('hover over a link: the target page title', () => {
  const site = openSite('[a](/guides/se|tup#install)', { at: 'guides/intro.mdx', files: FILES });
  const hover = site.service.hover(site.project, site.uri, site.position);
  assert.match((hover?.contents as { value: string }).value, /\*\*Set up your site\*\*[\s\S]*guides\/setup\.mdx/);
});

test('moving a page updates links to it in every page, as they were written', () => {
  const site = openSite('[a](/guides/setup#install) [b](./setup) [c](/guides/deploy/preview)', {
    at: 'guides/intro.mdx',
    files: { ...FILES, 'index.mdx': 'Start with [setup](/guides/setup).' },
  });
  const edit = site.service.renameEdits([{ oldUri: site.uriOf('guides/setup.mdx'), newUri: site.uriOf('start/setup.mdx') }]);
  const after = site.apply({ changes: edit!.update });
  assert.equal(after['guides/intro.mdx'], '[a](/start/setup#install) [b](../start/setup) [c](/guides/deploy/preview)');
  assert.equal(after['index.mdx'], 'Start with [setup](/start/setup).');
  assert.match(after['docs.json'], /"start\/setup"/);
});

test("the Docs view counts a page's broken links on its row", () => {
  const site = openSite(JSON.stringify(DOCS), { files: { ...FILES, 'guides/setup.mdx': '[a](/nowhere) [b](/also-nowhere) [c](/guides/deploy/preview)' } });
  const pages = site.service.navigationTree(site.project).filter((n) => n.kind === 'page');
  const rows = site.service.pageRows(site.project, pages.map((n) => n.target!.uri));
  assert.deepEqual(pages.map((n, i) => [n.label, n.problems, rows[i].problems]), [['index', 0, 0], ['guides/setup', 0, 2], ['guides/deploy/preview', 0, 0]]);
  // Hidden rules count no problem.
  site.service.configure(site.project, { ...site.project.settings, severity: { 'broken-link': 'info' } });
  assert.deepEqual(site.service.pageRows(site.project, pages.map((n) => n.target!.uri)).map((r) => r.problems), [0, 0, 0]);
});

test('page rows: in the order asked; what is no page of the folder gets no title and no problem', () => {
  const site = openSite(JSON.stringify(DOCS), { files: { ...FILES, 'guides/setup.mdx': '---\ntitle: Set up\n---\n[a](/nowhere)' } });
  const asked = [site.uriOf('guides/setup.mdx'), site.uriOf('docs.json'), 'file:///etc/passwd', site.uriOf('../outside.mdx'), 'not a uri', site.uriOf('guides/setup.mdx')];
  assert.deepEqual(site.service.pageRows(site.project, asked), [{ title: 'Set up', problems: 1 }, { problems: 0 }, { problems: 0 }, { problems: 0 }, { problems: 0 }, { title: 'Set up', problems: 1 }]);
});

test('moving a folder updates links to the pages and files inside it', () => {
  const site = openSite('[a](/guides/deploy/preview#x) [b](./deploy/preview) ![c](/images/logo.png)', { at: 'guides/intro.mdx', files: FILES });
  const moves = [
    { oldUri: site.uriOf('guides/deploy'), newUri: site.uriOf('ship') },
    { oldUri: site.uriOf('images'), newUri: site.uriOf('media/images') },
  ];
  const after = site.apply({ changes: site.service.renameEdits(moves)!.update });
  assert.equal(after['guides/intro.mdx'], '[a](/ship/preview#x) [b](../ship/preview) ![c](/media/images/logo.png)');
});

test("the Docs view counts a page's images without alt text on its row (issue 26), and not once the rule is off", () => {
  const site = openSite(JSON.stringify(DOCS), { files: { ...FILES, 'guides/setup.mdx': '![](https://example.com/a.png)\n\n<video src="https://example.com/v.mp4" />\n\n![A chart](https://example.com/b.png)\n' } });
  const pages = site.service.navigationTree(site.project).filter((n) => n.kind === 'page');
  const rows = site.service.pageRows(site.project, pages.map((n) => n.target!.uri));
  assert.deepEqual(rows.map((r) => r.problems), [0, 2, 0]);
  site.service.configure(site.project, { ...site.project.settings, severity: { 'image-alt': 'off' } });
  assert.deepEqual(site.service.pageRows(site.project, pages.map((n) => n.target!.uri)).map((r) => r.problems), [0, 0, 0]);
});
