import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineMap } from '../../server/src/checker';

/** Line starts in 16 bits under 64 kB (issue 52: the kept findings' line maps of 21,000 pages took 18 MB in 32 bits). */
function bytesPerStart(map: LineMap): number {
  return (map as unknown as { starts: Int32Array | Uint16Array }).starts.BYTES_PER_ELEMENT;
}

/** Positions as the text's characters give them, one by one. */
function expected(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

test('line map: a page under 64 kB keeps its line starts in 16 bits, a longer one in 32, both with the same positions', () => {
  const short = 'a\n'.repeat(30_000) + 'end';
  const long = 'abc\n'.repeat(20_000) + 'end';
  assert.equal(bytesPerStart(new LineMap(short)), 2);
  assert.equal(bytesPerStart(new LineMap(long)), 4);
  for (const text of [short, long]) {
    const map = new LineMap(text);
    for (const offset of [0, 1, 2, 59_999, 60_000, 65_535, 65_536, 65_537, 79_999, text.length]) {
      if (offset > text.length) continue;
      assert.deepEqual(map.positionAt(offset), expected(text, offset), `offset ${offset} of ${text.length}`);
      const position = expected(text, offset);
      assert.equal(map.offsetAt(position), offset);
    }
  }
});

test('line map: an edit that takes a text past 64 kB moves its line starts past 65,535 without wrapping them', () => {
  const text = 'x'.repeat(65_000) + '\nsecond\nthird';
  const map = new LineMap(text);
  assert.equal(bytesPerStart(map), 2);
  const grown = 'y'.repeat(1_000) + text;
  const shifted = map.shifted(grown, 0, 1_000);
  assert.equal(bytesPerStart(shifted), 4);
  for (const offset of [0, 66_000, 66_001, 66_007, 66_008, grown.length]) assert.deepEqual(shifted.positionAt(offset), expected(grown, offset), `offset ${offset}`);
  const shrunk = shifted.shifted(text, 0, -1_000);
  assert.equal(bytesPerStart(shrunk), 2);
  assert.deepEqual(shrunk.positionAt(65_001), { line: 1, character: 0 });
});
