// The settings of docs.json beyond `navigation` (docs-json-settings note): schema, values, files, mint.json keys, redirects.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NameLists } from '../../server/src/checker/icons/name-lists';
import { nameListsFile } from '../../server/src/language';
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

test('enums of the platform: every value accepted, a typo of each rejected with a did-you-mean', () => {
  // The platform's validator is a union on `theme` of these 9 variants (docs-json-settings note).
  const themes = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia'];
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
  assert.deepEqual(summary(site({ colors: { primary: '#0B7D62', light: '#fff', dark: '#7a7A7a' } })), []);
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

test('values the platform refuses (found against its validator, the parity harness: scripts/parity/configs.ts): codeblocks, social names, integration ids, empty strings, URLs', () => {
  const refused = (settings: Record<string, unknown>) => site(settings).map((f) => [f.code, f.message]);
  // styling.codeblocks: `system` or `dark`, or an object whose theme is a Shiki name (a bare Shiki name is refused).
  for (const codeblocks of ['system', 'dark', { theme: 'github-dark' }, { theme: { light: 'github-light', dark: 'css-variables' } }]) assert.deepEqual(refused({ styling: { codeblocks } }), []);
  assert.deepEqual(refused({ styling: { codeblocks: 'auto' } }), [['invalid-value', "`styling.codeblocks` must be 'system' or 'dark'"]]);
  assert.deepEqual(refused({ styling: { codeblocks: 'github-dark' } }).map(([code]) => code), ['invalid-value']);
  assert.deepEqual(refused({ styling: { codeblocks: { theme: 'not-a-theme' } } }).map(([code]) => code), ['invalid-value']);
  // footer.socials: a platform name outside the platform's list is an error, not an ignored key.
  assert.deepEqual(refused({ footer: { socials: { github: 'https://github.com/a', tiktok: 'https://tiktok.com/@a' } } }).map(([code, message]) => [code, /`tiktok` is not allowed/.test(message)]), [['unknown-key', true]]);
  // Integration ids: ga4 and gtm start with G, a PostHog key with phc_; URLs where the platform wants one.
  assert.deepEqual(refused({ integrations: { ga4: { measurementId: 'G-1' }, gtm: { tagId: 'GTM-1' }, posthog: { apiKey: 'phc_1', apiHost: 'https://eu.posthog.com' } } }), []);
  assert.deepEqual(refused({ integrations: { posthog: { apiKey: 'abc' } } }), [['invalid-value', '`integrations.posthog.apiKey` must be a PostHog project API key (it starts with phc_)']]);
  assert.deepEqual(refused({ integrations: { ga4: { measurementId: 'UA-1' }, gtm: { tagId: 'X-1' } } }).length, 2);
  assert.deepEqual(refused({ $schema: 'docs.json', api: { mdx: { server: ['https://api.example.com', 'api.example.com'] } } }).map(([, message]) => message), [
    '`$schema` must be a URL',
    '`api.mdx.server.1` must be a URL',
  ]);
  // Link settings: a URL or a path of the site (`/`, `#`); a footer link's URL is https or mailto:.
  const links = (href: string) => ({ navbar: { links: [{ label: 'L', href }] }, logo: { light: 'https://x.example/l.svg', dark: 'https://x.example/d.svg', href }, footer: { links: [{ items: [{ label: 'L', href }] }] } });
  for (const href of ['https://example.com', 'mailto:a@example.com', '#top', '/a']) assert.deepEqual(refused(links(href)), [], href);
  assert.equal(refused(links('invalid')).filter(([code]) => code === 'invalid-value').length, 3);
  assert.deepEqual(refused(links('http://example.com')).map(([, message]) => message), [
    '`footer.links.0.items.0.href` must be an https:// URL, a mailto: link, or a path of the site starting with / or #',
  ]);
  assert.deepEqual(refused({ integrations: { plausible: { domain: 'https://example.com' } } }), [['invalid-value', '`integrations.plausible.domain` must be a domain, without https://']]);
  assert.deepEqual(refused({ integrations: { plausible: { domain: 'example.com' } } }), []);
  assert.deepEqual(refused({ name: '', banner: { content: '' }, footer: { links: [{ header: '', items: [{ label: 'L', href: '/a' }] }] } }).map(([, message]) => message), [
    '`name` must not be empty',
    '`banner.content` must not be empty',
    '`footer.links.0.header` must not be empty',
  ]);
});

test('shapes the platform refuses (parity harness, config mutations): a meta tag that is no text or empty, a logo, favicon or codeblocks theme object without light and dark, a logo of under 3 characters, no footer column, a custom contextual option without title, description or href, an icon with `fa-` or without a name, an openapi object without source', () => {
  const refused = (settings: Record<string, unknown>) => site(settings).map((f) => [f.code, f.message]);
  assert.deepEqual(refused({ seo: { metatags: { 'og:type': {}, 'og:site_name': '', 'og:image:width': 1200, canonical: ['https://x.example'] } } }), [
    ['invalid-type', '`seo.metatags.og:type` must be a string: the platform refuses any other meta tag value'],
    ['invalid-value', '`seo.metatags.og:site_name` must not be empty: the platform refuses an empty meta tag'],
    ['invalid-type', '`seo.metatags.og:image:width` must be a string: the platform refuses any other meta tag value'],
    ['invalid-type', '`seo.metatags.canonical` must be a string: the platform refuses any other meta tag value'],
  ]);
  assert.deepEqual(refused({ seo: { paths: [{ path: 'guides', metatags: { 'twitter:card': '' } }] } }).map(([code]) => code), ['invalid-value']);
  assert.deepEqual(refused({ favicon: {} }).map(([code, message]) => [code, message]), [['missing-key', '`favicon` needs `light`'], ['missing-key', '`favicon` needs `dark`']]);
  assert.deepEqual(refused({ styling: { codeblocks: { theme: { dark: 'github-dark' } } } }).map(([code]) => code), ['missing-key']);
  assert.deepEqual(refused({ contextual: { options: ['copy', {}] } }).map(([code]) => code), ['missing-key', 'missing-key', 'missing-key']);
  assert.deepEqual(refused({ logo: 'x' }), [['invalid-value', '`logo` must hold at least 3 characters'], ['missing-file', "No logo file 'x' in the docs folder"]]);
  assert.deepEqual(refused({ logo: { light: 'https://x.example/l.svg' } }), [['missing-key', '`logo` needs `dark`']]);
  assert.deepEqual(refused({ footer: { links: [] } }).map(([code]) => code), ['invalid-value']);
  const icon = (value: unknown) => ({ navbar: { links: [{ label: 'L', href: 'https://x.example', icon: value }] } });
  // One finding for the prefix (unknown-icon leaves it to the schema's), offering the name without it where the library has it.
  const iconNames = new NameLists(nameListsFile()!);
  const named = (value: unknown) => checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: { pages: ['a'] }, ...icon(value) }, 'a.mdx': '' }, { iconNames }).map((f) => [f.code, f.message, f.data?.suggestion]);
  assert.deepEqual(named('fa-star'), [['invalid-value', "`navbar.links.0.icon` must be an icon name without Font Awesome's `fa-` prefix (the platform refuses it): did you mean 'star'?", 'star']]);
  assert.deepEqual(named('fa-no-such-icon-here'), [['invalid-value', "`navbar.links.0.icon` must be an icon name without Font Awesome's `fa-` prefix (the platform refuses it)", undefined]]);
  assert.deepEqual(named('star'), [], 'the fix adds no finding');
  assert.deepEqual(refused(icon({})).map(([code]) => code), ['missing-key']);
  assert.deepEqual(refused({ api: { openapi: {} } }).map(([code, message]) => [code, message]), [['missing-key', '`openapi` needs `source`']]);
  // Quiet twins: the forms the platform takes.
  assert.deepEqual(refused({ seo: { metatags: { 'og:site_name': 'Acme', 'og:image:width': '1200', robots: 'noindex' }, paths: [{ path: 'guides', metatags: { 'og:type': 'article' } }] } }), []);
  assert.deepEqual(refused({ favicon: { light: 'https://x.example/l.png', dark: 'https://x.example/d.png' } }), []);
  for (const value of ['star', { name: 'star', style: 'solid' }, 'https://x.example/i.svg']) assert.deepEqual(refused(icon(value)), [], JSON.stringify(value));
  assert.deepEqual(refused({ api: { openapi: { source: 'https://x.example/openapi.json', directory: 'api' } } }).filter(([code]) => code !== 'remote-openapi'), []);
  assert.deepEqual(refused({ logo: { light: 'https://x.example/l.svg', dark: 'https://x.example/d.svg' }, footer: { links: [{ items: [{ label: 'L', href: '/a' }] }] } }), []);
  assert.deepEqual(refused({ styling: { codeblocks: { theme: { light: 'github-light', dark: 'github-dark' } } } }), []);
  assert.deepEqual(refused({ contextual: { options: ['copy', { title: 'Ask', description: 'Ask the team', href: 'https://x.example/$page' }, { title: 'B', description: 'b', href: { base: 'https://x.example' } }] } }), []);
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
  // `/gone` → `/old` → `/a` resolves; redirect-chain (not a rule when this was written) asks for one hop.
  assert.deepEqual(summary(site({ redirects }, { 'guides/x.mdx': '' })), [['redirect-chain', '"/old"', "'/gone' redirects to /old, which redirects again to /a: point it at /a"]]);
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

test('a redirect destination whose own redirects end nowhere says where the chain ends (as mint --check-redirects flags all three)', () => {
  const findings = site({
    redirects: [
      { source: '/c1', destination: '/c2' },
      { source: '/c2', destination: '/gone' },
      { source: '/d1', destination: '/c1' },
    ],
    navbar: { links: [{ label: 'Old', href: '/d1' }] },
  });
  assert.deepEqual(findings.map((f) => [f.text, f.message]), [
    ['"/c2"', "The destination '/c2' is redirected to '/gone', which is no page, file, generated API page or redirect source of this site"],
    ['"/gone"', "The destination '/gone' is no page, file, generated API page or redirect source of this site"],
    ['"/c1"', "The destination '/c1' is redirected to '/gone' (through 2 redirects), which is no page, file, generated API page or redirect source of this site"],
    ['"/d1"', "'/d1' is redirected to '/gone' (through 3 redirects), which is no page, file, generated API page or redirect source of this site"],
  ]);
});
