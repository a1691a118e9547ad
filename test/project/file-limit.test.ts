// Past the file index's limit (500,000 files): the workspace's docs.json files are still all found, and pages the
// index could not hold are not reported missing (a documented limit, told to the user, never a false finding).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace, scanDocsFolder } from '../../server/src/checker';
import { findDocsFolders } from '../../server/src/project/find-docs-folders';
import { makeDocsRepo } from '../helpers/docs-repo';

const LIMIT = 20;

function filler(root: string, folder: string, count: number): void {
  fs.mkdirSync(path.join(root, folder), { recursive: true });
  for (let i = 0; i < count; i++) fs.writeFileSync(path.join(root, folder, `f${i}.txt`), '');
}

test('file limit: a docs.json past the first LIMIT files of the workspace is found, and its folder gets its own index', () => {
  const root = makeDocsRepo({ 'zz/docs/docs.json': { navigation: { pages: ['intro'] } }, 'zz/docs/intro.mdx': '' });
  filler(root, '', LIMIT * 5);
  const found = findDocsFolders(root, LIMIT);
  assert.deepEqual(found.map((f) => path.relative(root, f.folder)), ['zz/docs']);
  assert.ok(found[0].files.has('intro.mdx'));
});

test('file limit: a docs folder over the limit reports no page missing that exists, and says its index is truncated', () => {
  const pages = Array.from({ length: 10 }, (_, i) => `p${i}`);
  const root = makeDocsRepo({ 'docs.json': { navigation: { pages: [...pages, 'really-missing'] } }, ...Object.fromEntries(pages.map((p) => [`${p}.mdx`, ''])) });
  filler(root, '', LIMIT * 5);
  const files = scanDocsFolder(root, LIMIT);
  assert.equal(files.truncated, true);
  assert.ok(pages.some((p) => !files.has(`${p}.mdx`)), 'some pages are past the limit');
  const { diagnostics } = checkDocs(new DocsWorkspace(root, files), fs.readFileSync(path.join(root, 'docs.json'), 'utf8'));
  assert.deepEqual(diagnostics.filter((d) => d.code === 'missing-page'), []);
});
