import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { checkRepo, findingsOf, makeDocsRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';

test('$ref: the referenced file replaces the object, siblings merge on top, nested refs resolve from their own file', () => {
  const files = {
    'docs.json': { ...REQUIRED_SETTINGS, navigation: { $ref: './config/navigation.json' } },
    'config/navigation.json': { tabs: [{ $ref: 'tabs/guides.json', tab: 'Overridden' }] },
    'config/tabs/guides.json': { tab: 'Guides', pages: ['a', 'missing'] },
    'a.mdx': '',
  };
  const root = makeDocsRepo(files);
  const { model, diagnostics } = checkDocs(new DocsWorkspace(root));
  const tab = model.elements.find((e) => e.kind === 'tab');
  assert.equal(tab?.label, 'Overridden');
  assert.deepEqual(model.sources.map((s) => s.path.slice(root.length + 1)), ['docs.json', 'config/navigation.json', 'config/tabs/guides.json']);
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0].code, 'missing-page');
  assert.ok(diagnostics[0].file.path.endsWith('guides.json'));
  assert.equal(diagnostics[0].file.text.slice(diagnostics[0].offset, diagnostics[0].offset + diagnostics[0].length), '"missing"');
});

test('$ref: a missing file and a cycle are diagnostics on the $ref value, without cascades', () => {
  const missing = checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: { tabs: [{ $ref: 'nope.json' }] } } });
  assert.deepEqual(missing.map((f) => [f.code, f.text]), [['invalid-ref', '"nope.json"']]);
  const cycle = checkRepo({
    'docs.json': { ...REQUIRED_SETTINGS, navigation: { $ref: 'a.json' } },
    'a.json': { tabs: [{ $ref: 'b.json' }] },
    'b.json': { tab: 'B', pages: [{ $ref: 'a.json' }] },
  });
  assert.deepEqual(cycle.map((f) => [f.code, f.file]), [['invalid-ref', 'b.json']]);
  assert.match(cycle[0].message, /cycle: docs.json → a.json → b.json → a.json/);
});

test('$ref: syntax errors inside a referenced file are reported in that file; escaping paths are not read', () => {
  const findings = checkRepo({
    'docs.json': { ...REQUIRED_SETTINGS, navigation: { tabs: [{ $ref: 'tab.json' }, { $ref: '../../etc/passwd' }] } },
    'tab.json': '{ "tab": "T", "pages": ["a",] }',
    'a.mdx': '',
  });
  assert.deepEqual(findings.map((f) => [f.code, f.file]), [
    ['page-outside-root', 'docs.json'],
    ['json-syntax', 'tab.json'],
  ]);
});

test('$ref: a file over 64 MB or a FIFO is reported with why it was not read, not as missing', (t) => {
  const root = makeDocsRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: { tabs: [{ $ref: 'big.json' }, { $ref: 'pipe.json' }, { $ref: 'nope.json' }] } } });
  fs.writeFileSync(path.join(root, 'big.json'), '{}');
  fs.truncateSync(path.join(root, 'big.json'), 65 * 1024 * 1024); // sparse: no 65 MB written
  const fifo = spawnSync('mkfifo', [path.join(root, 'pipe.json')]);
  if (fifo.status !== 0) return t.skip('no mkfifo');
  const findings = findingsOf(root, checkDocs(new DocsWorkspace(root)).diagnostics);
  assert.deepEqual(findings.map((f) => [f.code, f.text, f.message]), [
    ['invalid-ref', '"big.json"', "`$ref` file 'big.json' is over 64 MB: not read"],
    ['invalid-ref', '"pipe.json"', "`$ref` file 'pipe.json' is not a regular file (a FIFO): not read"],
    ['invalid-ref', '"nope.json"', "`$ref` file 'nope.json' was not found (looked for nope.json)"],
  ]);
});
