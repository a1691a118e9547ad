import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FileIndex, isConventionallyNotAPage } from '../../server/src/checker';
import { PageCatalog } from '../../server/src/project/page-catalog';

function matcher(files: string[]): { ids: string[]; matching: (needle: string) => string[]; catalog: PageCatalog } {
  const catalog = new PageCatalog(new FileIndex(files));
  const ids = catalog.pageIds;
  return { ids, catalog, matching: (needle) => { const marks = catalog.matching(needle); return ids.filter((_, i) => marks[i] === 1); } };
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

test('page catalog: front-coded ids read back and match as the plain ids do (seeded, with restarts, case and non-ASCII)', () => {
  let seed = 20261122;
  const random = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  const parts = ['guides', 'Guides', 'api', 'API', 'v1', 'v2', 'en', 'reference', 'setup', 'a', 'ab', 'abc', 'x-1', 'x-10', 'x-2'];
  for (const withNonAscii of [false, true]) {
    const files = new Set<string>();
    while (files.size < 300) {
      const depth = 1 + random(4);
      const segments = Array.from({ length: depth }, () => parts[random(parts.length)] + (random(3) === 0 ? String(random(40)) : ''));
      if (withNonAscii && random(10) === 0) segments.push(['Ünïcode', 'ΟΔΟΣ', 'İstanbul', 'straße'][random(4)]);
      files.add(`${segments.join('/')}${random(2) ? '.mdx' : '.md'}`);
    }
    const { ids, matching, catalog } = matcher([...files]);
    const pages = [...files].filter((f) => !isConventionallyNotAPage(f)); // notes such as API.md are not offered
    const expected = [...new Set(pages.map((f) => f.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')))].filter((id) => id !== '').sort();
    assert.deepEqual(ids, expected);
    for (let i = 0; i < ids.length; i++) assert.equal(catalog.idAt(i), ids[i]);
    for (const needle of ['', 'g', 'gs', 'api/', 'v1en', 'x-1', 'refset', 'abcabc', 'οδος', 'ü', 'zzz', 'i̇stanbul']) {
      const naive = ids.filter((id) => {
        const lower = id.toLowerCase();
        let k = 0;
        for (let j = 0; k < needle.length && j < lower.length; j++) if (lower.charCodeAt(j) === needle.charCodeAt(k)) k++;
        return k === needle.length;
      });
      assert.deepEqual(matching(needle), naive, `needle '${needle}'${withNonAscii ? ' with non-ASCII ids' : ''}`);
    }
  }
});
