// Completion inside the values of docs.json's settings: the files of a file setting's kind (images, fonts, specs,
// grammars), and page paths from the root for links (navbar, footer, `logo.href`, redirect destinations).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CompletionItem, TextEdit } from 'vscode-languageserver-types';
import { openSite, Site } from './helpers';

const FILES = [
  'intro.mdx',
  'quickstart.mdx',
  'guides/setup.mdx',
  'images/logo.svg',
  'images/logo-dark.png',
  'favicon.ico',
  'fonts/Inter.woff2',
  'api/events.yaml',
  'grammars/vyper.json',
  'notes.txt',
  'package.json',
];
const IMAGES = ['favicon.ico', 'images/logo-dark.png', 'images/logo.svg'];

interface Offered {
  site: Site;
  items: CompletionItem[];
  labels: string[];
}

/** The items offered at the marker, in the order the editor shows them before filtering. */
function offered(marked: string): Offered {
  const site = openSite(marked, { files: FILES });
  const list = site.service.complete(site.project, site.uri, site.position);
  assert.ok(list, 'a completion list');
  const items = [...list.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
  return { site, items, labels: items.map((i) => i.label) };
}

/** docs.json after accepting the item of `label`. */
function accepting({ site, items }: Offered, label: string): string {
  const item = items.find((i) => i.label === label) ?? assert.fail(`no item '${label}'`);
  return site.apply({ changes: { [site.uri]: [item.textEdit as TextEdit, ...(item.additionalTextEdits ?? [])] } })['docs.json'];
}

test('`logo`, its light and dark forms, `favicon`, `background.image` and `thumbnails.background` offer the images', () => {
  const logo = offered('{ "logo": "|" }');
  assert.deepEqual(logo.labels, IMAGES);
  assert.equal(logo.items[0].detail, 'logo');
  assert.equal(accepting(logo, 'images/logo.svg'), '{ "logo": "images/logo.svg" }');
  assert.deepEqual(offered('{ "logo": { "light": "images/logo.svg", "dark": "|" } }').labels, IMAGES);
  assert.deepEqual(offered('{ "favicon": "|" }').labels, IMAGES);
  assert.deepEqual(offered('{ "background": { "image": "|" } }').labels, IMAGES);
  assert.deepEqual(offered('{ "thumbnails": { "background": "|" } }').labels, IMAGES);
});

test('what is typed filters the files; a typed leading `/` gives paths from the root', () => {
  assert.deepEqual(offered('{ "logo": "dark|" }').labels, ['images/logo-dark.png']);
  const fromRoot = offered('{ "logo": { "light": "/im|" } }');
  assert.deepEqual(fromRoot.labels, ['/images/logo-dark.png', '/images/logo.svg']);
  assert.equal(accepting(fromRoot, '/images/logo.svg'), '{ "logo": { "light": "/images/logo.svg" } }');
});

test('with nothing typed, files are written from the root when another file setting is', () => {
  assert.deepEqual(offered('{ "logo": "/images/logo.svg", "favicon": "|" }').labels, IMAGES.map((f) => `/${f}`));
  assert.deepEqual(offered('{ "logo": "images/logo.svg", "favicon": "|" }').labels, IMAGES);
  assert.deepEqual(offered('{ "logo": "https://example.com/logo.svg", "favicon": "|" }').labels, IMAGES, 'a URL is no file setting written from the root');
});

test('local font sources offer font files; `api.asyncapi` spec files (not package.json); custom languages JSON grammars', () => {
  assert.deepEqual(offered('{ "fonts": { "family": "Inter", "source": "|" } }').labels, ['fonts/Inter.woff2']);
  assert.deepEqual(offered('{ "fonts": { "heading": { "family": "Inter", "source": "|" } } }').labels, ['fonts/Inter.woff2']);
  assert.deepEqual(offered('{ "api": { "asyncapi": "|" } }').labels, ['api/events.yaml', 'grammars/vyper.json']);
  assert.deepEqual(offered('{ "api": { "asyncapi": ["ev|"] } }').labels, ['api/events.yaml']);
  assert.deepEqual(offered('{ "api": { "asyncapi": { "source": "|" } } }').labels, ['api/events.yaml', 'grammars/vyper.json']);
  assert.deepEqual(offered('{ "styling": { "codeblocks": { "languages": { "custom": ["vy|"] } } } }').labels, ['grammars/vyper.json']);
});

test('links of the settings offer page paths from the root, pages in the navigation first', () => {
  const navbar = offered('{ "navbar": { "links": [{ "label": "Start", "href": "|" }] }, "navigation": { "pages": ["quickstart"] } }');
  assert.deepEqual(navbar.labels, ['/quickstart', '/guides/setup', '/intro']);
  assert.equal(navbar.items[0].detail, 'page');
  assert.equal(accepting(navbar, '/intro'), '{ "navbar": { "links": [{ "label": "Start", "href": "/intro" }] }, "navigation": { "pages": ["quickstart"] } }');
  assert.deepEqual(offered('{ "navbar": { "primary": { "type": "button", "label": "Go", "href": "|" } } }').labels, ['/guides/setup', '/intro', '/quickstart']);
  assert.deepEqual(offered('{ "footer": { "links": [{ "header": "Docs", "items": [{ "label": "Setup", "href": "se|" }] }] } }').labels, ['/guides/setup']);
  assert.deepEqual(offered('{ "logo": { "light": "images/logo.svg", "href": "/in|" } }').labels, ['/intro']);
});

test('a link typed without its `/` still matches, and accepting writes it from the root', () => {
  const typed = offered('{ "logo": { "href": "gui|" } }');
  assert.equal(typed.items[0].filterText, 'guides/setup');
  assert.equal(accepting(typed, '/guides/setup'), '{ "logo": { "href": "/guides/setup" } }');
});

test('a redirect destination offers page paths from the root; its source does not', () => {
  const redirect = offered('{ "redirects": [{ "source": "/old", "destination": "/qu|" }] }');
  assert.deepEqual(redirect.labels, ['/quickstart']);
  assert.equal(accepting(redirect, '/quickstart'), '{ "redirects": [{ "source": "/old", "destination": "/quickstart" }] }');
  assert.deepEqual(offered('{ "redirects": [{ "source": "/qu|", "destination": "/intro" }] }').labels, []);
});

test('while typing (a model older than the text), a file setting still offers its files', () => {
  const site = openSite('{ "logo": "" }', { files: FILES });
  site.check();
  site.change('{ "logo": "/fav" }');
  const list = site.service.complete(site.project, site.uri, { line: 0, character: 15 });
  assert.deepEqual(list?.items.map((i) => i.label), ['/favicon.ico']);
});

test('settings that are neither files nor links offer no paths', () => {
  assert.deepEqual(offered('{ "name": "|" }').labels, []);
  assert.deepEqual(offered('{ "navbar": { "links": [{ "label": "|", "href": "/intro" }] } }').labels, []);
});

test('the href of a navigation element offers page paths from the root', () => {
  assert.deepEqual(offered('{ "navigation": { "tabs": [{ "tab": "Docs", "pages": ["quickstart"] }, { "tab": "Setup", "href": "/se|" }] } }').labels, ['/guides/setup']);
});
