import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkRepo, findingsWithCode, repoWith } from '../helpers/docs-repo';

test('mixed-children: a tab holding anchors and groups is flagged on the second key', () => {
  const nav = { tabs: [{ tab: 'Guides', anchors: [{ anchor: 'A', pages: ['a'] }], groups: [{ group: 'G', pages: ['a'] }] }] };
  const findings = findingsWithCode(checkRepo(repoWith(nav, ['a'])), 'mixed-children');
  assert.deepEqual(findings.map((f) => f.text), ['"groups"']);
  assert.match(findings[0].message, /tab 'Guides' holds both `anchors` and `groups`/);
});

test('mixed-children: a dropdown with pages and groups, and a tab with menu and groups', () => {
  const nav = {
    tabs: [
      { tab: 'T', dropdowns: [{ dropdown: 'D', pages: ['a'], groups: [{ group: 'G', pages: ['a'] }] }] },
      { tab: 'U', menu: [{ item: 'M', pages: ['a'] }], groups: [{ group: 'H', pages: ['a'] }] },
    ],
  };
  const findings = findingsWithCode(checkRepo(repoWith(nav, ['a'])), 'mixed-children');
  assert.deepEqual(
    findings.map((f) => [f.text, f.message]),
    [
      ['"groups"', "The dropdown 'D' holds both `pages` and `groups`: an element holds one type of child on each level (nest one inside the other)"],
      ['"groups"', "The tab 'U' holds both `menu` and `groups`: an element holds one type of child on each level (nest one inside the other)"],
    ],
  );
});

test('mixed-children: nesting one type inside another is accepted, and pages may mix strings and groups', () => {
  const nav = {
    tabs: [
      { tab: 'T', anchors: [{ anchor: 'A', groups: [{ group: 'G', pages: ['a', { group: 'N', pages: ['a'] }] }] }] },
      { tab: 'U', groups: [{ group: 'H', pages: ['a'] }], icon: 'x', href: 'https://x.example.com' },
    ],
  };
  assert.deepEqual(findingsWithCode(checkRepo(repoWith(nav, ['a'])), 'mixed-children'), []);
});
