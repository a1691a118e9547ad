import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SeededRandom } from '../../bench/seeded-random';
import { editDistance, nearest } from '../../server/src/checker/text/nearest';

/** The textbook dynamic program, every cell computed. */
function reference(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

test('editDistance: the banded computation equals the full one within the limit, and says "over" beyond it', () => {
  const random = new SeededRandom(5);
  const word = () => Array.from({ length: random.int(0, 24) }, () => 'abcd/{}'[random.int(0, 6)]).join('');
  for (let i = 0; i < 4000; i++) {
    const a = word();
    const b = i % 3 === 0 ? a.slice(0, random.int(0, a.length)) + word().slice(0, 3) : word();
    const exact = reference(a, b);
    assert.equal(editDistance(a, b), exact, `${a} / ${b}`);
    for (const limit of [0, 1, 2, 3, 5, 8]) {
      assert.equal(editDistance(a, b, limit), exact <= limit ? exact : limit + 1, `${a} / ${b} within ${limit}`);
    }
  }
});

test('nearest: the closest candidate within the distance, in either case', () => {
  const keys = ['GET /users', 'GET /users/{id}', 'POST /users', 'DELETE /users/{id}', 'GET /orders'];
  assert.equal(nearest('GET /user/{id}', keys, 4), 'GET /users/{id}');
  assert.equal(nearest('PUT /users', keys, 4), 'GET /users');
  assert.equal(nearest('get /ORDERS', keys, 2), 'GET /orders');
  assert.equal(nearest('PATCH /invoices', keys, 3), undefined);
});
