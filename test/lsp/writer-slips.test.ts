// Issue 38 over stdio: one slip, one error (and its rename); the fixes whose finding knows the answer, with
// "Configure rule" for a client that runs VS Code's openSettings; completion of front matter and of `openapi:`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CodeAction, CompletionList, Diagnostic, TextDocumentEdit } from 'vscode-languageserver-protocol';
import { OPEN_SETTINGS_COMMAND } from '../../server/src/protocol';
import { REQUIRED_SETTINGS_TEXT as SETTINGS } from '../helpers/docs-repo';
import { codes, docsFolder, USERS_YAML, withServer } from './helpers/fixtures';
import { FULL_CAPABILITIES, positionOf } from './helpers/lsp-client';

const VSCODE_LIKE = {
  capabilities: { ...FULL_CAPABILITIES, workspace: { ...FULL_CAPABILITIES.workspace, workspaceEdit: { ...FULL_CAPABILITIES.workspace!.workspaceEdit, snippetEditSupport: true } } },
  initializationOptions: { commands: [OPEN_SETTINGS_COMMAND] },
};

const labels = (list: CompletionList | null) => (list?.items ?? []).map((i) => i.label);
const titles = (actions: CodeAction[] | null) => (actions ?? []).map((a) => a.title);

test('one slip, one error over stdio: "groups" for "pages" is one finding renamed by its fix; a missing comma shows only what stands before it', async () => {
  const text = `{${SETTINGS.slice(1)},\n  "navigation": { "groups": [\n    { "group": "Start", "groups": ["intro", "setup"] },\n    { "group": "More", "pages": ["other"] }\n  ] }\n}`;
  const { root, file } = docsFolder({ 'docs.json': text, 'intro.mdx': '', 'setup.mdx': '', 'other.mdx': '' });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs, text);
    const found = await client.diagnosticsOf(docs, (d) => d.length > 0);
    assert.deepEqual(codes(found), ['invalid-type']);
    const actions = await client.codeActions(docs, found[0].range, found);
    assert.deepEqual(titles(actions), ['Rename to "pages"', "Configure rule 'invalid-type'…"]);
    await client.applyEdit(actions![0].edit!);
    assert.deepEqual(await client.diagnosticsOf(docs, (d) => d.length === 0), []);

    await client.change(docs, text.replace('"groups": ["intro", "setup"] },', '"pages": ["intro", "setup"] }').replace('"pages": ["other"] }', '"pages": ["other", "gone" }'));
    const broken = await client.diagnosticsOf(docs, (d) => d.some((x) => x.code === 'json-syntax'));
    assert.ok(broken.every((d: Diagnostic) => d.code === 'json-syntax'), JSON.stringify(broken.map((d) => d.message)));
  }, VSCODE_LIKE);
});

test('page fixes over stdio: the nearest anchor, alt="" as a snippet edit, and Configure rule opening the severity setting', async () => {
  const page = '# A\n\nSee [chunking](/b#chunking-strategie).\n\n<img src="/shot.png" />\n';
  const { root, file } = docsFolder({ 'docs.json': `{ "navigation": { "pages": ["a", "b"] }${SETTINGS} }`, 'a.mdx': page, 'b.mdx': '# B\n\n## Chunking strategy\n', 'shot.png': '' });
  const a = file('a.mdx');
  await withServer(root, async (client) => {
    await client.open(a, page, 'mdx');
    const found = await client.diagnosticsOf(a, (d) => d.some((x) => x.code === 'broken-anchor') && d.some((x) => x.code === 'image-alt'));
    const anchor = found.find((d) => d.code === 'broken-anchor')!;
    const anchorFixes = await client.codeActions(a, anchor.range, [anchor]);
    assert.deepEqual(titles(anchorFixes), ["Change to '#chunking-strategy'", "Configure rule 'broken-anchor'…"]);
    assert.deepEqual(anchorFixes![1].command, { title: "Configure rule 'broken-anchor'…", command: 'workbench.action.openSettings', arguments: ['docsJson.severity'] });
    const alt = found.find((d) => d.code === 'image-alt')!;
    const [altFix] = (await client.codeActions(a, alt.range, [alt]))!;
    assert.equal(altFix.title, 'Add alt=""');
    const [change] = altFix.edit!.documentChanges as TextDocumentEdit[];
    assert.deepEqual(change.edits.map((e) => ('snippet' in e ? e.snippet.value : e.newText)), [' alt="$0"']);
  }, VSCODE_LIKE);
});

test('front matter completion over stdio: keys at a line start, mode values, and one openapi item per operation, the spec named when two have it', async () => {
  const page = '---\ntitle: A\nmo\n---\n';
  const modePage = '---\nmode: \n---\n';
  const apiPage = '---\nopenapi: \n---\n';
  const { root, file } = docsFolder({
    'docs.json': `{ "navigation": { "pages": ["a", "b", "c"] }${SETTINGS} }`,
    'a.mdx': page,
    'b.mdx': modePage,
    'c.mdx': apiPage,
    'users.yaml': USERS_YAML,
    'admin.yaml': USERS_YAML.replace('/users/{id}:', '/admins:'),
  });
  await withServer(root, async (client) => {
    await client.open(file('a.mdx'), page, 'mdx');
    const keys = await client.completion(file('a.mdx'), positionOf(page, 'mo', 2));
    assert.ok(labels(keys).includes('mode') && !labels(keys).includes('title'), labels(keys).join(', '));
    assert.deepEqual(keys!.items.find((i) => i.label === 'mode')!.textEdit, { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 2 } }, newText: 'mode: ' });
    await client.open(file('b.mdx'), modePage, 'mdx');
    assert.deepEqual(labels(await client.completion(file('b.mdx'), { line: 1, character: 6 })), ['default', 'wide', 'custom', 'frame', 'center']);
    await client.open(file('c.mdx'), apiPage, 'mdx');
    const operations = labels(await client.completion(file('c.mdx'), { line: 1, character: 9 })).sort();
    assert.ok(operations.includes('admin.yaml GET /users') && operations.includes('users.yaml GET /users'), operations.join(', '));
    assert.ok(operations.includes('GET /admins') && operations.includes('GET /users/{id}'), operations.join(', '));
    assert.equal(new Set(operations).size, operations.length);
  });
});
