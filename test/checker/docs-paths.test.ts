import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { toAbsolute } from '../../server/src/checker/workspace/docs-paths';

test('toAbsolute joins as path.join does, for normal and odd relative paths and roots', () => {
  const roots = ['/work/docs', '/work/docs/', '/', '/work/../docs', 'relative/docs', '.'];
  const relatives = ['', 'a.mdx', 'guide/start.mdx', 'a//b', './a', 'a/./b', 'a/../b', '../a', '/a', 'a/', '.', '..', 'a/..', '.hidden/x', 'x..y/z.mdx'];
  for (const root of roots) {
    for (const relative of relatives) {
      assert.equal(toAbsolute(root, relative), path.join(root, ...relative.split('/')), `${root} + ${relative}`);
    }
  }
});
