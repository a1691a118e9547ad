// Quick fixes for the checker's findings in docs.json, and "add to group" for a page no entry reaches.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CodeAction } from 'vscode-languageserver-types';
import { REQUIRED_SETTINGS_TEXT as SETTINGS } from '../helpers/docs-repo';
import { USERS_YAML } from '../lsp/helpers/fixtures';
import { openSite, Site } from './helpers';

/** The fixes offered for the one finding of `code` in docs.json whose message mentions `about`. */
function fixesFor(site: Site, code: string, about = '', createFiles = false): CodeAction[] {
  const found = site.check()['docs.json'].filter((d) => d.code === code && String(d.message).includes(about));
  assert.equal(found.length, 1, `one ${code} about '${about}'`);
  const actions = site.service.codeActions(site.uri, found[0].range, found, { createFiles });
  assert.ok(actions, 'an answer');
  for (const action of actions) assert.deepEqual([action.kind, action.diagnostics], ['quickfix', found]);
  return actions;
}

/** Titles, the preferred one marked with `*`. */
const titles = (actions: CodeAction[]) => actions.map((a) => `${a.isPreferred ? '* ' : ''}${a.title}`);

/** docs.json after a fix. */
const applied = (site: Site, action: CodeAction) => site.apply(action.edit!)['docs.json'];

test('missing page: replaced by the nearest page (a typo, or the same name in another folder)', () => {
  const site = openSite('{ "navigation": { "pages": ["quickstrat", "setup"] } }', { files: ['quickstart.mdx', 'guides/setup.mdx'] });
  const typo = fixesFor(site, 'missing-page', 'quickstrat');
  assert.deepEqual(titles(typo), ["* Replace with 'quickstart'"]);
  assert.equal(applied(site, typo[0]), '{ "navigation": { "pages": ["quickstart", "setup"] } }');
  assert.deepEqual(titles(fixesFor(site, 'missing-page', "'setup'")), ["* Replace with 'guides/setup'"]);
});

test('missing page: a client that can create files is offered the page file, titled from its name', () => {
  const site = openSite('{ "navigation": { "pages": ["guides/getting-started"] } }');
  const [create] = fixesFor(site, 'missing-page', 'getting-started', true);
  assert.equal(create.title, "Create page file 'guides/getting-started.mdx'");
  assert.deepEqual(site.apply(create.edit!), { 'guides/getting-started.mdx': '---\ntitle: "Getting started"\n---\n\n' });
  assert.deepEqual(fixesFor(site, 'missing-page', 'getting-started', false), []);
});

test('unknown endpoint: replaced by the nearest operation of the spec, keeping a spec written before it', () => {
  const marked = '{ "navigation": { "openapi": "users.yaml", "pages": ["GET /user", "users.yaml GET /users/{ID}"] } }';
  const site = openSite(marked, { files: { 'users.yaml': USERS_YAML } });
  const [user] = fixesFor(site, 'unknown-endpoint', "'GET /user'");
  assert.equal(user.title, "Replace with 'GET /users'");
  assert.equal(applied(site, user), '{ "navigation": { "openapi": "users.yaml", "pages": ["GET /users", "users.yaml GET /users/{ID}"] } }');
  assert.deepEqual(titles(fixesFor(site, 'unknown-endpoint', '{ID}')), ["* Replace with 'users.yaml GET /users/{id}'"]);
});

test('language code: replaced by the supported code it resembles; a code only the platform accepts may be, never preferred', () => {
  const site = openSite(`{ "navigation": { "languages": [{ "language": "pt-br", "pages": [] }] }${SETTINGS} }`);
  const fixes = fixesFor(site, 'language-code');
  assert.deepEqual(titles(fixes), ["* Replace with 'pt-BR'"]);
  assert.equal(applied(site, fixes[0]), `{ "navigation": { "languages": [{ "language": "pt-BR", "pages": [] }] }${SETTINGS} }`);
  const ja = openSite(`{ "navigation": { "languages": [{ "language": "ja", "pages": [] }] }${SETTINGS} }`);
  assert.deepEqual(titles(fixesFor(ja, 'platform-language-code')), ["Replace with 'jp', the specification's code"]);
});

test('global href: a relative link is made external, preferred when it looks like a domain', () => {
  const marked = '{ "navigation": { "pages": [], "global": { "anchors": [{ "anchor": "Status", "href": "status.example.com" }, { "anchor": "Blog", "href": "/blog" }] } } }';
  const site = openSite(marked);
  const status = fixesFor(site, 'global-href', 'status.example.com');
  assert.deepEqual(titles(status), ["* Make the link external: 'https://status.example.com'"]);
  assert.match(applied(site, status[0]), /"href": "https:\/\/status\.example\.com" \}, \{ "anchor": "Blog", "href": "\/blog" \}/);
  assert.deepEqual(titles(fixesFor(site, 'global-href', '/blog')), ["Make the link external: 'https://blog'"]);
});

test('missing key: added at the end of its object, laid out as its neighbours', () => {
  const oneLine = openSite(`{ "navigation": { "pages": [], "global": { "anchors": [{ "anchor": "Site" }] } }${SETTINGS} }`);
  const [add] = fixesFor(oneLine, 'missing-key');
  assert.equal(add.title, 'Add "href" to the global anchor');
  assert.equal(applied(oneLine, add), `{ "navigation": { "pages": [], "global": { "anchors": [{ "anchor": "Site", "href": "https://" }] } }${SETTINGS} }`);
  const nested = openSite(`{\n  "navigation": {\n    "groups": [\n      {\n        "pages": []\n      }\n    ]\n  }${SETTINGS}\n}`);
  const [group] = fixesFor(nested, 'missing-key');
  assert.equal(applied(nested, group), `{\n  "navigation": {\n    "groups": [\n      {\n        "pages": [],\n        "group": ""\n      }\n    ]\n  }${SETTINGS}\n}`);
});

test('missing key: added with a value that is no finding itself (an enum\'s first value, a primary pattern), or not offered', () => {
  const site = openSite('{ "name": "N", "navigation": { "pages": [] }, "colors": { "primary": "#0B7D62" } }');
  assert.equal(applied(site, fixesFor(site, 'missing-key', '"theme"')[0]), '{ "name": "N", "navigation": { "pages": [] }, "colors": { "primary": "#0B7D62" }, "theme": "mint" }');
  const noNavigation = openSite('{ "name": "N", "theme": "mint", "colors": { "primary": "#0B7D62" } }');
  assert.equal(applied(noNavigation, fixesFor(noNavigation, 'missing-key', '"navigation"')[0]), '{ "name": "N", "theme": "mint", "colors": { "primary": "#0B7D62" }, "navigation": { "pages": [] } }');
  // `colors.primary` is a hex color only the writer can choose: an empty one would be an invalid-value.
  const noColors = openSite('{ "name": "N", "theme": "mint", "navigation": { "pages": [] } }');
  assert.deepEqual(fixesFor(noColors, 'missing-key', '"colors"'), []);
});

test('missing page: no replacement by a page its section lists already (it would be listed twice)', () => {
  const site = openSite('{ "navigation": { "pages": ["quickstart", "quickstrat"] } }', { files: ['quickstart.mdx', 'quickstarts.mdx'] });
  assert.deepEqual(titles(fixesFor(site, 'missing-page', 'quickstrat')), ["Replace with 'quickstarts'"].map((t) => `* ${t}`));
});

test('a file with a syntax error: no fix edits it at or after the error, where the parser guesses', () => {
  const site = openSite(`{ "navigation": { "pages": ["quickstrat"] }, "redirects": [{ "source": "/a", "destination": "/b" }, { "sou${SETTINGS}`, { files: ['quickstart.mdx'] });
  assert.deepEqual(titles(fixesFor(site, 'missing-page', 'quickstrat')), ["* Replace with 'quickstart'"]);
  const truncated = openSite('{ "navigation": { "pages": ["quickstrat', { files: ['quickstart.mdx'] });
  // The string the error cuts short is not a finding at all (issue 38: one slip, one error).
  assert.deepEqual(truncated.check()['docs.json'].map((d) => d.code), ['json-syntax', 'json-syntax']);
});

test('unknown key: removed with its comma, the rest of the layout kept', () => {
  const marked = '{\n  "navigation": {\n    "tabs": [\n      {\n        "tab": "Docs",\n        "menu": [\n          { "item": "More", "pages": ["b"], "color": "red" },\n          {\n            "item": "Users",\n            "tag": "beta",\n            "pages": ["b"]\n          }\n        ]\n      }\n    ]\n  }\n}';
  const site = openSite(marked, { files: ['b.mdx'] });
  const [color] = fixesFor(site, 'unknown-key', '"color"');
  assert.equal(color.title, 'Remove "color"');
  assert.equal(applied(site, color), marked.replace(', "color": "red"', ''));
  assert.equal(applied(site, fixesFor(site, 'unknown-key', '"tag"')[0]), marked.replace('\n            "tag": "beta",', ''));
});

test('mixed children: the element is split in one per child type, or its groups moved into `pages`', () => {
  const site = openSite('{ "navigation": { "dropdowns": [{ "dropdown": "v3", "icon": "book", "pages": ["a"], "groups": [{ "group": "More", "pages": ["c"] }] }] } }', { files: ['a.mdx', 'c.mdx'] });
  const [split, move] = fixesFor(site, 'mixed-children');
  assert.deepEqual(titles([split, move]), ['Split the dropdown into 2, one for each of "pages", "groups"', '* Move the groups into "pages" (a "pages" list may hold groups)']);
  assert.equal(applied(site, split), '{ "navigation": { "dropdowns": [{ "dropdown": "v3", "icon": "book", "pages": ["a"] }, { "dropdown": "v3", "icon": "book", "groups": [{ "group": "More", "pages": ["c"] }] }] } }');
  assert.equal(applied(site, move), '{ "navigation": { "dropdowns": [{ "dropdown": "v3", "icon": "book", "pages": ["a", { "group": "More", "pages": ["c"] }] }] } }');
  const tabs = openSite('{ "navigation": { "anchors": [{ "anchor": "v3", "pages": ["a"], "tabs": [{ "tab": "T", "pages": ["c"] }] }] } }', { files: ['a.mdx', 'c.mdx'] });
  assert.deepEqual(titles(fixesFor(tabs, 'mixed-children')), ['Split the anchor into 2, one for each of "pages", "tabs"'], 'tabs cannot go into "pages"');
});

test('a rule turned `off` offers no fix; a fix carries its finding with the severity of the settings', () => {
  const marked = `{ "navigation": { "languages": [{ "language": "pt-br", "pages": [] }] }${SETTINGS} }`;
  const hidden = openSite(marked, { settings: { severity: { 'language-code': 'off' } } });
  const anywhere = { start: { line: 0, character: 0 }, end: { line: 0, character: marked.length } };
  assert.deepEqual(hidden.service.codeActions(hidden.uri, anywhere, []), []);
  const lowered = openSite(marked, { settings: { severity: { 'language-code': 'hint' } } });
  const [fix] = lowered.service.codeActions(lowered.uri, anywhere, [])!;
  assert.deepEqual([fix.title, fix.diagnostics?.map((d) => d.severity)], ["Replace with 'pt-BR'", [4]]);
});

test('orphan page: added to the group whose pages share its folder first, then the others', () => {
  const site = openSite('{ "navigation": { "groups": [{ "group": "Start", "pages": ["intro"] }, { "group": "Guides", "pages": ["guides/setup"] }] } }', {
    files: ['intro.mdx', 'guides/setup.mdx', 'guides/deploy.mdx'],
  });
  site.service.check(site.project);
  const atStart = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const actions = site.service.codeActions(site.uriOf('guides/deploy.mdx'), atStart, [])!;
  assert.deepEqual(titles(actions), ["* Add 'guides/deploy' to group 'Guides'", "Add 'guides/deploy' to group 'Start'"]);
  assert.equal(applied(site, actions[0]), '{ "navigation": { "groups": [{ "group": "Start", "pages": ["intro"] }, { "group": "Guides", "pages": ["guides/setup", "guides/deploy"] }] } }');
  assert.equal(site.service.codeActions(site.uriOf('intro.mdx'), atStart, []), null, 'a page in the navigation');
});

test('a fix for a finding in a file pulled in by `$ref` edits that file', () => {
  const site = openSite('{ "group": "More", "pages": ["quickstrat"] }', { at: 'more.json', files: { 'docs.json': { navigation: { groups: [{ $ref: 'more.json' }] } }, 'quickstart.mdx': '' } });
  const found = site.check()['more.json'];
  const [replace] = site.service.codeActions(site.uri, found[0].range, found)!;
  assert.deepEqual(site.apply(replace.edit!), { 'more.json': '{ "group": "More", "pages": ["quickstart"] }' });
});
