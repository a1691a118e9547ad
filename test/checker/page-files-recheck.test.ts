import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { makeDocsRepo } from '../helpers/docs-repo';

const missing = (workspace: DocsWorkspace, text: string) =>
  checkDocs(workspace, text).diagnostics.filter((d) => d.code === 'missing-page').map((d) => d.data?.page);

test('missing-page on re-checks of one workspace: edits, then files created and deleted, are always seen', () => {
  const nav = (pages: string[]) => JSON.stringify({ navigation: { groups: [{ group: 'G', pages }] } });
  const root = makeDocsRepo({ 'docs.json': nav(['a', 'b', 'c']), 'a.mdx': '', 'b.mdx': '', 'c.mdx': '' });
  const workspace = new DocsWorkspace(root);
  assert.deepEqual(missing(workspace, nav(['a', 'b', 'c'])), []);
  // A keystroke in one entry; the entries around it are answered as before.
  assert.deepEqual(missing(workspace, nav(['a', 'bx', 'c'])), ['bx']);
  assert.deepEqual(missing(workspace, nav(['a', 'b', 'c'])), []);
  // A character replaced: the entry keeps its length.
  assert.deepEqual(missing(workspace, nav(['a', 'd', 'c'])), ['d']);
  assert.deepEqual(missing(workspace, nav(['a', 'b', 'c'])), []);
  // An entry inserted: every later entry moves one place.
  assert.deepEqual(missing(workspace, nav(['a', 'new', 'b', 'c'])), ['new']);
  // The file index changes (as the server's file events change it): the same text is answered anew.
  fs.writeFileSync(path.join(root, 'new.mdx'), '');
  workspace.files.add('new.mdx');
  assert.deepEqual(missing(workspace, nav(['a', 'new', 'b', 'c'])), []);
  workspace.files.remove('b.mdx');
  assert.deepEqual(missing(workspace, nav(['a', 'new', 'b', 'c'])), ['b']);
  workspace.files.add('b/index.md');
  assert.deepEqual(missing(workspace, nav(['a', 'new', 'b', 'c'])), []);
});
