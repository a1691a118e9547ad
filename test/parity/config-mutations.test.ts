// The parity harness's docs.json mutations (scripts/parity/config-mutations.ts): the cut copy they start from, and
// mutants that change settings only, the same for the same seed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SeededRandom } from '../../bench/seeded-random';
import { configMutants, cutLists, Json, shuffledConfigMutants } from '../../scripts/parity/config-mutations';

const config: Json = {
  theme: 'mint',
  name: 'Acme',
  colors: { primary: '#0D6B4F' },
  navigation: { tabs: [{ tab: 'A', groups: [{ group: 'G', pages: ['a', 'b', 'c'] }, { group: 'H', pages: ['d'] }, { group: 'I', pages: ['e'] }] }, { tab: 'B', pages: ['f'] }, { tab: 'C', pages: ['g'] }] },
  redirects: Array.from({ length: 8 }, (_, i) => ({ source: `/old${i}`, destination: `/new${i}` })),
};

test('cutLists: every navigation list keeps its first two entries, at every depth; redirects their first five; the rest as it was', () => {
  const cut = cutLists(config) as Record<string, Json>;
  assert.deepEqual(cut.navigation, { tabs: [{ tab: 'A', groups: [{ group: 'G', pages: ['a', 'b'] }, { group: 'H', pages: ['d'] }] }, { tab: 'B', pages: ['f'] }] });
  assert.equal((cut.redirects as Json[]).length, 5);
  assert.deepEqual(cut.colors, { primary: '#0D6B4F' });
  assert.equal(((config as Record<string, Json>).redirects as Json[]).length, 8, 'the original is not changed');
});

test('configMutants: settings changed, navigation never; the same seed gives the same order, another seed another', () => {
  const all = configMutants(config);
  assert.ok(all.length > 50);
  for (const mutant of all) assert.deepEqual((mutant.value as Record<string, Json>).navigation, (config as Record<string, Json>).navigation, mutant.what);
  assert.ok(all.some((m) => m.what === 'theme = "maple"'), 'an enum value of the schema swapped in');
  assert.ok(all.some((m) => m.what === 'remove colors.primary'));
  const order = (seed: number) => shuffledConfigMutants(config, new SeededRandom(seed)).map((m) => m.what);
  assert.deepEqual(order(49), order(49));
  assert.notDeepEqual(order(49), order(50));
  assert.deepEqual([...order(49)].sort(), all.map((m) => m.what).sort());
});
