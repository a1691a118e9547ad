import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_OPEN_ROWS, openDepth } from '../../client/src/navigation/open-rows';
import type { NavigationTreeNode } from '../../server/src/protocol';

const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
// As the view gets them: a level at a time, with the counts of what is below.
const node = (kind: NavigationTreeNode['kind'], below: NavigationTreeNode[] = []): NavigationTreeNode => ({
  kind,
  label: kind,
  range,
  selectionRange: range,
  uri: 'file:///docs.json',
  problems: 0,
  errors: 0,
  warnings: 0,
  children: [],
  childCount: below.length,
  grandchildCount: below.reduce((sum, child) => sum + child.childCount, 0),
});
const pages = (count: number) => Array.from({ length: count }, () => node('page'));

test('a small site starts with its sections and their groups open', () => {
  const tabs = [node('tab', [node('group', pages(200)), node('group', pages(100))]), node('tab', [node('group', pages(150))])];
  assert.equal(openDepth(tabs), 1);
});

test('a large site opens less: only its sections, or nothing when even they hold too many rows', () => {
  const tabs = [node('tab', [node('group', pages(MAX_OPEN_ROWS)), node('group', pages(10))])];
  assert.equal(openDepth(tabs), 0, 'the tab opens: its two groups show, folded');
  const groups = Array.from({ length: 100 }, () => node('group', pages(100)));
  assert.equal(openDepth(groups), -1, '100 groups of 100 pages: 100 folded rows');
});

test('the redirects and the pages not in the navigation do not count: they start folded', () => {
  assert.equal(openDepth([node('page'), node('redirects', pages(5000).map(() => node('redirect'))), node('orphans', pages(5000))]), 1);
});
