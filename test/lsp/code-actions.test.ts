import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import { CodeAction, Diagnostic, DiagnosticSeverity, FileChangeType } from 'vscode-languageserver-protocol';
import { REQUIRED_SETTINGS_TEXT } from '../helpers/docs-repo';
import { codes, docsFolder, messageOf, USERS_YAML, withServer } from './helpers/fixtures';
import { LspTestClient, uriOf } from './helpers/lsp-client';

/** The fixes offered for one published diagnostic. */
async function fixesFor(client: LspTestClient, file: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
  const actions = await client.codeActions(file, diagnostic.range, [diagnostic]);
  assert.ok(actions, 'code actions');
  for (const action of actions) assert.equal(action.kind, 'quickfix');
  return actions.filter((a) => a.diagnostics?.some((d) => d.code === diagnostic.code && d.range.start.line === diagnostic.range.start.line));
}

function only(diagnostics: Diagnostic[], code: string, containing?: string): Diagnostic {
  const found = diagnostics.filter((d) => d.code === code && (containing === undefined || String(d.message).includes(containing)));
  assert.equal(found.length, 1, `one ${code}${containing ? ` about ${containing}` : ''} in ${JSON.stringify(diagnostics.map((d) => d.message))}`);
  return found[0];
}

test('quick fixes: a missing page is replaced by the nearest existing one, or its file is created with a title', async () => {
  const { root, file } = docsFolder({
    'docs.json': { navigation: { groups: [{ group: 'G', pages: ['quickstrat', 'setup', 'guides/getting-started'] }] } },
    'quickstart.mdx': '',
    'guides/setup.mdx': '',
  });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    const found = await client.diagnosticsOf(docs);
    assert.deepEqual(codes(found), ['missing-page', 'missing-page', 'missing-page']);

    const typo = await fixesFor(client, docs, only(found, 'missing-page', 'quickstrat'));
    assert.deepEqual(typo.map((a) => a.title), ["Replace with 'quickstart'", "Create page file 'quickstrat.mdx'"]);
    assert.equal(typo[0].isPreferred, true);
    await client.applyEdit(typo[0].edit!);

    const moved = await fixesFor(client, docs, only(await client.currentDiagnostics(docs), 'missing-page', "'setup'"));
    assert.equal(moved[0].title, "Replace with 'guides/setup'");
    await client.applyEdit(moved[0].edit!);

    const left = only(await client.currentDiagnostics(docs), 'missing-page', 'getting-started');
    const create = (await fixesFor(client, docs, left)).find((a) => a.title.startsWith('Create'))!;
    assert.equal(create.title, "Create page file 'guides/getting-started.mdx'");
    await client.applyEdit(create.edit!);
    assert.equal(fs.readFileSync(file('guides/getting-started.mdx'), 'utf8'), '---\ntitle: "Getting started"\n---\n\n');
    await client.fileEvents([{ file: file('guides/getting-started.mdx'), type: FileChangeType.Created }]);
    await client.diagnosticsOf(docs, (d) => d.length === 0);
    assert.deepEqual(JSON.parse(client.text(docs)).navigation.groups[0].pages, ['quickstart', 'guides/setup', 'guides/getting-started']);
  });
});

test('quick fixes: without file creation support no create action is offered', async () => {
  const { root, file } = docsFolder({ 'docs.json': { navigation: { pages: ['new-page'] } } });
  const docs = file('docs.json');
  await withServer(
    root,
    async (client) => {
      await client.open(docs);
      const actions = await fixesFor(client, docs, only(await client.diagnosticsOf(docs), 'missing-page'));
      assert.deepEqual(actions, []);
    },
    { capabilities: { workspace: { configuration: true } } },
  );
});

test('quick fixes: unknown endpoint, bad language code and relative global href are replaced', async () => {
  const { root, file } = docsFolder({
    'docs.json': {
      navigation: {
        languages: [{ language: 'JP', groups: [{ group: 'API', openapi: 'users.yaml', pages: ['GET /user', 'users.yaml GET /users/{ID}'] }] }],
        global: { anchors: [{ anchor: 'Status', href: 'status.example.com' }, { anchor: 'Blog', href: '/blog' }] },
      },
    },
    'users.yaml': USERS_YAML,
  });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    // The endpoints' findings follow the first check, once the spec is read (issue 52).
    const found = await client.diagnosticsOf(docs, (d) => d.some((one) => one.code === 'unknown-endpoint'));
    assert.deepEqual(codes(found), ['global-href', 'global-href', 'language-code', 'unknown-endpoint', 'unknown-endpoint']);
    const titles = async (d: Diagnostic) => (await fixesFor(client, docs, d)).map((a) => a.title);
    assert.deepEqual(await titles(only(found, 'language-code')), ["Replace with 'jp'"]);
    assert.deepEqual(await titles(only(found, 'unknown-endpoint', "'GET /user'")), ["Replace with 'GET /users'"]);
    assert.deepEqual(await titles(only(found, 'unknown-endpoint', '{ID}')), ["Replace with 'users.yaml GET /users/{id}'"]);
    assert.deepEqual(await titles(only(found, 'global-href', 'status.example.com')), ["Make the link external: 'https://status.example.com'"]);
    assert.deepEqual(await titles(only(found, 'global-href', '/blog')), ["Make the link external: 'https://blog'"]);

    for (const d of found) {
      const [fix] = await fixesFor(client, docs, d);
      const before = client.version(docs);
      await client.applyEdit(fix.edit!);
      assert.equal(client.version(docs), before + 1);
    }
    // Left: the spec's one operation no entry lists (unlisted-endpoints, judged once every entry names an operation).
    const left = await client.diagnosticsOf(docs, (d) => d.length === 1 && d[0].code === 'unlisted-endpoints');
    assert.match(messageOf(left[0]), /: POST \/users \(\/api-reference\/create-a-user\)$/);
    const navigation = JSON.parse(client.text(docs)).navigation;
    assert.equal(navigation.languages[0].language, 'jp');
    assert.deepEqual(navigation.languages[0].groups[0].pages, ['GET /users', 'users.yaml GET /users/{id}']);
    assert.deepEqual(navigation.global.anchors.map((a: { href: string }) => a.href), ['https://status.example.com', 'https://blog']);
  });
});

test('quick fixes: a missing required key is added; a key a menu item may not hold is removed', async () => {
  const docsJson = `{
  "navigation": {
    "tabs": [
      {
        "tab": "Docs",
        "menu": [
          {
            "item": "Users",
            "tag": "beta",
            "pages": ["a"]
          },
          { "item": "More", "pages": ["b"], "color": "red" }
        ]
      }
    ],
    "global": { "anchors": [{ "anchor": "Site" }] }
  }${REQUIRED_SETTINGS_TEXT}
}`;
  const { root, file } = docsFolder({ 'docs.json': docsJson, 'a.mdx': '', 'b.mdx': '' });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    const found = await client.diagnosticsOf(docs);
    assert.deepEqual(codes(found), ['missing-key', 'unknown-key', 'unknown-key']);
    const add = await fixesFor(client, docs, only(found, 'missing-key'));
    assert.deepEqual(add.map((a) => a.title), ['Add "href" to the global anchor']);
    await client.applyEdit(add[0].edit!);
    for (const key of ['tag', 'color']) {
      const current = await client.currentDiagnostics(docs);
      const remove = await fixesFor(client, docs, only(current, 'unknown-key', `"${key}"`));
      assert.deepEqual(remove.map((a) => a.title), [`Remove "${key}"`]);
      await client.applyEdit(remove[0].edit!);
    }
    await client.diagnosticsOf(docs, (d) => d.length === 0);
    const text = client.text(docs);
    assert.match(text, /\{ "anchor": "Site", "href": "https:\/\/" \}/);
    assert.match(text, /"item": "Users",\n            "pages": \["a"\]\n/);
    assert.match(text, /\{ "item": "More", "pages": \["b"\] \}/);
  });
});

test('quick fixes: a level holding two child types is split, or its groups moved into pages', async () => {
  const docsJson = `{
  "navigation": {
    "dropdowns": [
      {
        "dropdown": "v3",
        "icon": "book",
        "pages": ["a", "b"],
        "groups": [{ "group": "More", "pages": ["c"] }]
      }
    ]
  }${REQUIRED_SETTINGS_TEXT}
}`;
  const { root, file } = docsFolder({ 'docs.json': docsJson, 'a.mdx': '', 'b.mdx': '', 'c.mdx': '' });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    const mixed = only(await client.diagnosticsOf(docs), 'mixed-children');
    const fixes = await fixesFor(client, docs, mixed);
    assert.deepEqual(fixes.map((f) => f.title), [
      'Split the dropdown into 2, one for each of "pages", "groups"',
      'Move the groups into "pages" (a "pages" list may hold groups)',
    ]);

    await client.applyEdit(fixes[0].edit!);
    await client.diagnosticsOf(docs, (d) => d.length === 0);
    assert.deepEqual(JSON.parse(client.text(docs)).navigation.dropdowns, [
      { dropdown: 'v3', icon: 'book', pages: ['a', 'b'] },
      { dropdown: 'v3', icon: 'book', groups: [{ group: 'More', pages: ['c'] }] },
    ]);

    await client.change(docs, docsJson);
    const again = only(await client.currentDiagnostics(docs), 'mixed-children');
    await client.applyEdit((await fixesFor(client, docs, again))[1].edit!);
    await client.diagnosticsOf(docs, (d) => d.length === 0);
    assert.deepEqual(JSON.parse(client.text(docs)).navigation.dropdowns, [{ dropdown: 'v3', icon: 'book', pages: ['a', 'b', { group: 'More', pages: ['c'] }] }]);
  });
});

test('orphan pages: a page no entry reaches gets an information, and a fix adds it to the group of its folder', async () => {
  const { root, file } = docsFolder({
    'docs.json': {
      navigation: {
        groups: [
          { group: 'Start', pages: ['intro'] },
          { group: 'Guides', pages: ['guides/setup'] },
        ],
      },
    },
    'intro.mdx': '',
    'guides/setup.mdx': '',
    'guides/deploy.mdx': '# Deploy',
    'snippets/note.mdx': '',
    'README.md': '',
  });
  const docs = file('docs.json');
  const deploy = file('guides/deploy.mdx');
  await withServer(root, async (client) => {
    await client.diagnosticsOf(docs);
    for (const page of ['snippets/note.mdx', 'README.md', 'intro.mdx']) await client.open(file(page), '', 'mdx');
    const [hint] = await client.diagnosticsOf(deploy);
    assert.equal(hint.code, 'docsJson.orphan');
    assert.equal(hint.severity, DiagnosticSeverity.Information);
    assert.equal(messageOf(hint), 'Not in the navigation: no entry of docs.json reaches this page');
    for (const page of ['snippets/note.mdx', 'README.md', 'intro.mdx']) assert.equal(client.diagnostics.has(uriOf(file(page))), false, page);

    const actions = await client.codeActions(deploy, hint.range, [hint]);
    assert.deepEqual(actions!.map((a) => a.title), ["Add 'guides/deploy' to group 'Guides'", "Add 'guides/deploy' to group 'Start'"]);
    assert.equal(actions![0].isPreferred, true);
    await client.applyEdit(actions![0].edit!);
    assert.deepEqual(JSON.parse(fs.readFileSync(docs, 'utf8')).navigation.groups[1].pages, ['guides/setup', 'guides/deploy']);
    await client.fileEvents([{ file: docs, type: FileChangeType.Changed }]);
    await client.diagnosticsOf(deploy, (d) => d.length === 0);
    assert.deepEqual(await client.codeActions(deploy, hint.range, []), null);
  });
});

test('orphan pages: lowered to a hint, closed files get none; raised, every orphan is listed', async () => {
  const files = { 'docs.json': { navigation: { pages: ['a'] } }, 'a.mdx': '', 'b.mdx': '', 'c/d.md': '' };
  const hidden = docsFolder(files);
  await withServer(hidden.root, async (client) => {
    await client.diagnosticsOf(hidden.file('docs.json'));
    await client.open(hidden.file('a.mdx'), '', 'mdx');
    await client.open(hidden.file('b.mdx'), '', 'mdx');
    await client.diagnosticsOf(hidden.file('b.mdx'), (d) => d.length === 1);
    assert.equal(client.diagnostics.has(uriOf(hidden.file('c/d.md'))), false);
    // Closing the file takes its hint away.
    await client.close(hidden.file('b.mdx'));
    await client.diagnosticsOf(hidden.file('b.mdx'), (d) => d.length === 0);
  }, { settings: { severity: { 'docsJson.orphan': 'hint' } } });
  const listed = docsFolder(files);
  await withServer(
    listed.root,
    async (client) => {
      const [b] = await client.diagnosticsOf(listed.file('b.mdx'));
      const [d] = await client.diagnosticsOf(listed.file('c/d.md'));
      assert.deepEqual([b.severity, d.severity], [DiagnosticSeverity.Warning, DiagnosticSeverity.Warning]);
      assert.equal(client.diagnostics.has(uriOf(listed.file('a.mdx'))), false);
    },
    { settings: { severity: { 'docsJson.orphan': 'warning' } } },
  );
});

test('orphan pages: a docs folder nested in another owns its pages', async () => {
  const { root, file } = docsFolder({
    'docs.json': { navigation: { pages: ['home'] } },
    'home.mdx': '',
    'packages/x/docs/docs.json': { navigation: { pages: ['index'] } },
    'packages/x/docs/index.mdx': '',
    'packages/x/docs/stray.mdx': '',
  });
  await withServer(
    root,
    async (client) => {
      await client.diagnosticsOf(file('docs.json'));
      const [stray] = await client.diagnosticsOf(file('packages/x/docs/stray.mdx'));
      assert.equal(stray.code, 'docsJson.orphan');
      await client.diagnosticsOf(file('packages/x/docs/docs.json'));
      assert.equal(client.diagnostics.has(uriOf(file('packages/x/docs/index.mdx'))), false);
    },
    { settings: { severity: { 'docsJson.orphan': 'info' } } },
  );
});

test("quick fixes: \"Accept 'ja'\" carries the client's command, for a client that names it in initializationOptions.commands", async () => {
  const { root, file } = docsFolder({ 'docs.json': { navigation: { languages: [{ language: 'ja', pages: ['a'] }] } }, 'a.mdx': '' });
  const docs = file('docs.json');
  const offered = async (initializationOptions: unknown) =>
    withServer(
      root,
      async (client) => {
        await client.open(docs);
        const fixes = await fixesFor(client, docs, only(await client.diagnosticsOf(docs), 'platform-language-code'));
        return fixes.map((a) => [a.title, a.command?.command ?? null, a.command?.arguments ?? null]);
      },
      { initializationOptions },
    );
  const replace = ["Replace with 'jp', the specification's code", null, null];
  assert.deepEqual(await offered({ client: 'vscode', commands: ['docsJson.acceptLanguageCode'] }), [
    ["Accept 'ja': add it to docsJson.extraLanguageCodes", 'docsJson.acceptLanguageCode', ['ja', uriOf(root)]],
    replace,
  ]);
  assert.deepEqual(await offered(undefined), [replace]);
  assert.deepEqual(await offered({ commands: 'docsJson.acceptLanguageCode' }), [replace], 'not a list: no command');
});
