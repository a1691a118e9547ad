// Issue 48: a misspelt key of a navigation element (`"expand": true` for `expanded`) is flagged with the key it
// likely means, and renamed by a fix; extra keys far from any known one stay accepted (live sites write their own).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REQUIRED_SETTINGS_TEXT as SETTINGS } from '../helpers/docs-repo';
import { openSite } from './helpers';

test('a navigation key slip: flagged as ignored with the key it means, fixed by a rename that keeps the value', () => {
  const text = `{ "navigation": { "groups": [{ "group": "G", "pages": [{ "group": "Inner", "expand": true, "pages": ["a"] }] }] }${SETTINGS} }`;
  const site = openSite(text, { files: ['a.mdx'] });
  const found = site.check()['docs.json'].filter((d) => d.code === 'ignored-key');
  assert.deepEqual(found.map((d) => [d.message, site.text.slice(site.text.indexOf('"expand"'), site.text.indexOf('"expand"') + 8)]), [
    ['"expand" is not a key of a group: the platform ignores it. Did you mean "expanded"?', '"expand"'],
  ]);
  const fixes = site.service.codeActions(site.uri, found[0].range, found) ?? [];
  const rename = fixes.find((f) => f.isPreferred);
  assert.ok(rename, JSON.stringify(fixes.map((f) => f.title)));
  const after = site.apply(rename.edit!)['docs.json'];
  assert.equal(after, text.replace('"expand"', '"expanded"'));
  site.change(after);
  assert.deepEqual(site.check()['docs.json'].filter((d) => d.code === 'ignored-key'), [], 'the fix adds no finding');
});

test('quiet twin: extra keys far from every known key, or with the key they are near written beside them, are accepted', () => {
  const text = `{ "navigation": { "groups": [{ "group": "G", "customData": { "x": 1 }, "pages": ["a"] }, { "group": "H", "tags": "x", "tag": "NEW", "pages": ["a"] }], "tabs": [] }${SETTINGS} }`;
  const site = openSite(text, { files: ['a.mdx'] });
  assert.deepEqual(site.check()['docs.json'].filter((d) => d.code === 'ignored-key').map((d) => d.message), []);
});

test('quiet twin: a `$ref` in a navigation element is JSON merging, not a slip for `href`', () => {
  const text = `{ "navigation": { "tabs": [{ "$ref": "./tab.json" }] }${SETTINGS} }`;
  const site = openSite(text, { files: { 'a.mdx': '', 'tab.json': { tab: 'T', pages: ['a'] } } });
  assert.deepEqual(site.check()['docs.json'].filter((d) => d.code === 'ignored-key').map((d) => d.message), []);
});
