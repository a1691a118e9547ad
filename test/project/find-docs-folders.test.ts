// The docs folders of a workspace, from one walk: each gets the files under it (nested docs folders' files too),
// from one pass over the workspace's files (a pass per docs folder grew with the square of their number).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { findDocsFolders } from '../../server/src/project/find-docs-folders';
import { tempDir } from '../helpers/temp-dir';

function workspace(files: string[]): string {
  const root = tempDir('monorepo-');
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), '');
  }
  return root;
}

test('find docs folders: nested and sibling docs folders each get exactly the files under them', () => {
  const root = workspace([
    'docs.json', 'top.mdx',
    'sites/a/docs.json', 'sites/a/intro.mdx', 'sites/a/deep/er/page.mdx',
    'sites/a/inner/docs.json', 'sites/a/inner/x.mdx',
    'sites/ab/docs.json', 'sites/ab/y.mdx',
    'node_modules/pkg/docs.json', 'other/readme.md',
  ]);
  const found = findDocsFolders(root).map((f) => [path.relative(root, f.folder), [...f.files.all()].sort()]);
  assert.deepEqual(found, [
    ['', ['docs.json', 'other/readme.md', 'sites/a/deep/er/page.mdx', 'sites/a/docs.json', 'sites/a/inner/docs.json', 'sites/a/inner/x.mdx', 'sites/a/intro.mdx', 'sites/ab/docs.json', 'sites/ab/y.mdx', 'top.mdx']],
    ['sites/a', ['deep/er/page.mdx', 'docs.json', 'inner/docs.json', 'inner/x.mdx', 'intro.mdx']],
    ['sites/a/inner', ['docs.json', 'x.mdx']],
    ['sites/ab', ['docs.json', 'y.mdx']],
  ]);
});
