// The settings of docs.json beyond `navigation` (docs-json-settings note): schema, values, files, mint.json keys, redirects.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';

const site = (settings: Record<string, unknown>, files: Record<string, unknown> = {}) =>
  checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: { pages: ['a'] }, ...settings }, 'a.mdx': '', ...files });
const summary = (findings: ReturnType<typeof checkRepo>) => findings.map((f) => [f.code, f.text, f.message]);

test('required: theme, name and colors.primary, one finding each', () => {
  const findings = checkRepo({ 'docs.json': '{ "colors": {}, "navigation": { "pages": ["a"] } }', 'a.mdx': '' });
  assert.deepEqual(findings.map((f) => [f.code, f.data?.key]), [['missing-key', 'theme'], ['missing-key', 'name'], ['missing-key', 'primary']]);
});

test('the issue\'s example is refused as the platform refuses it', () => {
  const findings = checkRepo({
    'docs.json': { theme: 'bogus', colors: { primary: 'red' }, logo: '/logo/missing.svg', redirects: [{ source: '/a', destination: '/does-not-exist' }], navigation: { pages: ['intro'] } },
    'intro.mdx': '',
  });
  assert.deepEqual(findings.map((f) => f.code).sort(), ['broken-link', 'invalid-value', 'invalid-value', 'missing-file', 'missing-key']);
});

test('navbar: a `button` and a link of no `github`/`discord` type need a `label`, as the platform requires (@mintlify/validation refuses both)', () => {
  const findings = site({
    navbar: {
      primary: { type: 'button', href: 'https://app.example.com' },
      links: [{ href: 'https://a.example.com' }, { type: 'github', href: 'https://github.com/a' }, { type: 'other', href: '/a' }, { label: 'Blog', href: '/a' }],
    },
  });
  assert.deepEqual(summary(findings), [
    ['missing-key', '"type"', '`primary` needs `label`'],
    ['missing-key', '"href"', 'Entry 1 of `navbar.links` needs `label`'],
    ['missing-key', '"type"', 'Entry 3 of `navbar.links` needs `label`'],
  ]);
  assert.deepEqual(site({ navbar: { primary: { type: 'github', href: 'https://github.com/a' } } }), [], 'a github button needs none');
});

test('enums of the note: every value accepted, a typo of each rejected with a did-you-mean', () => {
  const note = fs.readFileSync(path.resolve(__dirname, '../../../shared/notes/docs-json-settings.md'), 'utf8');
  const themes = /\| `theme` \| enum: ([^|]+)\|/.exec(note)![1].split(',').map((t) => t.trim());
  assert.equal(themes.length, 9);
  const cases: [string[], string[]][] = [
    [['theme'], themes],
    [['appearance', 'default'], ['system', 'light', 'dark']],
    [['background', 'decoration'], ['gradient', 'grid', 'windows']],
    [['icons', 'library'], ['fontawesome', 'lucide', 'tabler']],
    [['navbar', 'primary', 'type'], ['button', 'github', 'discord']],
    [['seo', 'indexing'], ['navigable', 'all']],
    [['banner', 'type'], ['info', 'warning', 'critical']],
    [['contextual', 'display'], ['header', 'toc']],
    [['api', 'playground', 'display'], ['interactive', 'simple', 'none', 'auth']],
    [['api', 'examples', 'defaults'], ['required', 'all']],
    [['api', 'params', 'expanded'], ['all', 'closed']],
    [['thumbnails', 'appearance'], ['light', 'dark']],
  ];
  const extra: Record<string, unknown> = { navbar: { primary: { type: 'button', href: 'https://x.example.com', label: 'L' } }, banner: { content: 'Hi' }, contextual: { options: ['copy'] } };
  const at = (keys: string[], value: string) => {
    const settings: Record<string, any> = structuredClone(extra);
    let object = settings;
    for (const key of keys.slice(0, -1)) object = object[key] ??= {};
    object[keys[keys.length - 1]] = value;
    return site(settings);
  };
  for (const [keys, values] of cases) {
    for (const value of values) assert.deepEqual(summary(at(keys, value)), [], `${keys.join('.')}: ${value}`);
    for (const value of values) {
      const typo = value.length > 3 ? `${value.slice(0, -1)}x` : `${value}x`;
      const findings = at(keys, typo);
      assert.deepEqual(findings.map((f) => [f.code, f.data?.suggestion]), [['invalid-value', value]], `${keys.join('.')}: ${typo}`);
      assert.match(findings[0].message, new RegExp(`did you mean '${value}'\\?`));
    }
  }
  assert.deepEqual(summary(site({ contextual: { options: ['copy', 'claude', 'mcp', 'add-mcp', 'devin-mcp', { title: 'T', description: 'D', href: 'https://x.example.com' }] } })), []);
  assert.deepEqual(site({ contextual: { options: ['copy', 'claud', 'copy'] } }).map((f) => [f.text, f.data?.suggestion]), [['"claud"', 'claude'], ['"copy"', undefined]]);
});

test('values: hex colors, https socials, at most 4 footer columns, fonts `format` and `family` beside heading/body', () => {
  assert.deepEqual(summary(site({ colors: { primary: '#0D9373', light: '#fff', dark: '#0a0A0a' } })), []);
  const colors = site({ colors: { primary: 'red', light: '#12345678' } });
  assert.deepEqual(colors.map((f) => [f.code, f.text]), [['invalid-value', '"red"'], ['invalid-value', '"#12345678"']]);
  assert.match(colors[0].message, /hex color with a leading #/);
  assert.deepEqual(site({ footer: { socials: { github: 'http://github.com/x', x: 'https://x.com/y' } } }).map((f) => f.text), ['"http://github.com/x"']);
  const column = { items: [{ label: 'A', href: 'https://a.example.com' }] };
  assert.deepEqual(summary(site({ footer: { links: [column, column, column, column] } })), []);
  assert.deepEqual(site({ footer: { links: [column, column, column, column, column] } }).map((f) => [f.code, f.text]), [['invalid-value', '"links"']]);
  assert.deepEqual(site({ fonts: { family: 'Inter', source: 'https://x.example.com/i.woff2' } }).map((f) => [f.code, f.data?.key]), [['missing-key', 'format']]);
  const dropped = site({ fonts: { family: 'Inter', heading: { family: 'Lora' } } });
  assert.deepEqual(dropped.map((f) => [f.code, f.text]), [['ignored-key', '"heading"']]);
});

test('unknown keys: errors in strict objects, warnings elsewhere, mint.json keys name their docs.json form', () => {
  assert.deepEqual(site({ colors: { primary: '#000', accent: '#111' } }).map((f) => [f.code, f.text]), [['unknown-key', '"accent"']]);
  assert.deepEqual(site({ integrations: { gaa: { measurementId: 'G-1' } } }).map((f) => f.code), ['unknown-key']);
  assert.deepEqual(site({ scripts: ['a.js'], seo: { indexing: 'all', extra: 1 } }).map((f) => [f.code, f.text]), [['ignored-key', '"scripts"'], ['ignored-key', '"extra"']]);
  const legacy = site({ topbarLinks: [{ name: 'Blog', url: 'https://b.example.com' }], api: { baseUrl: 'https://api.example.com' }, colors: { primary: '#000', background: { light: '#fff' } } });
  assert.deepEqual(legacy.map((f) => [f.code, f.text]), [['unknown-key', '"background"'], ['legacy-key', '"topbarLinks"'], ['legacy-key', '"baseUrl"']]);
  assert.match(legacy[1].message, /mint\.json key \(it has no effect\): write `navbar\.links`/);
  assert.deepEqual(legacy[1].data?.rewrite, { path: ['navbar', 'links'], value: [{ label: 'Blog', href: 'https://b.example.com' }] });
  assert.match(legacy[0].message, /the platform refuses it\): write `background\.color`/);
  assert.deepEqual(summary(site({ feedback: { thumbsRating: true } })).map((f) => f[2]), ['`feedback` is a mint.json key (it has no effect), with no docs.json equivalent']);
});

test('files: a missing file is flagged on its value with the nearest file of the same kind; URLs never', () => {
  const files = { 'logo/dark.svg': '', 'logo/light.svg': '', 'favicon.png': '', 'fonts/inter.woff2': '', 'grammars/x.json': '' };
  const ok = { logo: { light: '/logo/light.svg', dark: './logo/dark.svg', href: 'https://x.example.com' }, favicon: 'favicon.png', background: { image: 'https://cdn.example.com/bg.png' }, fonts: { family: 'Inter', source: '/fonts/inter.woff2', format: 'woff2' }, styling: { codeblocks: { languages: { custom: ['grammars/x.json'] } } } };
  assert.deepEqual(summary(site(ok, files)), []);
  const missing = site({ logo: { light: '/logo/ligth.svg', dark: '/logo/dark.svg' }, favicon: '/favicon.ico', thumbnails: { background: 'nothing/like/it.webp' } }, files);
  assert.deepEqual(missing.map((f) => [f.code, f.text, f.data?.suggestion]), [
    ['missing-file', '"/logo/ligth.svg"', '/logo/light.svg'],
    ['missing-file', '"/favicon.ico"', '/favicon.png'],
    ['missing-file', '"nothing/like/it.webp"', undefined],
  ]);
});

test('duplicate redirect: the message numbers the earlier entry as the list does, and its data names the destination kept', () => {
  const findings = site({ redirects: [{ source: '/x' }, { source: '/old', destination: '/a' }, { source: '/old', destination: '/b' }] }, { 'b.mdx': '' });
  const duplicate = findings.filter((f) => f.code === 'duplicate-redirect');
  assert.deepEqual(
    duplicate.map((f) => [f.message, f.data]),
    [["The source '/old' is already redirected (entry 2): the platform refuses a source used twice", { keptDestination: '/a' }]],
  );
});

test('redirects: each source once, no # or ? in a source, parameters captured, loops, destinations resolve', () => {
  const redirects = [
    { source: '/old', destination: '/a' },
    { source: '/old/', destination: '/a' },
    { source: '/blog/:slug*', destination: '/posts/:slug*' },
    { source: '/docs/:page?', destination: '/a' },
    { source: '/gone', destination: '/old' },
    { source: '/ext/:any', destination: 'https://example.com/:any' },
    { source: '/folder', destination: '/guides' },
    { source: '/root', destination: '/' },
  ];
  assert.deepEqual(summary(site({ redirects }, { 'guides/x.mdx': '' })), []);
  const bad = site({
    redirects: [
      { source: '/old', destination: '/a' },
      { source: '/old', destination: '/a' },
      { source: '/page#part', destination: '/a' },
      { source: '/p?x=1', destination: '/a' },
      { source: '/users/:id', destination: '/people/:name' },
      { source: '/x', destination: '/y' },
      { source: '/y', destination: '/x' },
      { source: '/z', destination: '/nowhere' },
    ],
  });
  assert.deepEqual(bad.map((f) => [f.code, f.text]), [
    ['duplicate-redirect', '"/old"'],
    ['redirect-source', '"/page#part"'],
    ['redirect-source', '"/p?x=1"'],
    ['redirect-param', '"/people/:name"'],
    ['redirect-loop', '"/y"'],
    ['redirect-loop', '"/x"'],
    ['broken-link', '"/nowhere"'],
  ]);
});

test('links of the settings: internal hrefs and Markdown links resolve; URLs, mailto: and #anchors are not checked', () => {
  const files = { 'guides/x.mdx': '', 'home.mdx': '', 'files/sheet.pdf': '' };
  const good = {
    logo: { light: 'https://cdn.example.com/l.svg', dark: 'https://cdn.example.com/d.svg', href: '/home' },
    navbar: { links: [{ label: 'Guide', href: '/guides/x' }, { label: 'Mail', href: 'mailto:a@example.com' }], primary: { type: 'button', label: 'Go', href: '#top' } },
    footer: { links: [{ header: 'H', items: [{ label: 'Sheet', href: '/files/sheet.pdf' }, { label: 'Old', href: '/old' }] }] },
    banner: { content: 'New: [the guide](/guides/x) and [site](https://example.com)' },
    errors: { '404': { description: 'Go [home](/home "Home")' } },
    redirects: [{ source: '/old', destination: '/home' }],
  };
  assert.deepEqual(summary(site(good, files)), []);
  const bad = site({
    navbar: { links: [{ label: 'Guide', href: '/guide/x' }] },
    footer: { links: [{ items: [{ label: 'Nope', href: '/nope' }] }] },
    banner: { content: 'See [the guide](/guides/y) now' },
  }, files);
  assert.deepEqual(bad.map((f) => [f.code, f.text]), [['broken-link', '"/guide/x"'], ['broken-link', '"/nope"'], ['broken-link', '/guides/y']]);
});

test('links of navigation elements: a tab or anchor href resolves when internal; URLs are not checked', () => {
  const files = { 'guides/x.mdx': '' };
  const navigation = (href: string) => ({
    global: { anchors: [{ anchor: 'Blog', href: 'https://example.com/blog' }] },
    tabs: [
      { tab: 'Docs', anchors: [{ anchor: 'Start', pages: ['a'] }, { anchor: 'Guide', href }] },
      { tab: 'Changelog', href: 'https://example.com/changelog' },
      { tab: 'Guide', href },
    ],
  });
  assert.deepEqual(summary(site({ navigation: navigation('/guides/x') }, files)), []);
  assert.deepEqual(
    site({ navigation: navigation('/guides/y') }, files).map((f) => [f.code, f.text]),
    [['broken-link', '"/guides/y"'], ['broken-link', '"/guides/y"']],
  );
});
