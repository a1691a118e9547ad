// `.mintignore` patterns are matched by gitignore-match.ts (issue 34: the `ignore` package compiled `a/**/**/…/b` to
// a backtracking expression that never finished on a page 30 folders deep). The same answers as that package on
// generated patterns and paths, and hostile patterns that finish.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ignore from 'ignore';
import { MintIgnore } from '../../server/src/checker/workspace/mint-ignore';
import { MAX_PATTERN_LENGTH, nameMatches, parseGitignore } from '../../server/src/checker/workspace/gitignore-match';

/** A small deterministic generator (mulberry32): the same cases every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('gitignore matching: the answers of the ignore package on 20,000 generated patterns and paths', () => {
  const next = random(34);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  // No lone `[`: the package reads `[a/b]` as one class holding `/`, where git reads two names (left to it).
  const NAME_PARTS = ['a', 'b', 'A', '*', '?', '[ab]', '[!a]', '[a-c]', '[]a]', 'ab', '.mdx', '**', '\\*', ']', '-'];
  const PATH_NAMES = ['a', 'b', 'ab', 'ba', 'a.mdx', 'b.mdx', 'c', 'B', 'aab', '*', '[ab', ']', '-'];
  let compared = 0;
  for (let round = 0; round < 2_000; round++) {
    const lines: string[] = [];
    for (let l = 1 + Math.floor(next() * 3); l > 0; l--) {
      let line = next() < 0.2 ? '!' : '';
      if (next() < 0.3) line += '/';
      const names = 1 + Math.floor(next() * 3);
      for (let n = 0; n < names; n++) {
        let name = '';
        for (let p = 1 + Math.floor(next() * 2); p > 0; p--) name += pick(NAME_PARTS);
        line += (n ? '/' : '') + name;
      }
      if (next() < 0.2) line += '/';
      lines.push(line);
    }
    const oracle = ignore({ allowRelativePaths: true }).add(lines);
    const ours = new MintIgnore(lines.join('\n'));
    for (let p = 0; p < 10; p++) {
      const depth = 1 + Math.floor(next() * 4);
      const path = Array.from({ length: depth }, () => pick(PATH_NAMES)).join('/');
      assert.equal(ours.ignores(path), oracle.ignores(path), `${JSON.stringify(lines)} on ${path}`);
      compared++;
    }
  }
  assert.equal(compared, 20_000);
});

test('gitignore matching: the forms of the gitignore manual', () => {
  const cases: [string, string, boolean][] = [
    ['/docs.mdx', 'docs.mdx', true],
    ['/docs.mdx', 'a/docs.mdx', false],
    ['drafts/', 'drafts', false],
    ['drafts/', 'x/drafts/a.mdx', true],
    ['a/**', 'a', false],
    ['a/**', 'a/b/c.mdx', true],
    ['**/x', 'q/r/x', true],
    ['a/**/b', 'a/b', true],
    ['a/**/b', 'a/x/y/b', true],
    ['a/**/b', 'a/x/y/c', false],
    ['\\#x', '#x', true],
    ['\\!x', '!x', true],
    ['x\\ ', 'x ', true],
    ['x  ', 'x', true],
    ['[z-a]', 'z', true],
    ['[z-a]', 'm', false],
    ['a/***/b', 'a/x/y/b', true],
    ['[ab', '[ab', false],
    ['[]a]', ']', true],
    ['[a-]', '-', true],
  ];
  for (const [pattern, path, expected] of cases) {
    assert.equal(new MintIgnore(pattern).ignores(path), expected, `${pattern} on ${path}`);
    assert.equal(ignore({ allowRelativePaths: true }).add(pattern).ignores(path), expected, `the ignore package: ${pattern} on ${path}`);
  }
});

test('gitignore matching: hostile patterns finish (a run of ** against a page 30 folders deep, stars in one name)', () => {
  const deep = `${'a/'.repeat(30)}page.mdx`;
  // 20 `**` in a row: a run is one `**`.
  assert.equal(new MintIgnore(`a/${'**/'.repeat(20)}b`).ignores(deep), false);
  assert.equal(new MintIgnore(`a/${'**/'.repeat(20)}page.mdx`).ignores(deep), true);
  // `**` apart: each is one position of a walk over the path's names.
  assert.equal(new MintIgnore(`${'a/**/'.repeat(15)}b`).ignores(deep), false);
  assert.equal(new MintIgnore(`${'**/a/'.repeat(29)}**/page.mdx`).ignores(deep), true);
  // Stars in one name: each chunk is found leftmost once.
  assert.equal(nameMatches(parseGitignore([`${'*a'.repeat(400)}*b`])[0].segments[1] as never, 'a'.repeat(4_000)), false);
  assert.equal(new MintIgnore(`${'*a'.repeat(400)}*b`).ignores(`x/${'a'.repeat(200)}`), false);
  assert.equal(new MintIgnore('x'.repeat(MAX_PATTERN_LENGTH + 1)).isEmpty, true, 'an over-long pattern is not read');
});
