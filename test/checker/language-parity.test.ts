// Languages in step (issue 37): translation-missing and translation-fallback, in both layouts real sites use, flagged
// and accepted twins; the grid and the standings the CLI summarizes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace, languageGrids } from '../../server/src/checker';
import { checkRepo, findingsWithCode, makeDocsRepo, repoWith } from '../helpers/docs-repo';

const group = (name: string, pages: unknown[]) => ({ group: name, pages });

/** Every language in a folder of its own (dify's layout). */
function foldered(en: string[], ja: string[], extra: { default?: 'ja' } = {}) {
  return {
    languages: [
      { language: 'en', ...(extra.default === 'ja' ? {} : {}), groups: [group('Guide', en)] },
      { language: 'ja', ...(extra.default === 'ja' ? { default: true } : {}), groups: [group('ガイド', ja)] },
    ],
  };
}

test('translation-missing: a default page without its counterpart is told on the group where it would go', () => {
  const files = repoWith(foldered(['en/a', 'en/b', 'en/c'], ['ja/a', 'ja/c']), ['en/a', 'en/b', 'en/c', 'ja/a', 'ja/c']);
  const findings = findingsWithCode(checkRepo(files), 'translation-missing');
  assert.deepEqual(findings.map((f) => [f.text, f.severity, f.data?.page, f.data?.translationOf]), [['"ガイド"', 'info', 'ja/b', 'en/b']]);
  assert.match(findings[0].message, /The 'ja' navigation has no counterpart of `en\/b` \('en'\): `ja\/b` is missing/);
});

test('translation-missing: quiet when every page has its counterpart, `x/index` and `x` being one page', () => {
  const files = repoWith(foldered(['en/a', 'en/b/index'], ['ja/a', 'ja/b']), ['en/a', 'en/b/index', 'ja/a', 'ja/b']);
  assert.deepEqual(checkRepo(files).filter((f) => f.code.startsWith('translation')), []);
});

test('translation-missing: a written but unlisted translation is told as such', () => {
  const files = repoWith(foldered(['en/a', 'en/b'], ['ja/a']), ['en/a', 'en/b', 'ja/a', 'ja/b']);
  const [finding] = findingsWithCode(checkRepo(files), 'translation-missing');
  assert.match(finding.message, /^`ja\/b` exists but the 'ja' navigation does not list it \('en' lists `en\/b`\)$/);
});

test('translation-missing: the default language is the entry with default: true, else the first', () => {
  // ja is the default: en lacks ja/b's counterpart, and ja lacks nothing.
  const files = repoWith(foldered(['en/a'], ['ja/a', 'ja/b'], { default: 'ja' }), ['en/a', 'ja/a', 'ja/b']);
  const findings = findingsWithCode(checkRepo(files), 'translation-missing');
  assert.deepEqual(findings.map((f) => f.data?.page), ['en/b']);
});

test('translation-missing: the default language at the root and the others in folders named otherwise (box: jp in ja/)', () => {
  const nav = {
    languages: [
      { language: 'en', groups: [group('Guide', ['guide/a', 'guide/b', 'guide/c'])] },
      { language: 'jp', groups: [group('ガイド', ['ja/guide/a', 'ja/guide/c'])] },
    ],
  };
  const files = repoWith(nav, ['guide/a', 'guide/b', 'guide/c', 'ja/guide/a', 'ja/guide/c']);
  assert.deepEqual(findingsWithCode(checkRepo(files), 'translation-missing').map((f) => f.data?.page), ['ja/guide/b']);
});

test('translation-missing: a language lacking most pages is told once, on its language', () => {
  const en = Array.from({ length: 12 }, (_, i) => `en/p${i}`);
  const files = repoWith(foldered(en, ['ja/p0']), [...en, 'ja/p0']);
  const findings = findingsWithCode(checkRepo(files), 'translation-missing');
  assert.equal(findings.length, 1);
  assert.equal(findings[0].text, '"ja"');
  assert.match(findings[0].message, /'ja' lists 11 fewer of the 12 pages of 'en' \(the default language\): not translated yet, first `ja\/p1`, `ja\/p2`, `ja\/p3`/);
});

test('translation-fallback: a page of another language listed in a language is flagged, with the translation as fix', () => {
  const files = repoWith(foldered(['en/a', 'en/b'], ['ja/a', 'en/b']), ['en/a', 'en/b', 'ja/a', 'ja/b']);
  const all = checkRepo(files);
  const fallbacks = findingsWithCode(all, 'translation-fallback');
  assert.deepEqual(fallbacks.map((f) => [f.text, f.severity, f.data?.suggestion]), [['"en/b"', 'warning', 'ja/b']]);
  assert.match(fallbacks[0].message, /`en\/b` is a page of 'en' listed in the 'ja' navigation: its readers get it untranslated \(`ja\/b` exists\)/);
  // The fallback stands in the translation's place: ja/b is told once, as the fallback (not also as missing).
  assert.deepEqual(findingsWithCode(all, 'translation-missing'), []);
});

test('translation-fallback: shared pages outside every language folder are nobody\'s fallback', () => {
  const en = ['en/a', 'en/b', 'en/c', 'en/d'];
  const ja = ['ja/a', 'ja/b', 'ja/c', 'ja/d'];
  const nav = { languages: [{ language: 'en', pages: [...en, 'api/ref'] }, { language: 'ja', pages: [...ja, 'api/ref'] }] };
  assert.deepEqual(checkRepo(repoWith(nav, [...en, ...ja, 'api/ref'])).filter((f) => f.code.startsWith('translation')), []);
});

test('no finding without two languages, or when two languages share a folder (no page can be matched)', () => {
  assert.deepEqual(checkRepo(repoWith({ languages: [{ language: 'en', pages: ['a'] }] }, ['a'])).filter((f) => f.code.startsWith('translation')), []);
  const shared = { languages: [{ language: 'en', pages: ['a', 'b'] }, { language: 'ja', pages: ['a'] }] };
  assert.deepEqual(checkRepo(repoWith(shared, ['a', 'b'])).filter((f) => f.code.startsWith('translation')), []);
});

test('the grid: pages × languages with present, unlisted, missing and fallback cells, and counts per language', () => {
  const nav = {
    languages: [
      { language: 'en', default: true, pages: ['en/a', 'en/b', 'en/c', 'en/d'] },
      { language: 'ja', pages: ['ja/a', 'en/d'] },
      { language: 'es', pages: ['es/a', 'es/b', 'es/c', 'es/d'] },
    ],
  };
  const root = makeDocsRepo(repoWith(nav, ['en/a', 'en/b', 'en/c', 'en/d', 'ja/a', 'ja/b', 'es/a', 'es/b', 'es/c', 'es/d']));
  const result = checkDocs(new DocsWorkspace(root));
  const [grid] = languageGrids(result.model, new DocsWorkspace(root).files);
  assert.deepEqual(grid.languages, ['en', 'ja', 'es']);
  assert.deepEqual(grid.folders, ['en/', 'ja/', 'es/']);
  assert.deepEqual(grid.rows.map((row) => [row.page, ...row.cells.map((c) => c.cell)]), [
    ['en/a', 'present', 'present', 'present'],
    ['en/b', 'present', 'unlisted', 'present'],
    ['en/c', 'present', 'missing', 'present'],
    ['en/d', 'present', 'fallback', 'present'],
  ]);
  assert.deepEqual(grid.counts[1], { present: 1, unlisted: 1, missing: 1, fallback: 1 });
  assert.deepEqual(result.findings.languages?.map((s) => [s.code, s.isDefault, s.pages, s.missing, s.unlisted, s.fallbacks]), [
    ['en', true, 4, 0, 0, 0],
    ['ja', false, 2, 2, 1, 1],
    ['es', false, 4, 0, 0, 0],
  ]);
});

// Issue 48: dify lists 88 of its 279 English pages twice (in two tabs): the grid counted 279 (280 in the writer's
// session) where the CLI's line said 367. A page listed twice is one page for both, read from one count.
test('a page listed twice in a language counts once, in the CLI line and in the grid alike', () => {
  const nav = {
    languages: [
      { language: 'en', tabs: [{ tab: 'Guides', pages: ['en/a', 'en/b', 'en/c'] }, { tab: 'Start', pages: ['en/a', 'en/b'] }] },
      { language: 'ja', tabs: [{ tab: 'ガイド', pages: ['ja/a'] }, { tab: 'スタート', pages: ['ja/a', 'ja/index'] }] },
    ],
  };
  const root = makeDocsRepo(repoWith(nav, ['en/a', 'en/b', 'en/c', 'ja/a', 'ja/index']));
  const result = checkDocs(new DocsWorkspace(root));
  const [grid] = languageGrids(result.model, new DocsWorkspace(root).files);
  assert.deepEqual(result.findings.languages?.map((s) => [s.code, s.pages, s.missing]), [
    ['en', 3, 0],
    ['ja', 2, 2],
  ]);
  assert.deepEqual(grid.pages, [3, 2]);
  assert.equal(grid.rows.length, 3, 'a row per page');
  assert.deepEqual(grid.counts.map((c) => c.present + c.missing + c.unlisted + c.fallback), [3, 3]);
});
