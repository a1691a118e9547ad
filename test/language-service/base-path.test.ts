// A site served under a sub-path: every redirect carries `/docs/`, the file tree has no `docs/` folder, and the
// destinations exist once the prefix is off (docs-json-settings note §6). Read as the site's base path: detected,
// told once as information (a `base-path` finding on the first redirect carrying it, and a line of the server log),
// and set or turned off by `docsJson.basePath` (then not told).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { DocsJsonSettings } from '../../server/src/project/project-settings';
import { REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { openSite } from './helpers';

const DOCS = JSON.stringify({
  ...REQUIRED_SETTINGS,
  navigation: { pages: ['index', 'guide/a', 'guide/b'] },
  redirects: [
    { source: '/docs/old-a', destination: '/docs/guide/a' },
    { source: '/docs/old-b', destination: '/docs/guide/b' },
    { source: '/docs/legacy/:slug*', destination: '/docs/guide/:slug*' },
    { source: '/docs/start', destination: '/docs' },
    { source: '/docs/gone', destination: '/docs/guide/missing' },
  ],
});
const FILES = {
  'index.mdx': '[a](/docs/guide/a) [redirected](/docs/old-a) [chain](/docs/legacy/b) [bare](/guide/b) [flagged](/docs/guide/nope)',
  'guide/a.mdx': '',
  'guide/b.mdx': '',
};

function findings(settings?: Partial<DocsJsonSettings>) {
  const site = openSite(DOCS, { files: FILES, settings });
  const docsJson = Object.values(site.check()).flat().map((d) => `docs.json ${d.code} ${/'([^']*)'/.exec(String(d.message))?.[1]}`);
  const pages = [...site.service.checkPages(site.project).byFile].flatMap(([file, ds]) =>
    ds.map((d) => `${site.relativeOf(pathToFileURL(file).href)} ${d.code} ${/"([^"]*)"/.exec(String(d.message))?.[1]}`),
  );
  return { all: [...docsJson, ...pages], note: site.service.basePathNote(site.project) };
}

test('detected: links and redirects under /docs land on the tree; the truly broken ones are still flagged; told once', () => {
  const { all, note } = findings();
  // Told as information on the first redirect carrying it, and in the server's log.
  assert.deepEqual(all, ['docs.json base-path /docs', 'docs.json broken-link /docs/guide/missing', 'index.mdx broken-link /docs/guide/nope']);
  assert.match(note ?? '', /read under the base path \/docs, which the site's redirects or links carry and the file tree lacks/);
});

test('docsJson.basePath set: the same findings, no line; set to "" the prefix is a path like any other', () => {
  const set = findings({ basePath: '/docs/' });
  assert.deepEqual(set.all, ['docs.json broken-link /docs/guide/missing', 'index.mdx broken-link /docs/guide/nope']);
  assert.equal(set.note, undefined);
  const none = findings({ basePath: '' });
  assert.deepEqual(none.all, [
    'docs.json broken-link /docs/guide/a',
    'docs.json broken-link /docs/guide/b',
    'docs.json broken-link /docs',
    'docs.json broken-link /docs/guide/missing',
    'index.mdx broken-link /docs/guide/a',
    'index.mdx broken-link /docs/old-a',
    'index.mdx broken-link /docs/legacy/b',
    'index.mdx broken-link /docs/guide/nope',
  ]);
  assert.equal(none.note, undefined);
});

test('no base path when the tree has the prefix as a folder, or when few redirects carry it', () => {
  const withFolder = openSite(DOCS, { files: { ...FILES, 'docs/readme.mdx': '' } });
  assert.equal(withFolder.service.basePathNote(withFolder.project), undefined);
  const mixed = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index'] }, redirects: [{ source: '/docs/a', destination: '/guide/a' }, { source: '/b', destination: '/guide/b' }, { source: '/c', destination: '/docs/guide/a' }] });
  const site = openSite(mixed, { files: FILES });
  assert.equal(site.service.basePathNote(site.project), undefined);
});

test('a broken link carrying the base path: the page a fix creates is under the tree (no docs/ folder that would end the base path), and creating it clears the finding', () => {
  const site = openSite(DOCS, { files: FILES });
  const page = path.join(site.root, 'index.mdx');
  const nope = site.service.checkPages(site.project, [page]).byFile.get(page)!.find((d) => String(d.message).includes('/docs/guide/nope'))!;
  const create = site.service.codeActions(pathToFileURL(page).href, nope.range, [nope], { createFiles: true })!.find((a) => a.title.startsWith('Create page file'))!;
  assert.equal(create.title, "Create page file 'guide/nope.mdx'");
  fs.writeFileSync(path.join(site.root, 'guide/nope.mdx'), site.apply(create.edit!)['guide/nope.mdx']);
  site.service.fileEvents([{ uri: pathToFileURL(path.join(site.root, 'guide/nope.mdx')).href, type: 'created' }]);
  assert.deepEqual(site.service.checkPages(site.project, [page]).byFile.get(page)!.map((d) => String(d.message)), []);
});

test('issue 45: no redirect tells it, the pages\' links do: /docs/x links land on x; told once by the note; a truly broken one flagged', () => {
  const docs = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index', 'guide/a', 'guide/b'] } });
  const files = {
    'index.mdx': '<a href="/docs/guide/a">a</a> <a href="/docs/guide/b">b</a> [home](/docs) [flagged](/docs/guide/nope)',
    'guide/a.mdx': '[b](/docs/guide/b)',
    'guide/b.mdx': '[a](/docs/guide/a) [index](/docs/index)',
  };
  const site = openSite(docs, { files });
  const pages = [...site.service.checkPages(site.project).byFile].flatMap(([file, ds]) => ds.map((d) => `${site.relativeOf(pathToFileURL(file).href)} ${d.code} ${/"([^"]*)"/.exec(String(d.message))?.[1]}`));
  assert.deepEqual(pages, ['index.mdx broken-link /docs/guide/nope']);
  assert.match(site.service.basePathNote(site.project) ?? '', /read under the base path \/docs, which the site's redirects or links carry/);
  // Quiet twin: two such links say nothing (a mistyped folder, not a base path); each is flagged.
  const few = openSite(docs, { files: { ...files, 'index.mdx': '[a](/docs/guide/a)', 'guide/b.mdx': '' } });
  const flagged = [...few.service.checkPages(few.project).byFile].flatMap(([, ds]) => ds.map((d) => /"([^"]*)"/.exec(String(d.message))?.[1]));
  assert.deepEqual(flagged.sort(), ['/docs/guide/a', '/docs/guide/b']);
  assert.equal(few.service.basePathNote(few.project), undefined);
});
