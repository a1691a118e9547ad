// The `#anchor` id scans of a line (issue 34: quadratic in the line's length, 320-900 kB lines took 12 s to never):
// the same answers as the expressions they replace on generated lines, and linear on hostile ones (see also
// test/robustness/linear-time-fuzz.test.ts).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { anchorAttributes, htmlHeadings } from '../../server/src/checker/pages/anchor-scans';
import { pageAnchors } from '../../server/src/checker/pages/page-anchors';

// The expressions of page-anchors.ts before the scans, as the reference.
const HTML_HEADING = /<h([1-4])\b[^>]*>(.*?)<\/h\1\s*>/g;
const ATTRIBUTE = /\b(id|title|label|name|path|query|body|header|field)=(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})/g;
function openTag(before: string): string | undefined {
  const open = before.lastIndexOf('<');
  if (open < 0 || !/[A-Za-z]/.test(before.charAt(open + 1))) return undefined;
  let end = open + 2;
  while (end < before.length && /[\w.]/.test(before[end])) end++;
  return before.slice(open + 1, end);
}

function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PARTS = ['<h1', '<h2>', '<h4 a="b">', '<h5>', '<h1x>', '</h1>', '</h2 >', '</h1\t>', '>', '<', 'title=', 'id=', 'label=', 'xid=', '-id=', 'name=',
  '"', "'", '`', '{', '}', ' ', 'a', 'B', '=', '<Step ', '<Card ', '<Tab.x ', '\r', '\u2028', '.', '_'];

test('anchor scans: the answers of the expressions they replace on 30,000 generated lines', () => {
  const next = random(34);
  for (let round = 0; round < 30_000; round++) {
    let line = '';
    for (let n = Math.floor(next() * 14); n > 0; n--) line += PARTS[Math.floor(next() * PARTS.length)];
    assert.deepEqual(htmlHeadings(line), [...line.matchAll(HTML_HEADING)].map((m) => m[2]), JSON.stringify(line));
    const expected = [...line.matchAll(ATTRIBUTE)].map((m) => ({ name: m[1], value: m[2] ?? m[3] ?? m[4] ?? '', tag: openTag(line.slice(0, m.index)) }));
    assert.deepEqual(anchorAttributes(line), expected, JSON.stringify(line));
  }
});

test('anchor scans: a hostile 900 kB line is read once (ids found, no scan of the rest of the line per match)', () => {
  let calls = 0;
  const counted = new Proxy(String.prototype.indexOf, { apply: (target, self, args) => (calls++, Reflect.apply(target, self, args)) });
  const original = String.prototype.indexOf;
  const line = `${'<h1 '.repeat(75_000)}${'title="'.repeat(40_000)}<Step title="last">`;
  String.prototype.indexOf = counted as typeof original;
  let ids: Set<string>;
  try {
    ids = pageAnchors(line);
  } finally {
    String.prototype.indexOf = original;
  }
  assert.ok(ids.size > 0);
  // One search per `<h1` and per `=` at most, a few more per line: not one per match times the line.
  assert.ok(calls < 4 * (75_000 + 40_000) + 100, `${calls} searches`);
});
