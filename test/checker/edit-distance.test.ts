import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SeededRandom } from '../../bench/seeded-random';
import { editDistance, nearest, nearestName } from '../../server/src/checker/text/nearest';
import { builtInNames } from '../../server/src/checker/pages/built-in-components';
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

/** nearestName as written before its lists were kept (issue 52): every candidate lowered and split at every call. */
function referenceNearestName(target: string, candidates: readonly string[], maxDistance = Math.max(2, Math.ceil(target.length / 2))): string | undefined {
  const wordsOf = (name: string) =>
    name
      .split(/[.\-_\s]+|(?<=[a-z0-9])(?=[A-Z])/)
      .filter(Boolean)
      .map((word) => word.toLowerCase());
  const lower = target.toLowerCase();
  const targetWord = wordsOf(target)[0]?.length ?? 0;
  let best: string | undefined;
  let bestPrefix = 0;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    let prefix = 0;
    const other = candidate.toLowerCase();
    while (prefix < lower.length && prefix < other.length && lower[prefix] === other[prefix]) prefix++;
    if (prefix < 3 || prefix < bestPrefix || (prefix < targetWord && prefix < (wordsOf(candidate)[0]?.length ?? 0))) continue;
    const distance = reference(lower, other);
    if (prefix > bestPrefix || distance < bestDistance) {
      best = candidate;
      bestPrefix = prefix;
      bestDistance = distance;
    }
  }
  if (best !== undefined) return best;
  const words = new Set(wordsOf(target).filter((word) => word.length >= 3));
  const sharing = words.size ? candidates.filter((candidate) => wordsOf(candidate).some((word) => words.has(word))) : [];
  return (sharing.length ? nearest(target, sharing, maxDistance) : undefined) ?? nearest(target, candidates, maxDistance);
}

test('nearestName: a frozen list (answers kept) answers as a plain copy and as the unkept reference, asked twice', () => {
  const names = builtInNames();
  assert.ok(Object.isFrozen(names));
  const random = new SeededRandom(52);
  const mutate = (name: string) => {
    const chars = [...name];
    for (let edits = random.int(0, 3); edits > 0; edits--) {
      const at = random.int(0, chars.length);
      const kind = random.int(0, 2);
      if (kind === 0) chars.splice(at, 1);
      else if (kind === 1) chars.splice(at, 0, 'xaeI.'[random.int(0, 4)]);
      else chars[at] = chars[at]?.toUpperCase() ?? 'Q';
    }
    return chars.join('');
  };
  const targets = ['CheckListItem', 'PrismaAirsCta', 'Tab', 'Acordion', 'CodeGroupe', 'Not', 'x', ''];
  for (let i = 0; i < 600; i++) targets.push(mutate(names[random.int(0, names.length - 1)]));
  const copy = [...names];
  for (const target of targets) {
    const expected = referenceNearestName(target, names);
    assert.equal(nearestName(target, names), expected, target);
    assert.equal(nearestName(target, names), expected, `${target}, asked again`);
    assert.equal(nearestName(target, copy), expected, `${target}, not frozen`);
    for (const limit of [1, 3]) assert.equal(nearestName(target, names, limit), referenceNearestName(target, names, limit), `${target} within ${limit}`);
  }
  assert.equal(nearestName('CheckListItem', names), 'Check');
});

test('nearestName: a list that is not frozen is read at each call (changed between calls, the answer follows)', () => {
  const list = ['Accordion', 'Card'];
  assert.equal(nearestName('Acordion', list), 'Accordion');
  list[0] = 'Tabs';
  assert.equal(nearestName('Acordion', list), undefined);
  assert.equal(nearestName('Tab', list), 'Tabs');
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
