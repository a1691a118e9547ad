import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DocsWorkspace, movedPageSuggestion } from '../../server/src/checker';
import { checkRepo, findingsWithCode, makeDocsRepo, repoWith } from '../helpers/docs-repo';

test('missing-page: a page resolves to p.mdx, p.md, p/index.mdx or p/index.md; a leading slash is tolerated', () => {
  const files = {
    ...repoWith({ pages: ['one', 'two', 'three', 'four', '/one', 'nested/deep/page'] }),
    'one.mdx': '',
    'two.md': '',
    'three/index.mdx': '',
    'four/index.md': '',
    'nested/deep/page.mdx': '',
  };
  assert.deepEqual(checkRepo(files).filter((f) => f.code !== 'duplicate-page'), []);
});

test('missing-page: each missing entry is flagged on its string, with a moved-page suggestion for the quick fix', () => {
  const files = { ...repoWith({ groups: [{ group: 'G', pages: ['guides/intro', 'quickstart', 'intro.mdx'] }] }), 'docs/guides/intro.mdx': '', 'intro.mdx': '' };
  const findings = findingsWithCode(checkRepo(files), 'missing-page');
  assert.deepEqual(findings.map((f) => f.text), ['"guides/intro"', '"quickstart"', '"intro.mdx"']);
  assert.equal(findings[0].data?.page, 'guides/intro');
  // Found when a quick fix asks, not by every check.
  const index = new DocsWorkspace(makeDocsRepo(files)).files;
  assert.equal(movedPageSuggestion(index, findings[0].data!.page!), 'docs/guides/intro');
  assert.equal(movedPageSuggestion(index, findings[1].data!.page!), undefined);
  assert.match(findings[1].message, /No page file for 'quickstart' \(\.mdx, \.md, \/index\.mdx or \/index\.md\)/);
});

test('missing-page: a file that is not a page does not count', () => {
  const files = { ...repoWith({ pages: ['logo', 'data'] }), 'logo.png': '', 'data.json': '{}' };
  assert.deepEqual(findingsWithCode(checkRepo(files), 'missing-page').map((f) => f.text), ['"logo"', '"data"']);
});

test('missing-page: an endpoint-looking entry without an inherited spec is a page, and the message says why', () => {
  const findings = findingsWithCode(checkRepo(repoWith({ pages: ['GET /users'] })), 'missing-page');
  assert.equal(findings.length, 1);
  assert.match(findings[0].message, /endpoint entries need an `openapi` spec/);
});

test('page-outside-root: paths that climb out of the docs folder are flagged and never resolved', () => {
  const files = { ...repoWith({ pages: ['../secret', 'a/../../etc/passwd', 'C:\\\\Windows\\\\x', 'a/../a'] }), 'a.mdx': '' };
  const findings = checkRepo(files);
  assert.deepEqual(findingsWithCode(findings, 'page-outside-root').map((f) => f.text), ['"../secret"', '"a/../../etc/passwd"', '"C:\\\\\\\\Windows\\\\\\\\x"']);
  assert.deepEqual(findingsWithCode(findings, 'missing-page'), []);
});
