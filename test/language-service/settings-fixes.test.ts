// Quick fixes of the settings rules, through the service entry: mint.json keys rewritten, enum values, files,
// duplicate redirects, language codes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { CodeAction } from 'vscode-languageserver-types';
import { ACCEPT_LANGUAGE_CODE_COMMAND } from '../../server/src/protocol/client-commands';
import { DEFAULT_SETTINGS } from '../../server/src/project/project-settings';
import { REQUIRED_SETTINGS_TEXT as SETTINGS } from '../helpers/docs-repo';
import { openSite, Site } from './helpers';

function fixesFor(site: Site, code: string, about = ''): CodeAction[] {
  const found = site.check()['docs.json'].filter((d) => d.code === code && String(d.message).includes(about));
  assert.equal(found.length, 1, `one ${code} about '${about}': ${JSON.stringify(site.check()['docs.json'].map((d) => d.message))}`);
  return site.service.codeActions(site.uri, found[0].range, found, { createFiles: false }) ?? [];
}
const titles = (actions: CodeAction[]) => actions.map((a) => `${a.isPreferred ? '* ' : ''}${a.title}`);
const applied = (site: Site, action: CodeAction) => site.apply(action.edit!)['docs.json'];
const NAV = '"navigation": { "pages": [] }';

test('mint.json key: rewritten in place when its new form belongs to the same object', () => {
  const site = openSite(`{ ${NAV}, "topbarLinks": [{ "name": "Blog", "url": "https://b.example.com" }]${SETTINGS} }`);
  const fixes = fixesFor(site, 'legacy-key', 'topbarLinks');
  assert.deepEqual(titles(fixes), ['* Write it as "navbar.links"', 'Remove "topbarLinks"']);
  assert.equal(applied(site, fixes[0]), `{ ${NAV}, "navbar": { "links": [{ "label": "Blog", "href": "https://b.example.com" }] }${SETTINGS} }`);
});

test('mint.json key: moved into an existing object; no rewrite when the new key is already set', () => {
  const site = openSite(`{ ${NAV}, "api": { "baseUrl": "https://api.example.com", "mdx": { "auth": { "method": "bearer" } } }${SETTINGS} }`);
  const [move] = fixesFor(site, 'legacy-key', 'baseUrl');
  assert.equal(move.title, 'Write it as "api.mdx.server"');
  assert.equal(applied(site, move), `{ ${NAV}, "api": {"mdx": { "auth": { "method": "bearer" }, "server": "https://api.example.com" } }${SETTINGS} }`);
  const set = openSite(`{ ${NAV}, "openapi": "a.yaml", "api": { "openapi": "b.yaml" }${SETTINGS} }`, { files: ['a.yaml', 'b.yaml'] });
  assert.deepEqual(titles(fixesFor(set, 'legacy-key', 'openapi')), ['Remove "openapi"']);
});

test('mint.json analytics: rewritten as integrations in the file\'s layout; custom scripts, which have no docs.json key, are not moved', () => {
  const settings = SETTINGS.replace(/^, /, '');
  const site = openSite(`{\n  ${NAV},\n  "analytics": {\n    "ga4": { "measurementId": "G-1" },\n    "intercom": "abcdef12"\n  },\n  ${settings}\n}`);
  const fixes = fixesFor(site, 'legacy-key', 'analytics');
  assert.deepEqual(titles(fixes), ['* Write it as "integrations"', 'Remove "analytics"']);
  const integrations = '"integrations": {\n    "ga4": {\n      "measurementId": "G-1"\n    },\n    "intercom": {\n      "appId": "abcdef12"\n    }\n  }';
  assert.equal(applied(site, fixes[0]), `{\n  ${NAV},\n  ${integrations},\n  ${settings}\n}`);
  // box's docs.json: the platform refuses `customScripts` in `integrations` (an earlier rewrite put it there).
  const scripts = openSite(`{\n  ${NAV},\n  "analytics": {\n    "customScripts": ["/scripts/a.js"]\n  },\n  ${settings}\n}`);
  const [finding] = scripts.check()['docs.json'].filter((d) => d.code === 'legacy-key');
  assert.match(String(finding.message), /custom scripts have no key: a "\.js" file in the docs folder loads on every page/);
  assert.deepEqual(titles(fixesFor(scripts, 'legacy-key', 'analytics')), ['Remove "analytics"']);
});

test('enum value and missing file: replaced by the nearest valid one', () => {
  const site = openSite(`{ ${NAV}, "appearance": { "default": "drak" }, "favicon": "/favicon.svg"${SETTINGS} }`, { files: ['favicon.png'] });
  const [value] = fixesFor(site, 'invalid-value', 'appearance');
  assert.equal(value.title, "Replace with 'dark'");
  assert.match(applied(site, value), /"default": "dark"/);
  const [file] = fixesFor(site, 'missing-file');
  assert.equal(file.title, "Replace with '/favicon.png'");
  assert.match(applied(site, file), /"favicon": "\/favicon.png"/);
});

test('duplicate redirect: the later entry is removed with its comma, the layout kept', () => {
  const site = openSite(`{
  ${NAV},
  "redirects": [
    { "source": "/a", "destination": "/x" },
    { "source": "/b", "destination": "/x" },
    { "source": "/a", "destination": "/x" }
  ]${SETTINGS}
}`, { files: ['x.mdx'] });
  const fixes = fixesFor(site, 'duplicate-redirect');
  assert.deepEqual(titles(fixes), ['* Remove the duplicate redirect']);
  assert.equal(applied(site, fixes[0]), `{
  ${NAV},
  "redirects": [
    { "source": "/a", "destination": "/x" },
    { "source": "/b", "destination": "/x" }
  ]${SETTINGS}
}`);
});

test('duplicate redirect: with another destination, the title names the entry kept; an entry inside the list keeps its neighbours', () => {
  const site = openSite(`{ ${NAV}, "redirects": [{ "source": "/a", "destination": "/x" }, { "source": "/a", "destination": "/y" }, { "source": "/b", "destination": "/x" }]${SETTINGS} }`, {
    files: ['x.mdx', 'y.mdx'],
  });
  const fixes = fixesFor(site, 'duplicate-redirect');
  assert.deepEqual(titles(fixes), ["Remove this redirect, keep the earlier '/a' → '/x'"]);
  assert.equal(applied(site, fixes[0]), `{ ${NAV}, "redirects": [{ "source": "/a", "destination": "/x" }, { "source": "/b", "destination": "/x" }]${SETTINGS} }`);
  const last = openSite(`{ ${NAV}, "redirects": [{ "source": "/a", "destination": "/x" }, { "source": "/a", "destination": "/x" }]${SETTINGS} }`, { files: ['x.mdx'] });
  assert.equal(applied(last, fixesFor(last, 'duplicate-redirect')[0]), `{ ${NAV}, "redirects": [{ "source": "/a", "destination": "/x" }]${SETTINGS} }`);
});

test('duplicate redirect: in a `$ref` file, the entry is removed there', () => {
  const redirects = '[\n  { "source": "/a", "destination": "/x" },\n  { "source": "/a", "destination": "/x" }\n]\n';
  const site = openSite(redirects, { at: 'redirects.json', files: { 'docs.json': `{ ${NAV}, "redirects": { "$ref": "redirects.json" }${SETTINGS} }`, 'x.mdx': '' } });
  const found = site.check()['redirects.json'].filter((d) => d.code === 'duplicate-redirect');
  assert.equal(found.length, 1);
  const [fix] = site.service.codeActions(site.uri, found[0].range, found, {}) ?? [];
  assert.equal(fix?.title, 'Remove the duplicate redirect');
  assert.deepEqual(site.apply(fix.edit!), { 'redirects.json': '[\n  { "source": "/a", "destination": "/x" }\n]\n' });
});

test("language code the platform accepts: \"Accept\" preferred for a client that runs the command, which the setting then accepts; the specification's code never preferred", () => {
  const marked = `{ "navigation": { "languages": [{ "language": "ja", "pages": [] }, { "language": "uk", "pages": [] }, { "language": "ua", "pages": [] }] }${SETTINGS} }`;
  const site = openSite(marked);
  const found = (about: string) => site.check()['docs.json'].filter((d) => /language-code/.test(String(d.code)) && String(d.message).includes(about));
  const actions = (about: string, commands?: string[]) => site.service.codeActions(site.uri, found(about)[0].range, found(about), { commands }) ?? [];
  assert.deepEqual(titles(actions("'ja'")), ["Replace with 'jp', the specification's code"], 'no command the client runs: no accept');
  const ja = actions("'ja'", [ACCEPT_LANGUAGE_CODE_COMMAND]);
  assert.deepEqual(titles(ja), ["* Accept 'ja': add it to docsJson.extraLanguageCodes", "Replace with 'jp', the specification's code"]);
  assert.deepEqual([ja[0].kind, ja[0].edit, ja[0].command?.command, ja[0].command?.arguments], ['quickfix', undefined, ACCEPT_LANGUAGE_CODE_COMMAND, ['ja', pathToFileURL(site.root).href]]);
  // `uk` has no code in the specification's list (its `ua` is refused by the platform): accepting it is the one fix; `ua` cannot be accepted.
  assert.deepEqual(titles(actions("'uk'", [ACCEPT_LANGUAGE_CODE_COMMAND])), ["* Accept 'uk': add it to docsJson.extraLanguageCodes"]);
  assert.deepEqual(titles(actions("'ua'", [ACCEPT_LANGUAGE_CODE_COMMAND])), []);
  site.service.configure(site.project, { ...DEFAULT_SETTINGS, extraLanguageCodes: ['ja', 'uk'] });
  assert.deepEqual(site.check()['docs.json'].map((d) => String(d.message)), ["'ua' is in the navigation specification's language list, but the platform refuses it: it accepts 'uk' for Ukrainian"]);
});

test('broken link in docs.json (navbar href, redirect destination): linked to the nearest page, its #anchor kept', () => {
  const site = openSite(
    `{ ${NAV}, "navbar": { "links": [{ "label": "Setup", "href": "/guides/setpu#install" }] }, "redirects": [{ "source": "/old", "destination": "/quickstrat" }]${SETTINGS} }`,
    { files: ['guides/setup.mdx', 'quickstart.mdx'] },
  );
  const [href] = fixesFor(site, 'broken-link', '/guides/setpu');
  assert.equal(href.title, "Link to '/guides/setup'");
  assert.match(applied(site, href), /"href": "\/guides\/setup#install"/);
  const [destination] = fixesFor(site, 'broken-link', '/quickstrat');
  assert.equal(destination.title, "Link to '/quickstart'");
  assert.match(applied(site, destination), /"destination": "\/quickstart"/);
});
