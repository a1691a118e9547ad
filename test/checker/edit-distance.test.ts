import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SeededRandom } from '../../bench/seeded-random';
import { editDistance, nearest } from '../../server/src/checker/text/nearest';
import { NearestIndex, nearestIndexOf } from '../../server/src/checker/text/nearest-index';

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

test('NearestIndex: the same answer as nearest over the same list, for every distance, measuring fewer names', () => {
  const random = new SeededRandom(11);
  const word = (max: number) => Array.from({ length: random.int(1, max) }, () => 'abcdeRST-'[random.int(0, 8)]).join('');
  const names = Array.from({ length: 400 }, () => word(14));
  const counter = { measured: 0 };
  const index = new NearestIndex(names, counter);
  for (let i = 0; i < 3000; i++) {
    const target = i % 2 ? word(16) : names[random.int(0, names.length - 1)].slice(1) + word(2);
    for (const within of [0, 1, 2, 4, undefined]) assert.equal(index.nearest(target, within), nearest(target, names, within), `${target} within ${within}`);
  }
  assert.ok(counter.measured < 3000 * 5 * names.length, `${counter.measured} measured`);
});

test('NearestIndex: each distinct question is answered once (remembered), and a list is indexed once', () => {
  const counter = { measured: 0 };
  const index = new NearestIndex(['rocket', 'rocket-launch', 'bolt'], counter);
  assert.equal(index.nearest('rockett', 2), 'rocket');
  const once = counter.measured;
  assert.ok(once > 0);
  for (let i = 0; i < 100; i++) assert.equal(index.nearest('rockett', 2), 'rocket');
  assert.equal(counter.measured, once);
  const list = ['a', 'b'];
  assert.equal(nearestIndexOf(list), nearestIndexOf(list));
  const ids = new Set(['intro']);
  const first = nearestIndexOf(ids);
  ids.add('setup');
  assert.notEqual(nearestIndexOf(ids), first, 'a set grown since is indexed again');
  assert.equal(nearestIndexOf(ids).nearest('setpu'), 'setup');
});

test('NearestIndex: its bigrams are packed in typed arrays, no list per bigram (29 MB of the synthetic site\'s check, issue 52), with the same answers for any character', () => {
  const names = ['中文文档', 'über-uns', '\uffff\ufffe-edge', 'rocket', 'rocket-launch', '🚀-launch', 'bolt'];
  const index = new NearestIndex(names);
  const fields = Object.values(index as unknown as Record<string, unknown>);
  assert.ok(!fields.some((field) => field instanceof Map && [...field.values()].some(Array.isArray)), 'a map of lists');
  for (const target of ['中文文當', 'uber-uns', '\uffff\ufffe-edgy', 'rockett', '🚀-lunch', 'bolts', 'zzzz', '']) {
    for (const within of [0, 1, 2, undefined]) assert.equal(index.nearest(target, within), nearest(target, names, within), `${target} within ${within}`);
  }
});
