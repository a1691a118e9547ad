import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NO_CORPUS } from '../helpers/corpus';
import { MAX_CASE_MS } from '../helpers/fuzz-checker';
import { runServerFuzz } from '../helpers/fuzz-server';

// Fewer cases than the checker's fuzz: each one is a round trip through the protocol. Long run: scripts/fuzz.ts --target server.
const SEED = Number(process.env.FUZZ_SEED ?? 7_2025);
const CASES = 300;

test(`server fuzz: ${CASES} seeded mutations of the corpus sent over the protocol (seed ${SEED})`, { timeout: 240_000, skip: NO_CORPUS }, async (t) => {
  const report = await runServerFuzz({ seed: SEED, count: CASES });
  t.diagnostic(
    `seed ${SEED}: ${report.cases} cases, mean ${report.meanMs.toFixed(1)} ms, max ${report.maxMs.toFixed(0)} ms ` +
      `for ${report.slowest} (a figure, not a bound: npm run fuzz fails a case over ${MAX_CASE_MS} ms)`,
  );
  assert.deepEqual(report.failures, [], `server fuzz failures with seed ${SEED}`);
  assert.ok(report.cases >= CASES * 0.85, `${report.cases} cases ran`);
});
