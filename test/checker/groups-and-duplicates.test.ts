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
