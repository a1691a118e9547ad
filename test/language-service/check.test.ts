// The check of a docs folder as the editor shows it: diagnostics by file, after the folder's severity settings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Diagnostic } from 'vscode-languageserver-types';
import { REQUIRED_SETTINGS_TEXT as SETTINGS } from '../helpers/docs-repo';
import { openSite } from './helpers';

const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

/** `code severity` per diagnostic, by file. */
function summary(byFile: Record<string, Diagnostic[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(byFile).map(([file, list]) => [file, list.map((d) => `${d.code} ${SEVERITY[d.severity!]}`)]));
}

test('a clean docs.json is listed with no diagnostics (so an editor clears what it showed)', () => {
  const site = openSite(`{ "navigation": { "pages": ["intro"] }${SETTINGS} }`, { files: ['intro.mdx'] });
  assert.deepEqual(site.check(), { 'docs.json': [] });
});

test('findings are listed on the file they are written in: docs.json, or the file a `$ref` pulls in', () => {
  const site = openSite(`{ "navigation": { "tabs": [{ "tab": "Home", "pages": ["intro", "nowhere"] }, { "$ref": "tabs/api.json" }] }${SETTINGS} }`, {
    files: { 'tabs/api.json': { tab: 'API', groups: [{ group: 'Ref', pages: ['ref/missing'] }] }, 'intro.mdx': '' },
  });
  const byFile = site.check();
  assert.deepEqual(summary(byFile), { 'docs.json': ['missing-page error'], 'tabs/api.json': ['missing-page error'] });
  assert.match(String(byFile['docs.json'][0].message), /No page file for 'nowhere'/);
  assert.deepEqual(byFile['docs.json'][0].range, site.rangeOf('"nowhere"'));
  assert.match(String(byFile['tabs/api.json'][0].message), /ref\/missing/);
});

test("the editor's text is checked, not the disk's; each change is checked again", () => {
  const site = openSite(`{ "navigation": { "pages": ["intro"] }${SETTINGS} }`, { files: ['intro.mdx'] });
  site.change(`{ "navigation": { "pages": ["intro", "typo"] }${SETTINGS} }`);
  assert.deepEqual(summary(site.check()), { 'docs.json': ['missing-page error'] });
  site.change(`{ "navigation": { "languages": [{ "language": "ja", "pages": ["intro"] }] }${SETTINGS} }`);
  assert.deepEqual(summary(site.check()), { 'docs.json': ['platform-language-code hint'] });
  site.service.closeDocument(site.uri);
  assert.deepEqual(site.check(), { 'docs.json': [] }, 'closed unsaved: the disk counts again');
});

test('severity settings: a rule is raised or lowered by `configure`, and `off` hides it', () => {
  const marked = `{ "navigation": { "pages": ["a", "a", "gone"], "global": { "anchors": [{ "anchor": "Blog", "href": "/blog" }] } }${SETTINGS} }`;
  const site = openSite(marked, { files: ['a.mdx'] });
  assert.deepEqual(summary(site.check()), { 'docs.json': ['duplicate-page warning', 'missing-page error', 'global-href error'] });
  site.service.configure(site.project, { enable: true, severity: { 'missing-page': 'warning', 'duplicate-page': 'off', 'global-href': 'hint' }, extraLanguageCodes: [], addRedirectsOnRename: true });
  assert.deepEqual(summary(site.check()), { 'docs.json': ['missing-page warning', 'global-href hint'] });
});

test('extra language codes of the settings are accepted beside the supported ones', () => {
  const marked = `{ "navigation": { "languages": [{ "language": "ja", "pages": ["a"] }, { "language": "zh", "pages": ["a"] }] }${SETTINGS} }`;
  const site = openSite(marked, { files: ['a.mdx'], settings: { extraLanguageCodes: ['ja'] } });
  const found = site.check()['docs.json'];
  assert.deepEqual(found.map((d) => d.code), ['platform-language-code']);
  assert.match(String(found[0].message), /'zh'/);
});
