// Issue 16, item 20: a 9.5 MB streamed line with no newline (under the 10 MB body limit) peaked at 341 MB, as the
// whole pending text was searched for a newline again on every piece. Now a line over 1 MB is refused as it grows.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { test } from 'node:test';

const HEAP_MB = 64;

test(`REST client: a 9.5 MB line with no newline in an assistant stream (SSE, data stream), in a ${HEAP_MB} MB heap`, { timeout: 60_000 }, (t) => {
  const run = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', path.join(__dirname, 'api-sse-line-child.ts')], {
    cwd: path.resolve(__dirname, '../..'),
    encoding: 'utf8',
    timeout: 50_000,
  });
  assert.equal(run.status, 0, run.stderr);
  const { outcomes, rssBeforeMb, maxRssMb } = JSON.parse(run.stdout) as { outcomes: string[]; rssBeforeMb: number; maxRssMb: number };
  t.diagnostic(`RSS ${rssBeforeMb.toFixed(0)} MB before, ${maxRssMb.toFixed(0)} MB at most`);
  const refused = 'too-large: Assistant message failed: the assistant stream holds a line longer than 1 MB; it was not read further';
  assert.deepEqual(outcomes, [refused, refused]);
  assert.ok(maxRssMb - rssBeforeMb < 40, `memory grew by ${(maxRssMb - rssBeforeMb).toFixed(0)} MB`);
});
