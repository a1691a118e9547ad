import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkRepo, findingsWithCode, repoWith } from '../helpers/docs-repo';

test('expanded-top-level: a hint on top-level groups (in navigation, tabs, menu items), not on nested ones', () => {
  const nav = {
    tabs: [
      {
        tab: 'T',
        groups: [{ group: 'Top', expanded: true, pages: ['a', { group: 'Nested', expanded: true, pages: ['b'] }] }],
      },
      { tab: 'M', menu: [{ item: 'I', groups: [{ group: 'InMenu', expanded: false, pages: ['c'] }] }] },
    ],
  };
  const findings = findingsWithCode(checkRepo(repoWith(nav, ['a', 'b', 'c'])), 'expanded-top-level');
  assert.deepEqual(findings.map((f) => f.text), ['"expanded": true', '"expanded": false']);
  assert.equal(findings[0].severity, 'hint');
});

test('duplicate-page: the same page twice in one section is a warning on the second', () => {
  const nav = { tabs: [{ tab: 'T', groups: [{ group: 'A', pages: ['a', 'b'] }, { group: 'B', pages: ['/a'] }] }] };
  const findings = findingsWithCode(checkRepo(repoWith(nav, ['a', 'b'])), 'duplicate-page');
  assert.deepEqual(findings.map((f) => [f.text, f.severity]), [['"/a"', 'warning']]);
  assert.match(findings[0].message, /'\/a' is listed twice in this tab \(first on line \d+\)/);
});

test('duplicate-page: the same page in different versions, languages or tabs is normal', () => {
  const nav = {
    versions: [
      { version: 'v1', languages: [{ language: 'en', pages: ['a'] }, { language: 'fr', pages: ['a'] }] },
      { version: 'v2', tabs: [{ tab: 'X', pages: ['a'] }, { tab: 'Y', pages: ['a'] }] },
    ],
  };
  assert.deepEqual(findingsWithCode(checkRepo(repoWith(nav, ['a'])), 'duplicate-page'), []);
});

test('duplicate-page: endpoints count too', () => {
  const spec = 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths:\n  /u:\n    get: {}\n';
  const nav = { groups: [{ group: 'G', openapi: 'api.yaml', pages: ['GET /u', 'get /u'] }] };
  assert.deepEqual(findingsWithCode(checkRepo({ ...repoWith(nav), 'api.yaml': spec }), 'duplicate-page').map((f) => f.text), ['"get /u"']);
});

test('duplicate-page: a section left and entered again keeps what it listed; two spellings of one file are two entries', () => {
  // `p` in the language, then in its tab, then in the language again: the third is a duplicate of the first.
  const nav = { languages: [{ language: 'en', pages: ['p'], tabs: [{ tab: 'T', pages: ['p'] }], groups: [{ group: 'G', pages: ['p'] }] }] };
  const repo = repoWith(nav, ['p']);
  const findings = findingsWithCode(checkRepo(repo), 'duplicate-page');
  assert.deepEqual(findings.map((f) => f.message.replace(/ \(first.*/, '')), ["'p' is listed twice in this language"]);
  // `folder` and `folder/index` both name folder/index.mdx, but are written differently: not reported, as before.
  const spelled = { pages: ['folder', 'folder/index', 'folder'] };
  assert.deepEqual(
    findingsWithCode(checkRepo(repoWith(spelled, ['folder/index'])), 'duplicate-page').map((f) => f.text),
    ['"folder"'],
  );
});
