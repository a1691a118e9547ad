import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { collectGarbageNow } from '../../cli/src/full-collection';

test('collectGarbageNow collects what is out of reach now, with or without --expose-gc (issue 52: the report after the service)', async () => {
  const hadGc = typeof (globalThis as { gc?: unknown }).gc;
  let big: number[][] | undefined = Array.from({ length: 1000 }, (_, i) => [i]);
  const ref = new WeakRef(big);
  big = undefined;
  // A WeakRef's target is kept to the end of the job that made it.
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbageNow();
  assert.equal(ref.deref(), undefined);
  assert.equal(typeof (globalThis as { gc?: unknown }).gc, hadGc, 'no gc left in the program\'s global scope');
});
