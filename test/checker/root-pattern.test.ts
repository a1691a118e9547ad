import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkRepo, findingsWithCode, repoWith } from '../helpers/docs-repo';

test('root-pattern: navigation without a primary pattern is flagged on the navigation key', () => {
  const findings = findingsWithCode(checkRepo(repoWith({ global: { anchors: [] } })), 'root-pattern');
  assert.deepEqual(findings.map((f) => f.text), ['"navigation"']);
  assert.match(findings[0].message, /needs one primary pattern/);
});

test('root-pattern: every pattern after the first is flagged, each on its key', () => {
  const findings = findingsWithCode(
    checkRepo(repoWith({ tabs: [{ tab: 'A', pages: ['a'] }], groups: [{ group: 'G', pages: ['a'] }], pages: ['a'] }, ['a'])),
    'root-pattern',
  );
  assert.deepEqual(findings.map((f) => f.text), ['"groups"', '"pages"']);
  assert.match(findings[0].message, /`tabs`, `groups`, `pages`/);
});

test('root-pattern: each of the eight patterns alone is accepted, with global beside it', () => {
  const global = { anchors: [{ anchor: 'Blog', href: 'https://blog.example.com' }] };
  const patterns: Record<string, unknown> = {
    pages: ['a'],
    groups: [{ group: 'G', pages: ['a'] }],
    tabs: [{ tab: 'T', pages: ['a'] }],
    anchors: [{ anchor: 'A', pages: ['a'] }],
    dropdowns: [{ dropdown: 'D', pages: ['a'] }],
    products: [{ product: 'P', pages: ['a'] }],
    versions: [{ version: 'v1', pages: ['a'] }],
    languages: [{ language: 'en', pages: ['a'] }],
  };
  for (const [key, value] of Object.entries(patterns)) {
    assert.deepEqual(checkRepo(repoWith({ [key]: value, global }, ['a'])), [], key);
  }
});
