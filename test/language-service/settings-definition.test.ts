// Go to definition and document links on the values of docs.json's settings: a file setting's value opens its
// file; a link (navbar, footer, `logo.href`) or a redirect destination opens the page it lands on, through redirects.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openSite } from './helpers';

const FILES = ['intro.mdx', 'guides/setup.mdx', 'guides/index.md', 'images/logo.svg', 'images/dark.png', 'favicon.ico', 'fonts/Inter.woff2', 'api/events.yaml'];

/** Where definition at the marker leads, relative to the docs folder. */
function definitionAt(marked: string): string[] {
  const site = openSite(marked, { files: FILES });
  const locations = site.service.definition(site.project, site.uri, site.position);
  assert.ok(locations, 'an answer');
  return locations.map((l) => `${site.relativeOf(l.uri)}:${l.range.start.line}:${l.range.start.character}`);
}

test('a file setting leads to its file, written from the root or not', () => {
  assert.deepEqual(definitionAt('{ "logo": "/images/lo|go.svg" }'), ['images/logo.svg:0:0']);
  assert.deepEqual(definitionAt('{ "logo": { "light": "images/logo.svg", "dark": "images/da|rk.png" } }'), ['images/dark.png:0:0']);
  assert.deepEqual(definitionAt('{ "favicon": "favi|con.ico" }'), ['favicon.ico:0:0']);
  assert.deepEqual(definitionAt('{ "background": { "image": "/images/logo|.svg" } }'), ['images/logo.svg:0:0']);
  assert.deepEqual(definitionAt('{ "fonts": { "family": "Inter", "source": "/fonts/In|ter.woff2", "format": "woff2" } }'), ['fonts/Inter.woff2:0:0']);
  assert.deepEqual(definitionAt('{ "api": { "asyncapi": ["api/ev|ents.yaml"] } }'), ['api/events.yaml:0:0']);
});

test('a file setting naming a URL or a missing file leads nowhere', () => {
  assert.deepEqual(definitionAt('{ "logo": "https://example.com/lo|go.svg" }'), []);
  assert.deepEqual(definitionAt('{ "favicon": "/gone|.ico" }'), []);
});

test('navbar, footer and `logo.href` links lead to the page they land on, in any form', () => {
  assert.deepEqual(definitionAt('{ "navbar": { "links": [{ "label": "Start", "href": "/int|ro" }] } }'), ['intro.mdx:0:0']);
  assert.deepEqual(definitionAt('{ "navbar": { "primary": { "type": "button", "label": "Go", "href": "/guides/set|up#install" } } }'), ['guides/setup.mdx:0:0']);
  assert.deepEqual(definitionAt('{ "footer": { "links": [{ "header": "Docs", "items": [{ "label": "G", "href": "gui|des" }] }] } }'), ['guides/index.md:0:0']);
  assert.deepEqual(definitionAt('{ "logo": { "light": "images/logo.svg", "href": "/in|tro" } }'), ['intro.mdx:0:0']);
});

test('a redirect destination leads to its page, through a chain of redirects', () => {
  const chain = [
    '{ "redirects": [',
    '{ "source": "/old", "destination": "/mi|d" },',
    '{ "source": "/mid", "destination": "/moved/x" },',
    '{ "source": "/moved/:slug", "destination": "/intro" }',
    '] }',
  ];
  assert.deepEqual(definitionAt(chain.join(' ')), ['intro.mdx:0:0']);
  assert.deepEqual(definitionAt('{ "redirects": [{ "source": "/old", "destination": "/guides/se|tup" }] }'), ['guides/setup.mdx:0:0']);
});

test('an external link, a missing page and a redirect loop lead nowhere', () => {
  assert.deepEqual(definitionAt('{ "navbar": { "links": [{ "label": "GitHub", "href": "https://git|hub.com/acme" }] } }'), []);
  assert.deepEqual(definitionAt('{ "redirects": [{ "source": "/old", "destination": "https://exam|ple.com/intro" }] }'), []);
  assert.deepEqual(definitionAt('{ "logo": { "href": "/go|ne" } }'), []);
  assert.deepEqual(definitionAt('{ "redirects": [{ "source": "/a", "destination": "/b|" }, { "source": "/b", "destination": "/a" }] }'), []);
});

test('document links: every file setting and settings link that lands on a file', () => {
  const site = openSite(
    JSON.stringify({
      logo: { light: '/images/logo.svg', dark: 'images/missing.png', href: '/intro' },
      favicon: 'favicon.ico',
      navbar: { links: [{ label: 'GitHub', href: 'https://github.com/acme' }, { label: 'Setup', href: '/guides/setup' }] },
      redirects: [{ source: '/old', destination: '/new' }, { source: '/new', destination: '/intro' }],
    }),
    { files: FILES },
  );
  const links = site.service.documentLinks(site.project, site.uri);
  assert.ok(links, 'an answer');
  const written = links.map((l) => `${site.text.slice(l.range.start.character, l.range.end.character)} → ${site.relativeOf(l.target!)}`);
  assert.deepEqual(written.sort(), [
    '"/guides/setup" → guides/setup.mdx',
    '"/images/logo.svg" → images/logo.svg',
    '"/intro" → intro.mdx',
    '"/intro" → intro.mdx',
    '"/new" → intro.mdx',
    '"favicon.ico" → favicon.ico',
  ]);
});

test('the href of a navigation element leads to its page', () => {
  assert.deepEqual(definitionAt('{ "navigation": { "tabs": [{ "tab": "Docs", "pages": ["intro"] }, { "tab": "Setup", "href": "/guides/se|tup" }] } }'), ['guides/setup.mdx:0:0']);
  assert.deepEqual(definitionAt('{ "navigation": { "anchors": [{ "anchor": "Start", "href": "/in|tro" }] } }'), ['intro.mdx:0:0']);
});

test('a Markdown link inside `banner.content` or the 404 description leads to its page', () => {
  assert.deepEqual(definitionAt('{ "banner": { "content": "New: [setup](/guides/se|tup) and [site](https://example.com)" } }'), ['guides/setup.mdx:0:0']);
  assert.deepEqual(definitionAt('{ "errors": { "404": { "description": "Go [home](/in|tro \\"Home\\")" } } }'), ['intro.mdx:0:0']);
  assert.deepEqual(definitionAt('{ "banner": { "content": "New: [se|tup](/guides/setup)" } }'), [], 'the link text is no link');
});
