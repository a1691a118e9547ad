// The real server over stdio validates the specs a site uses in its worker: the problems are published on the spec
// file, where they are written, and go when the spec is fixed, on disk (file events) or in the editor.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FileChangeType } from 'vscode-languageserver-protocol';
import { usersSpec } from '../helpers/openapi-specs';
import { tempRepo } from '../helpers/temp-repo';
import { codes, messageOf, withServer, write } from './helpers/fixtures';
import { rangeOfText } from './helpers/lsp-client';
import * as path from 'node:path';


test('openapi-schema over LSP: published on the spec file at the key, cleared when the file is fixed on disk, back when it breaks in the editor', { timeout: 60_000 }, async () => {
  const root = tempRepo({
    'docs.json': { navigation: { groups: [{ group: 'API', openapi: 'api/openapi.yaml', pages: ['GET /users'] }] } },
    'api/openapi.yaml': usersSpec('descriptio: OK'),
  });
  const docs = path.join(root, 'docs.json');
  const specFile = path.join(root, 'api', 'openapi.yaml');
  await withServer(root, async (client) => {
    await client.open(docs);
    const published = await client.diagnosticsOf(specFile, (d) => d.some((x) => x.code === 'openapi-schema'));
    assert.deepEqual(codes(published), ['openapi-schema']);
    assert.deepEqual(published[0].range, rangeOfText(usersSpec('descriptio: OK'), '"200"'));
    assert.equal(published[0].severity, 1);
    assert.match(messageOf(published[0]), /paths › \/users › get › responses › 200/);
    assert.deepEqual(codes(await client.currentDiagnostics(docs)), [], 'docs.json itself has nothing');

    write(specFile, usersSpec('description: OK'));
    await client.fileEvents([{ file: specFile, type: FileChangeType.Changed }]);
    assert.deepEqual(await client.diagnosticsOf(specFile, (d) => d.length === 0), []);

    await client.open(specFile, usersSpec('description: OK'), 'yaml');
    await client.change(specFile, usersSpec('summary: OK'));
    const again = await client.diagnosticsOf(specFile, (d) => d.some((x) => x.code === 'openapi-schema'));
    assert.deepEqual(again[0].range, rangeOfText(usersSpec('summary: OK'), '"200"'));
  });
});
