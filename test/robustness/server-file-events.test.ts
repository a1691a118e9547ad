// File events the client reports after the start: a link that leads out of the docs folder adds nothing (names
// from outside appeared in completion and orphan hints were published on files outside it; a link to /usr was scanned).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../helpers/temp-dir';
import { after, test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';
import { RawLspSession, uriOf } from '../helpers/fuzz-lsp';

const DOCS = JSON.stringify({ theme: 'mint', name: 'T', colors: { primary: '#0B7D62' }, navigation: { pages: ['intro', ''] } }, null, 2);
const lines = DOCS.split('\n');
const EMPTY_ENTRY = { line: lines.findIndex((l) => l.includes('""')), character: 0 };
EMPTY_ENTRY.character = lines[EMPTY_ENTRY.line].indexOf('""') + 1;

const sessions: RawLspSession[] = [];
const folders: string[] = [];
after(async () => {
  await Promise.all(sessions.map((s) => s.stop()));
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

test('file events: a folder linked out of the docs folder after the start is not scanned: no names from it, no hints on its files', { timeout: 60_000 }, async () => {
  const root = makeDocsRepo({ 'docs.json': DOCS, 'intro.mdx': '', 'inside/kept.mdx': '' });
  const outside = tempDir('outside-');
  folders.push(root, outside);
  fs.writeFileSync(path.join(outside, 'secret-page.mdx'), '# outside');
  const session = await RawLspSession.start(root);
  sessions.push(session);
  const docs = uriOf(path.join(root, 'docs.json'));
  session.notify('textDocument/didOpen', { textDocument: { uri: docs, languageId: 'json', version: 1, text: DOCS } });
  await session.diagnosticsAt(docs, 1);
  fs.symlinkSync(outside, path.join(root, 'linked'));
  fs.symlinkSync(path.join(root, 'inside'), path.join(root, 'inner-link'));
  session.notify('workspace/didChangeWatchedFiles', {
    changes: [{ uri: uriOf(path.join(root, 'linked')), type: 1 }, { uri: uriOf(path.join(root, 'inner-link')), type: 1 }],
  });
  // A change after the events: its diagnostics come from a check that saw them.
  session.notify('textDocument/didChange', { textDocument: { uri: docs, version: 2 }, contentChanges: [{ text: DOCS }] });
  await session.diagnosticsAt(docs, 2);
  const completion = await session.request('textDocument/completion', { textDocument: { uri: docs }, position: EMPTY_ENTRY });
  const labels = JSON.stringify(completion.result);
  assert.match(labels, /inner-link\/kept/, 'a link inside the folder is followed');
  assert.doesNotMatch(labels, /secret-page/);
  const onOutside = [...session.published.keys()].filter((uri) => uri.includes('secret-page') && session.published.get(uri)!.diagnostics.length);
  assert.deepEqual(onOutside, []);
});

test('documents: a docs.json opened outside the workspace folders, or named as file:docs.json (the disk root), is not walked; the user is told', { timeout: 60_000 }, async () => {
  const root = makeDocsRepo({ 'docs.json': DOCS, 'intro.mdx': '' });
  const outside = makeDocsRepo({ 'docs.json': DOCS, 'intro.mdx': '' });
  folders.push(root, outside);
  const session = await RawLspSession.start(root);
  sessions.push(session);
  for (const uri of ['file:docs.json', uriOf(path.join(outside, 'docs.json'))]) {
    session.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: DOCS } });
    const tree = await session.request('docsJson/navigationTree', { uri });
    assert.deepEqual(tree.result, []);
    await session.waitFor(`the message about ${uri}`, () => session.shown.find((m) => m.includes(`${uri} is not checked`)));
  }
  const docs = uriOf(path.join(root, 'docs.json'));
  session.notify('textDocument/didOpen', { textDocument: { uri: docs, languageId: 'json', version: 1, text: DOCS } });
  await session.diagnosticsAt(docs, 1);
  assert.equal(session.shown.filter((m) => m.includes(docs)).length, 0);
});
