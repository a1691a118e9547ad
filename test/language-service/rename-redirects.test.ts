// Moving pages keeps their URLs alive: redirect destinations follow the move, and each old URL gets a redirect.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openSite, Site } from './helpers';

function moving(site: Site, from: string, to: string) {
  const edits = site.service.renameEdits([{ oldUri: site.uriOf(from), newUri: site.uriOf(to) }]);
  assert.ok(edits, `edits for ${from} → ${to}`);
  return {
    update: JSON.parse(site.apply({ changes: edits.update })['docs.json'] ?? site.text),
    both: site.apply({ changes: { [site.uri]: [...(edits.update[site.uri] ?? []), ...(edits.redirects[site.uri] ?? [])] } })['docs.json'],
  };
}

const DOCS = `{
  "navigation": { "pages": ["start/quick-start/faqs", "start/quick-start/install"] },
  "redirects": [
    {
      "source": "/faq",
      "destination": "/start/quick-start/faqs#billing"
    },
    {
      "source": "/old/:slug*",
      "destination": "/start/quick-start/:slug*"
    },
    {
      "source": "/setup",
      "destination": "start/quick-start/install/"
    },
    {
      "source": "/elsewhere",
      "destination": "https://example.com/start/quick-start/faqs"
    }
  ]
}`;
const FILES = ['start/quick-start/faqs.mdx', 'start/quick-start/install.mdx', 'start/quick-startx.mdx'];

test('a folder move rewrites exact and wildcard redirect destinations under it, as written, and adds one wildcard redirect for its URLs', () => {
  const site = openSite(DOCS, { files: FILES });
  const { update, both } = moving(site, 'start/quick-start', 'start/getting-started');
  assert.deepEqual(
    update.redirects.map((r: { destination: string }) => r.destination),
    ['/start/getting-started/faqs#billing', '/start/getting-started/:slug*', 'start/getting-started/install/', 'https://example.com/start/quick-start/faqs'],
  );
  assert.deepEqual(JSON.parse(both!).redirects.slice(4), [{ source: '/start/quick-start/:slug*', destination: '/start/getting-started/:slug*' }]);
  // Laid out as the entries before them, one key a line.
  assert.match(both!, /\n    \{\n      "source": "\/start\/quick-start\/:slug\*",\n      "destination": "\/start\/getting-started\/:slug\*"\n    \}\n/);
});

test('a page move rewrites the destinations that name it, and no source already redirected gets a second redirect', () => {
  const site = openSite(DOCS.replace('"/setup"', '"/start/quick-start/install"'), { files: FILES });
  const { update, both } = moving(site, 'start/quick-start/faqs.mdx', 'start/quick-start/faq.mdx');
  assert.equal(update.redirects[0].destination, '/start/quick-start/faq#billing');
  assert.equal(update.redirects[1].destination, '/start/quick-start/:slug*', 'a wildcard under a folder that stays');
  assert.deepEqual(JSON.parse(both!).redirects.slice(4), [{ source: '/start/quick-start/faqs', destination: '/start/quick-start/faq' }]);
  const install = site.service.renameEdits([{ oldUri: site.uriOf('start/quick-start/install.mdx'), newUri: site.uriOf('install.mdx') }]);
  assert.deepEqual(install?.redirects, {}, '/start/quick-start/install is a redirect source already');
});

test('without redirects, the key is added at the end, indented as the file; a page file no entry names has a URL too', () => {
  const site = openSite('{\n\t"navigation": { "pages": ["a"] }\n}', { files: ['a.mdx', 'hidden.mdx'] });
  const edits = site.service.renameEdits([{ oldUri: site.uriOf('hidden.mdx'), newUri: site.uriOf('shown.mdx') }]);
  assert.deepEqual(edits?.update, {});
  assert.equal(
    site.apply({ changes: edits!.redirects })['docs.json'],
    '{\n\t"navigation": { "pages": ["a"] },\n\t"redirects": [\n\t\t{\n\t\t\t"source": "/hidden",\n\t\t\t"destination": "/shown"\n\t\t}\n\t]\n}',
  );
});

test('one-line redirects get one-line entries; an empty list is filled', () => {
  const oneLine = openSite('{ "navigation": { "pages": ["a"] }, "redirects": [{ "source": "/x", "destination": "/a" }] }', { files: ['a.mdx'] });
  const after = oneLine.apply({ changes: oneLine.service.renameEdits([{ oldUri: oneLine.uriOf('a.mdx'), newUri: oneLine.uriOf('b.mdx') }])!.redirects });
  assert.equal(after['docs.json'], '{ "navigation": { "pages": ["a"] }, "redirects": [{ "source": "/x", "destination": "/a" }, { "source": "/a", "destination": "/b" }] }');
  const empty = openSite('{\n  "navigation": { "pages": ["a"] },\n  "redirects": []\n}', { files: ['a.mdx'] });
  const filled = empty.apply({ changes: empty.service.renameEdits([{ oldUri: empty.uriOf('a.mdx'), newUri: empty.uriOf('b.mdx') }])!.redirects });
  assert.equal(filled['docs.json'], '{\n  "navigation": { "pages": ["a"] },\n  "redirects": [\n    {\n      "source": "/a",\n      "destination": "/b"\n    }\n  ]\n}');
});

test('docsJson.rename.addRedirects off: destinations still follow, no redirect is added; the root page and a URL still served get none', () => {
  const site = openSite(DOCS, { files: FILES, settings: { addRedirectsOnRename: false } });
  const edits = site.service.renameEdits([{ oldUri: site.uriOf('start/quick-start'), newUri: site.uriOf('start/next') }]);
  assert.deepEqual(edits?.redirects, {});
  assert.equal(JSON.parse(site.apply({ changes: edits!.update })['docs.json']).redirects[1].destination, '/start/next/:slug*');

  const served = openSite('{ "navigation": { "pages": ["index", "a"] } }', { files: ['index.mdx', 'a.mdx', 'a/index.mdx'] });
  assert.deepEqual(served.service.renameEdits([{ oldUri: served.uriOf('index.mdx'), newUri: served.uriOf('home.mdx') }])?.redirects, {});
  assert.deepEqual(served.service.renameEdits([{ oldUri: served.uriOf('a.mdx'), newUri: served.uriOf('b.mdx') }])?.redirects, {}, 'a/index.mdx serves /a');
});

test('a redirect from a moved page is written from a safe redirect path: redirect syntax in file names percent-encoded (issue 34)', () => {
  const cases: [string, string, string][] = [
    ['*.mdx', 'star.mdx', '/%2A'],
    [':id.mdx', 'id.mdx', '/%3Aid'],
    ['g#1?.mdx', 'g1.mdx', '/g%231%3F'],
    ['a (b)+.mdx', 'ab.mdx', '/a%20%28b%29%2B'],
  ];
  for (const [from, to, source] of cases) {
    const site = openSite(`{ "navigation": { "pages": ["${from.slice(0, -4)}"] } }`, { files: [from] });
    const { both } = moving(site, from, to);
    const redirects = JSON.parse(both!).redirects as { source: string; destination: string }[];
    assert.deepEqual(redirects, [{ source, destination: `/${to.slice(0, -4)}` }], from);
  }
  // The destination too: a page moved to `:slug.mdx` is not a parameter.
  const site = openSite('{ "navigation": { "pages": ["a"] } }', { files: ['a.mdx'] });
  assert.deepEqual(JSON.parse(moving(site, 'a.mdx', ':slug*.mdx').both!).redirects, [{ source: '/a', destination: '/%3Aslug%2A' }]);
});

test('a page with 150k links to the moved page: the rename still edits them all (a spread of the edits overflowed the stack: no edit at all)', () => {
  const site = openSite('{ "navigation": { "pages": ["a", "linker"] } }', { files: { 'a.mdx': '# A\n', 'linker.mdx': '[a](/a) '.repeat(150_000) } });
  const edits = site.service.renameEdits([{ oldUri: site.uriOf('a.mdx'), newUri: site.uriOf('b.mdx') }]);
  assert.ok(edits, 'edits, not null');
  assert.equal(edits.update[site.uriOf('linker.mdx')]?.length, 150_000);
});

function addedBy(site: Site, moves: [string, string][]) {
  const edits = site.service.renameEdits(moves.map(([from, to]) => ({ oldUri: site.uriOf(from), newUri: site.uriOf(to) })));
  assert.ok(edits);
  const after = site.apply({ changes: edits.redirects })['docs.json'];
  return after === undefined ? [] : (JSON.parse(after).redirects as { source: string; destination: string }[]).slice(JSON.parse(site.text).redirects?.length ?? 0);
}

const GUIDES = ['guides/index.mdx', 'guides/a.mdx', 'guides/b.mdx', 'guides/deep/c.mdx', 'guides/logo.png', 'other.mdx'];

test('a folder moved whole: one wildcard redirect for the URLs under it; the folder page keeps its own (`:slug*` needs a segment)', () => {
  const site = openSite('{ "navigation": { "pages": ["guides", "guides/a", "guides/b", "guides/deep/c", "other"] } }', { files: GUIDES });
  assert.deepEqual(addedBy(site, [['guides', 'learn']]), [
    { source: '/guides/:slug*', destination: '/learn/:slug*' },
    { source: '/guides', destination: '/learn' },
  ]);
  // Every file of the folder moved one by one, under the same names: the same.
  const oneByOne = GUIDES.filter((file) => file.startsWith('guides/')).map((file): [string, string] => [file, file.replace('guides/', 'learn/')]);
  assert.deepEqual(addedBy(site, oneByOne), [
    { source: '/guides/:slug*', destination: '/learn/:slug*' },
    { source: '/guides', destination: '/learn' },
  ]);
  assert.deepEqual(
    addedBy(site, oneByOne.filter(([from]) => !from.includes('deep'))),
    [
      { source: '/guides', destination: '/learn' },
      { source: '/guides/a', destination: '/learn/a' },
      { source: '/guides/b', destination: '/learn/b' },
    ],
    'guides/deep/c stays under /guides: no wildcard that would hide it',
  );
  const flat = openSite('{ "navigation": { "pages": ["guides/a", "guides/b"] } }', { files: ['guides/a.mdx', 'guides/b.mdx', 'other.mdx'] });
  assert.deepEqual(addedBy(flat, [['guides/a.mdx', 'learn/a.mdx'], ['guides/b.mdx', 'learn/b.mdx']]), [{ source: '/guides/:slug*', destination: '/learn/:slug*' }]);
});

test('no wildcard where it would not keep every URL: a page left or moved in under the old folder, a move into itself, an earlier pattern; a page it would not carry keeps its own', () => {
  const site = openSite('{ "navigation": { "pages": ["guides/a", "guides/b", "other"] } }', { files: ['guides/a.mdx', 'guides/b.mdx', 'other.mdx'] });
  const perPage = (to: string) => [
    { source: '/guides/a', destination: `/${to}/a` },
    { source: '/guides/b', destination: `/${to}/b` },
  ];
  assert.deepEqual(addedBy(site, [['guides', 'guides/v1']]), perPage('guides/v1'), '/guides/:slug* would catch /guides/v1/a');
  assert.deepEqual(addedBy(site, [['guides', 'learn'], ['other.mdx', 'guides/other.mdx']]).slice(0, 2), perPage('learn'), 'guides/other is a page after the move');
  assert.deepEqual(addedBy(site, [['guides/a.mdx', 'learn/a.mdx']]), [{ source: '/guides/a', destination: '/learn/a' }]);
  assert.deepEqual(addedBy(site, [['guides/a.mdx', 'learn/a.mdx'], ['guides/b.mdx', 'learn/bee.mdx']]), [
    { source: '/guides/a', destination: '/learn/a' },
    { source: '/guides/b', destination: '/learn/bee' },
  ]);
  const pattern = openSite('{ "navigation": { "pages": ["guides/a", "guides/b"] }, "redirects": [{ "source": "/guides/*", "destination": "/other" }] }', {
    files: ['guides/a.mdx', 'guides/b.mdx', 'other.mdx'],
  });
  assert.deepEqual(addedBy(pattern, [['guides', 'learn']]), perPage('learn'), 'the earlier /guides/* would win over a wildcard appended after it');
  // An exact redirect wins over a pattern: a page the wildcard would not carry keeps its own beside it.
  const colon = openSite('{ "navigation": { "pages": ["guides/a", "guides/b", "guides/c:append"] } }', { files: ['guides/a.mdx', 'guides/b.mdx', 'guides/c:append.mdx'] });
  assert.deepEqual(addedBy(colon, [['guides', 'learn']]), [
    { source: '/guides/:slug*', destination: '/learn/:slug*' },
    { source: '/guides/c%3Aappend', destination: '/learn/c%3Aappend' },
  ]);
  const named = openSite('{ "navigation": { "pages": [":id/a", ":id/b"] } }', { files: [':id/a.mdx', ':id/b.mdx'] });
  assert.deepEqual(
    addedBy(named, [[':id', 'learn']]).map((r) => r.source),
    ['/%3Aid/a', '/%3Aid/b'],
    'a folder name with redirect syntax',
  );
});
