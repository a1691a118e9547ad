import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkRepo, findingsWithCode, REQUIRED_SETTINGS, REQUIRED_SETTINGS_TEXT } from '../helpers/docs-repo';

test('json-syntax: a trailing comma is one error at the comma, and the rest is still checked', () => {
  const text = '{\n  "navigation": {\n    "pages": ["intro", "missing"],\n  }\n}\n';
  const findings = checkRepo({ 'docs.json': text, 'intro.mdx': '' });
  const syntax = findingsWithCode(findings, 'json-syntax');
  assert.equal(syntax.length, 1);
  assert.equal(syntax[0].line, 4);
  assert.match(syntax[0].message, /trailing comma/);
  assert.deepEqual(findingsWithCode(findings, 'missing-page').map((f) => f.text), ['"missing"']);
});

test('json-syntax: comments are reported (the site reads strict JSON)', () => {
  const findings = checkRepo({ 'docs.json': '{\n  // tabs\n  "navigation": { "pages": ["intro"] }\n}', 'intro.mdx': '' });
  assert.deepEqual(findingsWithCode(findings, 'json-syntax').map((f) => [f.line, f.message]), [[2, 'Comments are not allowed in JSON']]);
});

test('json-syntax: an unterminated file still yields the elements parsed so far', () => {
  const findings = checkRepo({ 'docs.json': '{ "navigation": { "pages": ["gone"' });
  assert.ok(findingsWithCode(findings, 'json-syntax').length >= 1);
  assert.deepEqual(findingsWithCode(findings, 'missing-page').map((f) => f.text), ['"gone"']);
});

test('json-syntax: an empty file and a byte-order mark', () => {
  assert.deepEqual(checkRepo({ 'docs.json': '' }).map((f) => f.code), ['json-syntax']);
  const bom = checkRepo({ 'docs.json': `\ufeff{ "navigation": { "pages": ["intro"] }${REQUIRED_SETTINGS_TEXT} }`, 'intro.mdx': '' });
  assert.deepEqual(bom, []);
});

test('json-syntax: nesting beyond the limit is refused with one diagnostic, not a crash', () => {
  const deep = '['.repeat(100_000) + ']'.repeat(100_000);
  const findings = checkRepo({ 'docs.json': `{ "navigation": { "pages": ${deep} } }` });
  assert.equal(findings.length, 1);
  assert.equal(findings[0].code, 'json-syntax');
  assert.match(findings[0].message, /Nested deeper than/);
});

test('json-syntax: a valid file has none', () => {
  assert.deepEqual(checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: { pages: ['intro'] } }, 'intro.mdx': '' }), []);
});
