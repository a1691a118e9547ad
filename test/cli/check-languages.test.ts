// `docs-json check` on a multi-language site (issue 37): the language findings as the editor has them, and one line per
// language after the summary in text output (none in the machine formats, none without `languages`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { repoWith } from '../helpers/docs-repo';
import { checkRepo as check } from '../helpers/cli-check';

const NAV = {
  languages: [
    { language: 'en', pages: ['en/a', 'en/b', 'en/c'] },
    { language: 'ja', pages: ['ja/a', 'en/b'] },
  ],
};

test('check: language findings and a line per language; not an error (exit 0)', () => {
  const { status, stdout } = check(repoWith(NAV, ['en/a', 'en/b', 'en/c', 'ja/a', 'ja/b']));
  assert.equal(status, 0, stdout);
  assert.match(stdout, /docs\.json:\d+:\d+\s+warning\s+translation-fallback\s+"en\/b" is a page of 'en' listed in the 'ja' navigation/);
  assert.match(stdout, /info\s+translation-missing\s+The 'ja' navigation has no counterpart of "en\/c"/);
  assert.match(stdout, /\nLanguages: en 3 pages \(default\); ja 2 pages \(1 missing, 1 from another language\)\n$/);
});

test('check: no language line without languages, nor in JSON output', () => {
  assert.doesNotMatch(check(repoWith({ pages: ['a'] }, ['a'])).stdout, /Languages:/);
  const json = check(repoWith(NAV, ['en/a', 'en/b', 'en/c', 'ja/a']), '--format', 'json').stdout;
  assert.ok(JSON.parse(json).diagnostics.some((d: { code: string }) => d.code === 'translation-missing'));
});
