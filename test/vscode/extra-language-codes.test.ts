// The "Accept 'ja'" quick fix's new setting: the workspace folder's list of extra language codes with the code added.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { withAcceptedCode } from '../../client/src/extra-language-codes';

test('a folder list gets the code appended; a code already there writes nothing', () => {
  assert.deepEqual(withAcceptedCode({ defaultValue: [], workspaceFolderValue: ['zh'] }, 'ja'), ['zh', 'ja']);
  assert.equal(withAcceptedCode({ defaultValue: [], workspaceFolderValue: ['zh', 'ja'] }, 'ja'), undefined);
  assert.deepEqual(withAcceptedCode({ defaultValue: [] }, 'uk'), ['uk']);
  assert.deepEqual(withAcceptedCode(undefined, 'uk'), ['uk']);
});

test('without a folder list, the list in effect above it is kept (the folder list replaces it): workspace, then user', () => {
  assert.deepEqual(withAcceptedCode({ defaultValue: [], globalValue: ['fi'], workspaceValue: ['zh'] }, 'ja'), ['zh', 'ja']);
  assert.deepEqual(withAcceptedCode({ defaultValue: [], globalValue: ['fi'] }, 'ja'), ['fi', 'ja']);
  assert.deepEqual(withAcceptedCode({ defaultValue: [], workspaceFolderValue: [], globalValue: ['fi'] }, 'ja'), ['ja'], 'an empty folder list is a list');
});

test('a hand-written list that is not one of strings: its strings are kept', () => {
  assert.deepEqual(withAcceptedCode({ workspaceFolderValue: ['zh', 3, null] }, 'ja'), ['zh', 'ja']);
  assert.deepEqual(withAcceptedCode({ workspaceFolderValue: 'zh' }, 'ja'), ['ja']);
});
