import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NO_CORPUS } from '../helpers/corpus';
import { loadFuzzFixtures, MAX_CASE_MS, runCheckerFuzz } from '../helpers/fuzz-checker';
import { MUTATION_NAMES } from '../helpers/fuzz-mutations';

// The seed is fixed so every run checks the same cases; FUZZ_SEED explores others. The long run: scripts/fuzz.ts.
// 2,000 cases (5,000 until 2026-11-28: 84 s of a CI run's 18.6 minutes) still give every one of the 168 pairs of
// the 12 corpus sites and 14 mutations that 5,000 gave, each mutation at least 264 times, each site 148.
const SEED = Number(process.env.FUZZ_SEED ?? 7_2025);
const CASES = 2_000;

test(`checker fuzz: ${CASES} seeded mutations of the corpus docs.json files (seed ${SEED})`, { timeout: 240_000, skip: NO_CORPUS }, (t) => {
  const report = runCheckerFuzz({ seed: SEED, count: CASES, fixtures: loadFuzzFixtures(), crop: true });
  t.diagnostic(
    `seed ${SEED}: ${report.cases} cases, mean ${report.meanMs.toFixed(1)} ms, max ${report.maxMs.toFixed(0)} ms ` +
      `for ${report.slowest} (a figure, not a bound: npm run fuzz fails a case over ${MAX_CASE_MS} ms)`,
  );
  assert.deepEqual(report.failures, [], `fuzz failures with seed ${SEED} (replay one: node --import tsx scripts/fuzz.ts --seed ${SEED} --crop --case N)`);
  assert.equal(report.cases, CASES);
  for (const name of MUTATION_NAMES) assert.ok((report.mutationCounts[name] ?? 0) >= 200, `mutation ${name} ran only ${report.mutationCounts[name] ?? 0} times`);
});
