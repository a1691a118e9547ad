// Lists a repository makes unbounded, once spread into calls (issue 34): 150k images without alt text in one page,
// a banner of 100k links. Checked, never a stack overflow; the findings capped per file.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace, MAX_FINDINGS_PER_FILE } from '../../server/src/checker';
import { PageLinks } from '../../server/src/project/page-links';
import { makeDocsRepo } from '../helpers/docs-repo';

test('a page of 150k images without alt text and 150k broken links: checked, its findings capped', () => {
  const root = makeDocsRepo({
    'docs.json': { navigation: { pages: ['index'] } },
    'index.mdx': `${'<img src="/a.png" /> '.repeat(150_000)}\n\n${'[x](/gone) '.repeat(150_000)}\n`,
    'a.png': '',
  });
  const found = new PageLinks(new DocsWorkspace(root)).check('index.mdx', undefined);
  assert.equal(found.length, MAX_FINDINGS_PER_FILE + 1, 'findings, not a throw: the first of every rule together, and one that counts the rest');
  assert.ok(found.some((d) => d.code === 'broken-link'));
  assert.match(found[found.length - 1].message, /^[\d,]+ more findings in this file not shown: at most 1,000 a file are reported/);
});

test('100k broken anchors in one page: at most 1,000 findings, and one that counts the rest', () => {
  const root = makeDocsRepo({
    'docs.json': { navigation: { pages: ['index', 'other'] } },
    'index.mdx': Array.from({ length: 100_000 }, (_, i) => `[x](/other#missing-${i})`).join(' '),
    'other.mdx': '# Other\n',
  });
  const found = new PageLinks(new DocsWorkspace(root)).check('index.mdx', undefined);
  assert.equal(found.length, MAX_FINDINGS_PER_FILE + 1);
  assert.ok(found.slice(0, -1).every((d) => d.code === 'broken-anchor'));
  // 99,000 anchors past the first 1,000, and agent-page-size's info (the page is 2.5 MB).
  assert.match(found[found.length - 1].message, /^99,001 more findings in this file not shown/);
});

test('a banner of 100k links: checked, never a stack overflow', () => {
  const root = makeDocsRepo({
    'docs.json': { navigation: { pages: ['index'] }, banner: { content: '[x](/gone) '.repeat(100_000) } },
    'index.mdx': '# Home\n',
  });
  const { diagnostics } = checkDocs(new DocsWorkspace(root));
  const links = diagnostics.filter((d) => d.code === 'broken-link');
  assert.ok(links.length > 0 && links.length <= MAX_FINDINGS_PER_FILE + 1, `${links.length} broken-link findings`);
});
