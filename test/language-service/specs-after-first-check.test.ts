// Issue 52's cold start: the language server's first check of a docs folder reads no OpenAPI spec. Its findings are
// told first; the specs are read after, and what needs them (unknown endpoints, the specs' own findings) follows in
// the check their read triggers. The CLI (no onSpecLoaded) reads them in its one check, as before.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Diagnostic } from 'vscode-languageserver-types';
import { createLanguageService, FindingsChanged, LanguageServiceOptions } from '../../server/src/language';
import { REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { tempRepo } from '../helpers/temp-repo';

const SPEC = JSON.stringify({ openapi: '3.1.0', info: { title: 'API', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } });
const DOCS = JSON.stringify({
  ...REQUIRED_SETTINGS,
  navigation: {
    groups: [
      { group: 'API', openapi: 'api.json', pages: ['GET /users', 'GET /nope'] },
      { group: 'Guides', pages: ['missing'] },
      // A spec file that is not there: said at once (nothing to read), not held.
      { group: 'Gone', openapi: 'gone.json', pages: [] },
    ],
  },
});

function codesOf(byFile: Map<string, Diagnostic[]>): string[] {
  return [...byFile.values()].flat().map((d) => String(d.code)).sort();
}

/** A folder with the spec, a service over it that counts the spec's reads, and the docs.json checks it told. */
function open(options: LanguageServiceOptions) {
  const root = tempRepo({ 'docs.json': DOCS, 'api.json': SPEC });
  const spec = path.join(root, 'api.json');
  let specReads = 0;
  const service = createLanguageService({
    ...options,
    readFile: (file) => {
      if (file === spec) specReads++;
      return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    },
  });
  service.addWorkspaceFolder(root);
  const project = service.projectOfDocsJson(pathToFileURL(path.join(root, 'docs.json')).href)!;
  const told: { codes: string[]; specReads: number }[] = [];
  service.folderFindings.onChanged((change: FindingsChanged) => {
    if (change.part === 'docs-json') told.push({ codes: codesOf(change.byFile), specReads });
  });
  return { service, project, told, specReads: () => specReads };
}

test('the language server: the first check is told before the spec is read; the endpoints follow once it is', async () => {
  let loaded!: () => void;
  const specRead = new Promise<void>((resolve) => (loaded = resolve));
  const site = open({ onSpecLoaded: () => loaded() });
  try {
    site.service.folderFindings.checkDocsJson(site.project);
    assert.deepEqual(site.told, [{ codes: ['missing-openapi', 'missing-page'], specReads: 0 }], 'told without the spec: its other findings only');
    // The release comes on a later turn, and says the spec is there to read, as a spec read in the worker does.
    await specRead;
    site.service.folderFindings.checkDocsJson(site.project);
    assert.deepEqual(site.told[1].codes, ['missing-openapi', 'missing-page', 'unknown-endpoint']);
    assert.equal(site.specReads(), 1);
    // A later check holds nothing back: an edit of the spec is read in the check that follows it.
    site.service.openDocument(pathToFileURL(path.join(site.project.folder, 'api.json')).href, SPEC.replace('/users', '/people'));
    site.service.folderFindings.checkDocsJson(site.project);
    assert.deepEqual(site.told[2].codes, ['missing-openapi', 'missing-page', 'unknown-endpoint', 'unknown-endpoint']);
  } finally {
    site.service.dispose();
  }
});

test('the language server: the release does not wait behind the turns the page pass takes (a request sent right after the open finds the spec)', async () => {
  let released = false;
  const site = open({ onSpecLoaded: () => (released = true) });
  // The language server's page pass waits behind the client's messages (input-first.ts): here, held for good.
  const held: (() => void)[] = [];
  site.service.folderFindings.takeTurns({ later: (step) => held.push(step), run: (_what, step) => step() });
  try {
    site.service.folderFindings.checkDocsJson(site.project);
    assert.equal(site.specReads(), 0);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(released, 'the spec reads were released on the next turn');
    assert.equal(held.length, 0, 'the release was not queued behind the held turns');
    site.service.folderFindings.checkDocsJson(site.project);
    assert.deepEqual(site.told[1].codes, ['missing-openapi', 'missing-page', 'unknown-endpoint']);
  } finally {
    site.service.dispose();
  }
});

test('the language server: a folder without specs is checked once at start, and not again for a release', async () => {
  let specLoaded = 0;
  const root = tempRepo({ 'docs.json': JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['missing'] } }) });
  const service = createLanguageService({ onSpecLoaded: () => specLoaded++ });
  try {
    service.addWorkspaceFolder(root);
    const project = service.projectOfDocsJson(pathToFileURL(path.join(root, 'docs.json')).href)!;
    assert.equal(service.folderFindings.checkDocsJson(project).findings, 1);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(specLoaded, 0);
  } finally {
    service.dispose();
  }
});

test('quiet twin: without onSpecLoaded (the CLI) the first check reads the spec and holds its findings', async () => {
  const site = open({});
  try {
    site.service.folderFindings.checkDocsJson(site.project);
    assert.deepEqual(site.told, [{ codes: ['missing-openapi', 'missing-page', 'unknown-endpoint'], specReads: 1 }]);
    const settled = await site.service.folderFindings.settled(site.project);
    assert.deepEqual(codesOf(settled), ['missing-openapi', 'missing-page', 'unknown-endpoint']);
  } finally {
    site.service.dispose();
  }
});
