// 100 MB answers, read in a child process with a small heap: the client stops at its 10 MB limit and its
// memory grows by far less than the body (a body held whole would add 100 MB at least).
import { leakGuard } from '../helpers/key-leak-guard';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { test } from 'node:test';

const HEAP_MB = 96;

test(`REST client: four 100 MB answers (JSON and streamed, with and without a length) in a ${HEAP_MB} MB heap`, { timeout: 120_000 }, (t) => {
  const run = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', path.join(__dirname, 'api-memory-child.ts')], {
    cwd: path.resolve(__dirname, '../..'),
    encoding: 'utf8',
    timeout: 90_000,
  });
  leakGuard.record(run.stdout, 'memory child stdout');
  leakGuard.record(run.stderr, 'memory child stderr');
  assert.equal(run.status, 0, run.stderr);
  const { outcomes, rssBeforeMb, maxRssMb, bytesSent } = JSON.parse(run.stdout) as { outcomes: string[]; rssBeforeMb: number; maxRssMb: number; bytesSent: number };
  t.diagnostic(`RSS ${rssBeforeMb.toFixed(0)} MB before, ${maxRssMb.toFixed(0)} MB at most; ${(bytesSent / 1024 / 1024).toFixed(0)} MB sent in all`);
  assert.deepEqual(outcomes, ['too-large', 'too-large', 'too-large', 'too-large']);
  assert.ok(maxRssMb - rssBeforeMb < 80, `memory grew by ${(maxRssMb - rssBeforeMb).toFixed(0)} MB`);
  assert.ok(bytesSent < 4 * 50 * 1024 * 1024, `${bytesSent} bytes sent`);
});
