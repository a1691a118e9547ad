import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkRepo, findingsWithCode, repoWith } from '../helpers/docs-repo';

const withGlobal = (...hrefs: string[]) =>
  repoWith({ pages: ['a'], global: { anchors: hrefs.map((href, i) => ({ anchor: `A${i}`, href })) } }, ['a']);

test('global-href: relative and bare paths are flagged on the href value', () => {
  const findings = findingsWithCode(checkRepo(withGlobal('status', '/blog', './x', 'status.example.com/page')), 'global-href');
  assert.deepEqual(findings.map((f) => f.text), ['"status"', '"/blog"', '"./x"', '"status.example.com/page"']);
  assert.match(findings[0].message, /must link to an external URL .*'status' is relative/);
  assert.equal(findings[3].data?.suggestion, 'https://status.example.com/page');
  assert.equal(findings[0].data, undefined);
});

test('global-href: external URLs are accepted, and non-global anchors are not this rule\'s business', () => {
  assert.deepEqual(checkRepo(withGlobal('https://status.example.com', 'http://x.example.com', 'mailto:help@example.com')), []);
  assert.deepEqual(checkRepo(repoWith({ anchors: [{ anchor: 'A', href: '/local', pages: ['a'] }] }, ['a', 'local'])), []);
});

test('language-code: codes outside SPEC\'s list are flagged with the nearest code', () => {
  const nav = { languages: ['ja', 'zh', 'uk', 'EN', 'pt-br', 'xx-yy', 'fr'].map((language) => ({ language, pages: ['a'] })) };
  const all = checkRepo(repoWith(nav, ['a']));
  const findings = findingsWithCode(all, 'language-code');
  assert.deepEqual(
    findings.map((f) => [f.text, f.data?.suggestion]),
    [['"EN"', 'en'], ['"pt-br"', 'pt-BR'], ['"xx-yy"', undefined]],
  );
  assert.equal(findings[0].message, "'EN' is not a supported language code: did you mean 'en'?");
  assert.match(findings[2].message, /supported: ar, cs, cn/);
  assert.doesNotMatch(findings[2].message, /\bua\b/, 'ua: the platform refuses it');
  // Codes the platform accepts but SPEC does not list work on a live site: a hint, naming the list in plain words,
  // with the specification's code for the same language only.
  const platform = findingsWithCode(all, 'platform-language-code');
  assert.deepEqual(platform.map((f) => [f.text, f.severity, f.data?.suggestion]), [['"ja"', 'hint', 'jp'], ['"zh"', 'hint', 'cn'], ['"uk"', 'hint', undefined]]);
  assert.equal(platform[0].message, "'ja' is not in the navigation specification's language list, but the platform accepts it (the specification writes 'jp')");
  assert.equal(platform[2].message, "'uk' is not in the navigation specification's language list, but the platform accepts it");
  assert.ok(platform.every((f) => !/SPEC/.test(f.message)), 'no jargon');
});

test('language-code: SPEC\'s `ua` is refused by the platform, an error that names `uk`', () => {
  const findings = checkRepo(repoWith({ languages: [{ language: 'ua', pages: ['a'] }] }, ['a']));
  assert.deepEqual(findings.map((f) => [f.code, f.severity, f.message]), [
    ['language-code', 'error', "'ua' is in the navigation specification's language list, but the platform refuses it: it accepts 'uk' for Ukrainian"],
  ]);
});

test('language-code: every SPEC code the platform accepts too is accepted, and a setting widens the list', () => {
  const codes = ['ar', 'cs', 'cn', 'zh-Hant', 'nl', 'en', 'fr', 'de', 'he', 'hi', 'id', 'it', 'jp', 'ko', 'lv', 'no', 'pl', 'pt-BR', 'ro', 'ru', 'es', 'sv', 'tr', 'uz', 'vi'];
  const nav = { languages: codes.map((language) => ({ language, pages: ['a'] })) };
  assert.deepEqual(checkRepo(repoWith(nav, ['a'])), []);
  const widened = checkRepo(repoWith({ languages: [{ language: 'ja', pages: ['a'] }] }, ['a']), { extraLanguageCodes: ['ja'] });
  assert.deepEqual(widened, []);
});
