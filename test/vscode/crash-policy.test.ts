import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { CrashPolicy } from '../../client/src/crash-policy';

test('the language server is restarted after each of 5 crashes within 3 minutes, not after the 6th', () => {
  const policy = new CrashPolicy();
  const decisions = [0, 1, 2, 3, 4, 5].map((i) => policy.onCrash(i * 10_000));
  assert.deepEqual(decisions.map((d) => d.restart), [true, true, true, true, true, false]);
  assert.equal(decisions[5].crashes, 6);
});

test('crashes older than the window are forgotten, and reset() starts over', () => {
  const policy = new CrashPolicy(2, 1000);
  assert.equal(policy.onCrash(0).restart, true);
  assert.equal(policy.onCrash(100).restart, true);
  assert.equal(policy.onCrash(200).restart, false);
  assert.equal(policy.onCrash(1150).restart, true, 'only the crashes at 200 and 1150 are within the last second');
  policy.reset();
  assert.equal(policy.onCrash(1200).crashes, 1);
});
