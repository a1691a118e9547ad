// Messages as the Problems panel and the quick-fix menu show them: plain text (no Markdown backticks), the offending
// key first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openSite } from './helpers';

test('a published message has no backticks and leads with the key that is not allowed; its fix title alike', () => {
  const marked = '{ "navigation": { "tabs": [{ "tab": "T", "menu": [{ "item": "M", "tag": "beta", "pages": ["intro"] }] }] } }';
  const site = openSite(marked, { files: ['intro.mdx'] });
  const published = site.check()['docs.json'];
  const unknown = published.filter((d) => d.code === 'unknown-key');
  assert.deepEqual(
    unknown.map((d) => d.message),
    ['"tag" is not allowed in a menu item: it may hold only item, icon, description, groups, pages, href, openapi, asyncapi, hidden, directory, global'],
  );
  for (const d of published) assert.doesNotMatch(String(d.message), /`/);
  const fixes = site.service.codeActions(site.uri, unknown[0].range, unknown)!;
  assert.deepEqual(fixes.map((f) => f.title), ['Remove "tag"']);
});
