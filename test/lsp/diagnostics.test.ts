import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import { DiagnosticSeverity, FileChangeType } from 'vscode-languageserver-protocol';
import { REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { codes, docsFolder, messageOf, USERS_YAML, withServer, write } from './helpers/fixtures';
import { uriOf } from './helpers/lsp-client';

test('diagnostics: docs.json is checked on open; findings inside a $ref file are published on that file', async () => {
  const { root, file } = docsFolder({
    'docs.json': { navigation: { tabs: [{ tab: 'Home', pages: ['intro', 'nowhere'] }, { $ref: './tabs/api.json' }] } },
    'tabs/api.json': { tab: 'API', groups: [{ group: 'Ref', pages: ['ref/missing'] }] },
    'intro.mdx': '',
  });
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    const own = await client.diagnosticsOf(file('docs.json'), (_d, p) => p.version === 1);
    assert.deepEqual(codes(own), ['missing-page']);
    assert.equal(own[0].range.start.line, client.text(file('docs.json')).split('\n').findIndex((l) => l.includes('"nowhere"')));
    assert.equal(own[0].severity, DiagnosticSeverity.Error);
    const inRef = await client.diagnosticsOf(file('tabs/api.json'));
    assert.deepEqual(codes(inRef), ['missing-page']);
    assert.match(messageOf(inRef[0]), /ref\/missing/);
  });
});

test('diagnostics: edits are re-checked; every publication matches the text of the version it names', async () => {
  const { root, file } = docsFolder({ 'docs.json': { navigation: { pages: ['intro'] } }, 'intro.mdx': '' });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    await client.diagnosticsOf(docs, (d, p) => p.version === 1 && d.length === 0);
    const texts = new Map<number, string>([[1, client.text(docs)]]);
    for (const missing of ['first-typo', 'second-typo', 'third-typo']) {
      await client.change(docs, JSON.stringify({ navigation: { pages: ['intro', missing] }, ...REQUIRED_SETTINGS }));
      texts.set(client.version(docs), client.text(docs));
    }
    const last = client.version(docs);
    const final = await client.diagnosticsOf(docs, (_d, p) => p.version === last);
    assert.deepEqual(codes(final), ['missing-page']);
    assert.match(messageOf(final[0]), /third-typo/);
    for (const params of client.published.filter((p) => p.uri === uriOf(docs))) {
      assert.ok(params.version !== undefined, 'an open document is published with its version');
      const text = texts.get(params.version)!;
      for (const d of params.diagnostics) {
        const quoted = text.split('\n')[d.range.start.line].slice(d.range.start.character, d.range.end.character);
        assert.match(messageOf(d), new RegExp(JSON.parse(quoted)), `version ${params.version}: '${d.message}' is about ${quoted}`);
      }
    }
  });
});

test('diagnostics: page files created, deleted or moved on disk re-check at once', async () => {
  const { root, file } = docsFolder({ 'docs.json': { navigation: { pages: ['intro', 'guides/setup'] } }, 'intro.mdx': '' });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    assert.deepEqual(codes(await client.diagnosticsOf(docs)), ['missing-page']);

    write(file('guides/setup.mdx'), '# Setup');
    await client.fileEvents([{ file: file('guides/setup.mdx'), type: FileChangeType.Created }]);
    await client.diagnosticsOf(docs, (d) => d.length === 0);

    fs.renameSync(file('intro.mdx'), file('start.mdx'));
    await client.fileEvents([
      { file: file('intro.mdx'), type: FileChangeType.Deleted },
      { file: file('start.mdx'), type: FileChangeType.Created },
    ]);
    const afterMove = await client.diagnosticsOf(docs, (d) => d.length === 1);
    assert.match(messageOf(afterMove[0]), /'intro'/);

    // A whole folder removed: one event for the folder.
    fs.rmSync(file('guides'), { recursive: true });
    await client.fileEvents([{ file: file('guides'), type: FileChangeType.Deleted }]);
    const afterFolder = await client.diagnosticsOf(docs, (d) => d.length === 2);
    assert.deepEqual(afterFolder.map((d) => /'([^']+)'/.exec(messageOf(d))![1]).sort(), ['guides/setup', 'intro']);

    // A folder moved in: one event for the folder, its files are read.
    write(file('moved/guides/setup.mdx'), '');
    fs.renameSync(file('moved/guides'), file('guides'));
    await client.fileEvents([{ file: file('guides'), type: FileChangeType.Created }]);
    const afterCreate = await client.diagnosticsOf(docs, (d) => d.length === 1);
    assert.match(messageOf(afterCreate[0]), /'intro'/);
  });
});

test('diagnostics: a spec edited on disk, then unsaved in an editor, re-checks the endpoints that inherit it', async () => {
  const { root, file } = docsFolder({
    // Every operation listed: the ones the spec lacks are this test's (unknown-endpoint), none it leaves out.
    'docs.json': { navigation: { groups: [{ group: 'API', openapi: 'api/users.yaml', pages: ['GET /users', 'POST /users', 'GET /users/{id}', 'DELETE /users/{id}'] }] } },
    'api/users.yaml': USERS_YAML,
  });
  const docs = file('docs.json');
  const spec = file('api/users.yaml');
  await withServer(root, async (client) => {
    await client.open(docs);
    // The folder's first check reads no spec (issue 52: the first diagnostics do not wait for it); the endpoints
    // are judged in the check the spec's read triggers, published next.
    const before = await client.diagnosticsOf(docs, (d) => d.length > 0);
    assert.deepEqual(codes(client.published.find((p) => p.uri === uriOf(docs))!.diagnostics), []);
    assert.deepEqual(codes(before), ['unknown-endpoint']);
    assert.match(messageOf(before[0]), /DELETE \/users\/\{id\}/);

    const withDelete = USERS_YAML.replace('      summary: Get a user', '      summary: Get a user\n    delete:\n      summary: Delete a user');
    fs.writeFileSync(spec, withDelete);
    await client.fileEvents([{ file: spec, type: FileChangeType.Changed }]);
    await client.diagnosticsOf(docs, (d) => d.length === 0);

    // Unsaved text in an editor wins over the disk.
    await client.open(spec, withDelete, 'yaml');
    await client.change(spec, withDelete.replace('  /users:\n    get:', '  /users:\n    put:'));
    const unsaved = await client.diagnosticsOf(docs, (d) => d.length === 1);
    assert.match(messageOf(unsaved[0]), /GET \/users/);

    // Closing without saving: the disk's text counts again.
    await client.close(spec);
    await client.diagnosticsOf(docs, (d) => d.length === 0);
  });
});

test('diagnostics: an unsaved edit of a $ref file re-checks docs.json and publishes on the $ref file', async () => {
  const { root, file } = docsFolder({
    'docs.json': { navigation: { groups: { $ref: 'nav/groups.json' } } },
    'nav/groups.json': [{ group: 'A', pages: ['a'] }],
    'a.mdx': '',
  });
  const part = file('nav/groups.json');
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    await client.diagnosticsOf(file('docs.json'), (d) => d.length === 0);
    await client.open(part);
    await client.change(part, JSON.stringify([{ group: 'A', pages: ['a', 'b'] }, { pages: [] }], null, 2));
    const found = await client.diagnosticsOf(part, (d) => d.length === 2);
    assert.deepEqual(codes(found), ['missing-key', 'missing-page']);
  });
});

test('diagnostics: every docs folder of a monorepo is checked, without opening anything', async () => {
  const { root, file } = docsFolder({
    'docs/docs.json': { navigation: { pages: ['home', 'gone'] } },
    'docs/home.mdx': '',
    'packages/x/docs/docs.json': { navigation: { languages: [{ language: 'pt-br', pages: ['index'] }] } },
    'packages/x/docs/index.mdx': '',
    'node_modules/dep/docs.json': { navigation: {} },
  });
  await withServer(root, async (client) => {
    const first = await client.diagnosticsOf(file('docs/docs.json'));
    assert.deepEqual(codes(first), ['missing-page']);
    const second = await client.diagnosticsOf(file('packages/x/docs/docs.json'));
    assert.deepEqual(codes(second), ['language-code']);
    assert.equal(client.diagnostics.has(uriOf(file('node_modules/dep/docs.json'))), false);
  });
});

test('diagnostics: a docs.json created later becomes a docs folder; a deleted one is forgotten', async () => {
  const { root, file } = docsFolder({ 'site/page.mdx': '' });
  await withServer(root, async (client) => {
    write(file('site/docs.json'), JSON.stringify({ navigation: { pages: ['page', 'other'] }, ...REQUIRED_SETTINGS }));
    await client.fileEvents([{ file: file('site/docs.json'), type: FileChangeType.Created }]);
    assert.deepEqual(codes(await client.diagnosticsOf(file('site/docs.json'))), ['missing-page']);
    fs.rmSync(file('site/docs.json'));
    await client.fileEvents([{ file: file('site/docs.json'), type: FileChangeType.Deleted }]);
    await client.diagnosticsOf(file('site/docs.json'), (d) => d.length === 0);
  });
});

test('settings: severity overrides, extra language codes, and enable are applied and refreshed on change', async () => {
  const { root, file } = docsFolder({
    'docs.json': { navigation: { languages: [{ language: 'pt-br', pages: ['a', 'a', 'missing'] }] } },
    'a.mdx': '',
  });
  const docs = file('docs.json');
  const settings = { severity: { 'missing-page': 'warning', 'duplicate-page': 'off' }, extraLanguageCodes: ['pt-br'] };
  await withServer(
    root,
    async (client) => {
      await client.open(docs);
      const first = await client.diagnosticsOf(docs);
      assert.deepEqual(first.map((d) => [d.code, d.severity]), [['missing-page', DiagnosticSeverity.Warning]]);

      client.settings = { docsJson: { severity: { 'language-code': 'hint' } } };
      await client.notifyServer('workspace/didChangeConfiguration', { settings: null });
      const second = await client.diagnosticsOf(docs, (d) => d.length === 3);
      assert.deepEqual(
        second.map((d) => [d.code, d.severity]),
        [
          ['language-code', DiagnosticSeverity.Hint],
          ['duplicate-page', DiagnosticSeverity.Warning],
          ['missing-page', DiagnosticSeverity.Error],
        ],
      );

      client.settings = { docsJson: { enable: false } };
      await client.notifyServer('workspace/didChangeConfiguration', { settings: null });
      await client.diagnosticsOf(docs, (d) => d.length === 0);
      assert.equal(await client.completion(docs, { line: 0, character: 1 }), null);
    },
    { settings },
  );
});

test('settings: a client without workspace/configuration pushes them with didChangeConfiguration', async () => {
  const { root, file } = docsFolder({ 'docs.json': { navigation: { pages: ['missing'] } } });
  const docs = file('docs.json');
  await withServer(
    root,
    async (client) => {
      await client.open(docs);
      assert.equal((await client.diagnosticsOf(docs))[0].severity, DiagnosticSeverity.Error);
      await client.notifyServer('workspace/didChangeConfiguration', { settings: { docsJson: { severity: { 'missing-page': 'info' } } } });
      await client.diagnosticsOf(docs, (d) => d[0]?.severity === DiagnosticSeverity.Information);
    },
    { capabilities: {} },
  );
});

test('diagnostics: workspace folders added later are searched for docs folders; removed ones are forgotten', async () => {
  const first = docsFolder({ 'docs.json': { navigation: { pages: ['a'] } }, 'a.mdx': '' });
  const second = docsFolder({ 'site/docs.json': { navigation: { pages: ['missing'] } } });
  const folder = (root: string) => ({ uri: uriOf(root), name: root });
  await withServer(first.root, async (client) => {
    await client.diagnosticsOf(first.file('docs.json'));
    await client.notifyServer('workspace/didChangeWorkspaceFolders', { event: { added: [folder(second.root)], removed: [] } });
    assert.deepEqual(codes(await client.diagnosticsOf(second.file('site/docs.json'))), ['missing-page']);
    await client.notifyServer('workspace/didChangeWorkspaceFolders', { event: { added: [], removed: [folder(second.root)] } });
    await client.diagnosticsOf(second.file('site/docs.json'), (d) => d.length === 0);
  });
});
