import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FileIndex } from '../../server/src/checker';
import { PageCatalog } from '../../server/src/features/page-catalog';

function matcher(files: string[]): { ids: string[]; matching: (needle: string) => string[]; catalog: PageCatalog } {
  const catalog = new PageCatalog(new FileIndex(files));
  const ids = catalog.pageIds;
  return { ids, catalog, matching: (needle) => ids.filter((_, i) => catalog.matches(i, needle)) };
}

test('page catalog: ids sorted by code unit, each matched in its own lower case (a final Σ is ς)', () => {
  const { ids, matching, catalog } = matcher(['ΟΔΟΣ.mdx', 'ΟΔΟΣ/b.mdx', 'Guides/Setup.md', 'api/openapi.json']);
  assert.deepEqual(ids, ['Guides/Setup', 'ΟΔΟΣ', 'ΟΔΟΣ/b']);
  // Lowered alone, each id's Σ is final (ς); lowered as one text with the next id, the first would be σ.
  assert.deepEqual(matching('οδος'), ['ΟΔΟΣ', 'ΟΔΟΣ/b']);
  assert.deepEqual(matching('οδοσ'), []);
  assert.deepEqual(matching('gset'), ['Guides/Setup']);
  assert.deepEqual(catalog.specFiles, ['api/openapi.json']);
});

test('page catalog: an id whose lower case is longer (İ) is still matched', () => {
  const { matching } = matcher(['İstanbul.mdx', 'Ankara.mdx']);
  assert.deepEqual(matching('istanbul'), ['İstanbul'], 'İ lowers to i and a combining dot');
  assert.deepEqual(matching('ank'), ['Ankara']);
});
