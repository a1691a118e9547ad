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
  assert.deepEqual(checkRepo(repoWith({ anchors: [{ anchor: 'A', href: '/local', pages: ['a'] }] }, ['a'])), []);
});

test('language-code: codes outside SPEC\'s list are flagged with the nearest code', () => {
  const nav = { languages: ['ja', 'zh', 'uk', 'EN', 'pt-br', 'xx-yy', 'fr'].map((language) => ({ language, pages: ['a'] })) };
  const findings = findingsWithCode(checkRepo(repoWith(nav, ['a'])), 'language-code');
  assert.deepEqual(
    findings.map((f) => [f.text, f.data?.suggestion]),
    [['"ja"', 'jp'], ['"zh"', 'cn'], ['"uk"', 'ua'], ['"EN"', 'en'], ['"pt-br"', 'pt-BR'], ['"xx-yy"', undefined]],
  );
  assert.equal(findings[0].message, "'ja' is not a supported language code: did you mean 'jp'?");
  assert.match(findings[5].message, /supported: ar, cs, cn/);
});

test('language-code: every SPEC code is accepted, and a setting widens the list', () => {
  const codes = ['ar', 'cs', 'cn', 'zh-Hant', 'nl', 'en', 'fr', 'de', 'he', 'hi', 'id', 'it', 'jp', 'ko', 'lv', 'no', 'pl', 'pt-BR', 'ro', 'ru', 'es', 'sv', 'tr', 'ua', 'uz', 'vi'];
  const nav = { languages: codes.map((language) => ({ language, pages: ['a'] })) };
  assert.deepEqual(checkRepo(repoWith(nav, ['a'])), []);
  const widened = checkRepo(repoWith({ languages: [{ language: 'ja', pages: ['a'] }] }, ['a']), { extraLanguageCodes: ['ja'] });
  assert.deepEqual(widened, []);
});
