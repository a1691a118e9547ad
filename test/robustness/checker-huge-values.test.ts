// Values of megabytes in docs.json: every diagnostic message stays short, whatever rule quotes the value (a 60 MB
// page entry made a 314 MB message; 120 MB failed with "Invalid string length" and nothing was published).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { MAX_MESSAGE_CHARS } from '../../server/src/checker/diagnostics';
import { makeDocsRepo } from '../helpers/docs-repo';

test('checker: a value of megabytes is quoted by its start and its length, and no message exceeds the limit', (t) => {
  const huge = 'p/'.repeat(1_000_000);
  const docs = {
    theme: 'mint',
    name: 'Huge',
    colors: { primary: '#0B7D62' },
    [huge]: true,
    navigation: {
      languages: [{ language: huge, groups: [{ group: huge, pages: [huge, huge, `GET /${huge}`, `../${huge}`] }] }],
      global: { anchors: [{ anchor: huge, href: huge }] },
    },
    redirects: [{ source: huge, destination: huge }],
  };
  const root = makeDocsRepo({ 'docs.json': docs });
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const { diagnostics } = checkDocs(new DocsWorkspace(root), fs.readFileSync(path.join(root, 'docs.json'), 'utf8'));
  assert.ok(diagnostics.length >= 3, `${diagnostics.length} diagnostics`);
  for (const d of diagnostics) assert.ok(d.message.length <= MAX_MESSAGE_CHARS, `${d.code}: a message of ${d.message.length} characters`);
  const missing = diagnostics.find((d) => d.code === 'missing-page');
  assert.match(missing?.message ?? '', /… \(1,999,999 characters\)/);
});
