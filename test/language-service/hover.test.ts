// Hover in docs.json: a page's front matter, an endpoint's operation, a key's description from the schema.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Hover, MarkupContent } from 'vscode-languageserver-types';
import { openSite, Site } from './helpers';
import { SITE_FILES } from './sites';

/** The hover at the marker, and the site (to find ranges in its text). */
function hoverAt(marked: string): { hover: Hover | null; site: Site } {
  const site = openSite(marked, { files: SITE_FILES });
  return { hover: site.service.hover(site.project, site.uri, site.position), site };
}

/** The hover's markdown, a paragraph an entry. */
function paragraphs({ hover }: { hover: Hover | null }): string[] {
  assert.ok(hover, 'a hover');
  return (hover.contents as MarkupContent).value.split('\n\n');
}

test('a page shows the title and description of its front matter, and its file', () => {
  const { hover, site } = hoverAt('{ "navigation": { "pages": ["in|tro"] } }');
  assert.deepEqual(paragraphs({ hover }), ['**Introduction**', 'What the product does, in one page.', '`intro.mdx`']);
  assert.deepEqual(hover!.range, site.rangeOf('"intro"'), 'the whole string, quotes included');
});

test('a page without front matter shows its path; an entry with no page file says so', () => {
  assert.deepEqual(paragraphs(hoverAt('{ "navigation": { "pages": ["guides/se|tup"] } }')), ['**guides/setup**', '`guides/setup.mdx`']);
  assert.deepEqual(paragraphs(hoverAt('{ "navigation": { "pages": ["no|where"] } }')), ['No page file for `nowhere`']);
});

test('an endpoint shows its method, path, summary and operationId from the inherited spec', () => {
  const found = hoverAt('{ "navigation": { "tabs": [{ "tab": "API", "openapi": "api/users.yaml", "pages": ["GET /us|ers/{id}"] }] } }');
  assert.deepEqual(paragraphs(found), ['**GET** `/users/{id}`', 'Get a user', 'operationId: `getUser`', 'Spec: `api/users.yaml`']);
});

test('an endpoint the spec lacks, or whose spec cannot be read, says which', () => {
  const absent = hoverAt('{ "navigation": { "openapi": "api/users.yaml", "pages": ["PUT /us|ers"] } }');
  assert.deepEqual(paragraphs(absent), ['**PUT** `/users`', 'Not in the inherited OpenAPI spec.']);
  const unreadable = hoverAt('{ "navigation": { "openapi": "api/none.yaml", "pages": ["PUT /us|ers"] } }');
  assert.deepEqual(paragraphs(unreadable), ['**PUT** `/users`', 'The inherited OpenAPI spec cannot be read here.']);
});

test('a key shows its description from the schema, naming the element that holds it', () => {
  const expanded = hoverAt('{ "navigation": { "groups": [{ "group": "G", "exp|anded": true, "pages": [] }] } }');
  assert.deepEqual(paragraphs(expanded), ['`expanded` (group)', '`true` expands a nested group by default; `false` or omitted collapses it. Top-level groups are always expanded.']);
  assert.deepEqual(expanded.hover!.range, expanded.site.rangeOf('"expanded"'));
  const drilldown = hoverAt('{ "interaction": { "drill|down": true }, "navigation": { "pages": [] } }');
  assert.equal(paragraphs(drilldown)[0], '`drilldown`', 'outside the navigation no element is named');
});

test('a label has no hover', () => {
  assert.equal(hoverAt('{ "navigation": { "groups": [{ "group": "Gui|des", "pages": [] }] } }').hover, null);
});

test('a page answers anywhere in the range its hover reports, on its opening quote too', () => {
  const { hover, site } = hoverAt('{ "navigation": { "pages": [|"intro"] } }');
  assert.deepEqual(hover?.range, site.rangeOf('"intro"'));
});

test('a value shows what it means: an enum value its own text from the schema, then what its key is for', () => {
  const { hover, site } = hoverAt('{ "theme": "lu|ma", "navigation": { "pages": [] } }');
  const [heading, meaning, key] = paragraphs({ hover });
  assert.equal(heading, '`theme`: `"luma"`');
  assert.match(meaning, /theme the platform accepts/);
  assert.match(key, /layout theme/);
  assert.deepEqual(hover!.range, site.rangeOf('"luma"'));
  assert.match(paragraphs(hoverAt('{ "theme": "m|int" }'))[1], /^The classic layout/);
  assert.match(paragraphs(hoverAt('{ "appearance": { "default": "da|rk" } }'))[1], /^Dark mode first/);
  assert.deepEqual(paragraphs(hoverAt('{ "background": { "decoration": "gr|id" } }')), ['`decoration`: `"grid"`', 'A pattern the theme draws behind the page: `gradient`, `grid` or `windows`.']);
});

test('key texts say where the label shows, not only what it is', () => {
  const [, tab] = paragraphs(hoverAt('{ "navigation": { "tabs": [{ "t|ab": "Guides", "pages": [] }] } }'));
  assert.match(tab, /shown in the bar of tabs at the top of every page/);
  const [, group] = paragraphs(hoverAt('{ "navigation": { "groups": [{ "gr|oup": "Start", "pages": [] }] } }'));
  assert.match(group, /heading its pages are listed under in the sidebar/);
});

test('a theme color shows its contrast against each background `mint a11y` compares it with; a background, the colors on it', () => {
  const primary = hoverAt('{ "theme": "mint", "colors": { "primary": "#77|7777", "dark": "#555555" }, "navigation": { "pages": [] } }');
  assert.deepEqual(paragraphs(primary), ['Contrast 4.48:1 against the light background #ffffff: **fails** WCAG AA (4.5:1 for text)']);
  assert.deepEqual(primary.hover!.range, primary.site.rangeOf('"#777777"'));
  const dark = hoverAt('{ "theme": "mint", "colors": { "primary": "#000", "light": "#fff", "dark": "#5|55555" }, "navigation": { "pages": [] } }');
  assert.deepEqual(paragraphs(dark), [
    'Contrast 2.59:1 against the dark background #0e0e10: **fails** WCAG AA (3:1 for large text and interface parts)',
    'Contrast 7.46:1 against the light background #ffffff: passes WCAG AA (3:1 for large text and interface parts)',
  ]);
  const background = hoverAt('{ "theme": "mint", "colors": { "primary": "#000", "light": "#fff" }, "background": { "color": { "dark": "#22|2222" } }, "navigation": { "pages": [] } }');
  assert.deepEqual(paragraphs(background), ['`colors.light` #fff: Contrast 15.91:1 against the dark background #222222: passes WCAG AA (4.5:1 for text)']);
});
