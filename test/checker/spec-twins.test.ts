// Two spec files with the same text are read once (polar keeps one 2.7 MB spec under two version names): the
// second gets the first's operations under its own name, and goes its own way once it changes.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { DocsWorkspace } from '../../server/src/checker';
import { LoadedSpec, readSpec } from '../../server/src/checker/openapi/openapi-spec';
import { SpecLoader } from '../../server/src/checker/openapi/spec-loader';
import { tempRepo } from '../helpers/temp-repo';

const spec = (paths: Record<string, unknown>) => JSON.stringify({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths });
const keys = (loaded: LoadedSpec) => (loaded.ok ? [...loaded.endpoints.keys()].sort() : loaded.problem);

test('specs: a copy of a spec read already is not read again, and is read again once it differs', () => {
  const text = spec({ '/users': { get: { summary: 'List' } }, '/users/{id}': { delete: {} } });
  const root = tempRepo({ 'docs.json': {}, 'v1/openapi.json': text, 'v2/openapi.json': text, 'v3/openapi.json': spec({ '/other': { post: {} } }) });
  let reads = 0;
  const counting: SpecLoader = {
    load(request) {
      reads++;
      return readSpec(request.file, request.text);
    },
  };
  const workspace = new DocsWorkspace(root, undefined, undefined, counting);
  const first = workspace.spec('v1/openapi.json');
  const second = workspace.spec('v2/openapi.json');
  const third = workspace.spec('v3/openapi.json');
  assert.equal(reads, 2, 'the copy is not parsed');
  assert.deepEqual([first.file, second.file, third.file], ['v1/openapi.json', 'v2/openapi.json', 'v3/openapi.json']);
  assert.deepEqual(keys(second), ['DELETE /users/{id}', 'GET /users']);
  assert.deepEqual(keys(second), keys(first));
  assert.deepEqual(keys(third), ['POST /other']);

  // The copy changes: read on its own, the original keeps its operations.
  fs.writeFileSync(path.join(root, 'v2/openapi.json'), spec({ '/users': { put: {} } }));
  workspace.invalidate('v2/openapi.json');
  assert.deepEqual(keys(workspace.spec('v2/openapi.json')), ['PUT /users']);
  assert.deepEqual(keys(workspace.spec('v1/openapi.json')), ['DELETE /users/{id}', 'GET /users']);
  assert.equal(reads, 3);

  // An original that changed is no twin: a copy of its old text is read for itself.
  fs.writeFileSync(path.join(root, 'v1/openapi.json'), spec({ '/gone': { get: {} } }));
  workspace.invalidate('v1/openapi.json');
  fs.writeFileSync(path.join(root, 'v3/openapi.json'), text);
  workspace.invalidate('v3/openapi.json');
  assert.deepEqual(keys(workspace.spec('v3/openapi.json')), ['DELETE /users/{id}', 'GET /users']);
  assert.equal(reads, 4);
});
