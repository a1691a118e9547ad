// The checker's cursor queries (server/src/checker/query), on the model of broken and split files.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkDocs, cursorContext, DocsWorkspace, keysOf, nodePathAt } from '../../server/src/checker';
import { docsFolder } from './helpers/fixtures';

/** The context at the `|` in `marked` (the bar is removed). */
function contextAt(marked: string) {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  const { root } = docsFolder({ 'docs.json': text });
  const { model } = checkDocs(new DocsWorkspace(root));
  const context = cursorContext(model.root, model.file.path, offset);
  if (context.kind === 'none') return { kind: 'none' as const };
  const where = keysOf(context.path).join('.');
  const token = context.token ? text.slice(context.token.offset, context.token.offset + context.token.length) : undefined;
  return { kind: context.kind, where, key: context.kind === 'value' ? context.key : undefined, token, comma: context.commaBefore };
}

test('cursor context: keys, values and entries, with the token under the cursor', () => {
  assert.deepEqual(contextAt('{"navigation": {"pages": ["in|tro"]}}'), { kind: 'item', where: 'navigation.pages', key: undefined, token: '"intro"', comma: false });
  assert.deepEqual(contextAt('{"navigation": {"pages": ["intro", |]}}'), { kind: 'item', where: 'navigation.pages', key: undefined, token: undefined, comma: false });
  assert.deepEqual(contextAt('{"navigation": {"pages": ["intro" |]}}'), { kind: 'item', where: 'navigation.pages', key: undefined, token: undefined, comma: true });
  assert.deepEqual(contextAt('{"navigation": {"groups": [{"group": "G", |}]}}'), { kind: 'key', where: 'navigation.groups.0', key: undefined, token: undefined, comma: false });
  assert.deepEqual(contextAt('{"navigation": {"groups": [{"gr|oup": "G"}]}}'), { kind: 'key', where: 'navigation.groups.0', key: undefined, token: '"group"', comma: false });
  assert.deepEqual(contextAt('{"styling": {"eyebrows": |}}'), { kind: 'value', where: 'styling', key: 'eyebrows', token: undefined, comma: false });
  assert.deepEqual(contextAt('{"styling": {"eyebrows": "se|"}}'), { kind: 'value', where: 'styling', key: 'eyebrows', token: '"se"', comma: false });
  assert.deepEqual(contextAt('{"a": {"expanded": tr|}}'), { kind: 'value', where: 'a', key: 'expanded', token: 'tr', comma: false });
});

test('cursor context: unterminated strings, comments, a key without its colon, and nothing outside the root', () => {
  assert.deepEqual(contextAt('{"navigation": {"pages": ["intro", "gu|\n]}}'), { kind: 'item', where: 'navigation.pages', key: undefined, token: '"gu', comma: false });
  assert.equal(contextAt('{"a": {"b" |}}').kind, 'none');
  assert.equal(contextAt('{"a": [/* no|te */]}').kind, 'none');
  assert.equal(contextAt('|{"a": 1}').kind, 'none');
  assert.equal(contextAt('{"a": 1}|').kind, 'none');
});

test('node path: crosses nodes written in a $ref file to reach the cursor in docs.json', () => {
  const { root, file } = docsFolder({
    'docs.json': '{"navigation": {"tabs": [{"$ref": "tab.json", "icon": "clock"}]}}',
    'tab.json': '{"tab": "T", "pages": ["a"]}',
  });
  const { model } = checkDocs(new DocsWorkspace(root));
  const docsText = model.file.text;
  const inIcon = nodePathAt(model.root, file('docs.json'), docsText.indexOf('"clock"') + 2);
  assert.deepEqual(keysOf(inIcon), ['navigation', 'tabs', 0, 'icon']);
  assert.equal(path.basename(inIcon[3].node.file.path), 'tab.json', 'the merged tab object is the ref file\'s');
  const refText = model.sources[1].text;
  const inPage = nodePathAt(model.root, file('tab.json'), refText.indexOf('"a"') + 1);
  assert.deepEqual(keysOf(inPage), ['navigation', 'tabs', 0, 'pages', 0]);
  assert.deepEqual(nodePathAt(model.root, file('other.json'), 3), []);
});
