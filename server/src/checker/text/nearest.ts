/** Rows kept between calls: `nearest` measures one target against thousands of candidates per check. */
let previousRow = new Int32Array(128);
let currentRow = new Int32Array(128);

/**
 * Edit distance, giving up (returning `limit + 1`) once it must exceed `limit`. Only cells within `limit` of the
 * diagonal are computed (the others exceed it anyway): endpoint suggestions measure every unknown entry against
 * thousands of operations, and the band makes each measure a few times cheaper.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const band = Math.min(limit, Math.max(a.length, b.length));
  const over = band + 1;
  const reuse = b.length + 1 < previousRow.length;
  let previous = reuse ? previousRow : new Int32Array(b.length + 2);
  let current = reuse ? currentRow : new Int32Array(b.length + 2);
  // The first row reads no further than one cell past the band.
  for (let j = 0, end = Math.min(b.length, band + 1); j <= end; j++) previous[j] = j <= band ? j : over;
  for (let i = 1; i <= a.length; i++) {
    const low = Math.max(1, i - band);
    const high = Math.min(b.length, i + band);
    current[low - 1] = low === 1 ? i : over;
    let rowMin = current[low - 1];
    const c = a.charCodeAt(i - 1);
    for (let j = low; j <= high; j++) {
      const cost = c === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    // The next row reads one cell past this row's band: out of the band, it counts as too far.
    if (high < b.length) current[high + 1] = over;
    if (rowMin > limit) return limit + 1;
    const done = current;
    current = previous;
    previous = done;
  }
  return Math.min(previous[b.length], limit + 1);
}

/** The candidate closest to `target`, if any lies within `maxDistance` edits (default: half its length). */
export function nearest(target: string, candidates: Iterable<string>, maxDistance = Math.max(2, Math.ceil(target.length / 2))): string | undefined {
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  const lower = target.toLowerCase();
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase(), bestDistance - 1);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      if (distance === 0) break;
    }
  }
  return best;
}

/**
 * `nearest` over candidates whose lower case forms are given (`lower[i]` of `candidates[i]`), for lists asked many
 * times. One pass per distance, nearest first: each pass is cheap (a narrow band, given up early), and the first
 * candidate a pass finds is the first of the nearest, as one pass keeping the best would answer.
 */
export function nearestOfLowered(target: string, candidates: readonly string[], lower: readonly string[], maxDistance: number): string | undefined {
  const lowerTarget = target.toLowerCase();
  for (let limit = 0; limit <= maxDistance; limit++) {
    for (let i = 0; i < candidates.length; i++) if (editDistance(lowerTarget, lower[i], limit) <= limit) return candidates[i];
  }
  return undefined;
}

/**
 * Whether `found` reads as `written` with typos: as many path segments, each within a third of its length of edits
 * (at least one). `csharp` → `cpp` (4 edits of 6) replaces a segment rather than fixing one.
 */
export function isCloseBySegments(written: string, found: string): boolean {
  const a = written.toLowerCase().split('/');
  const b = found.toLowerCase().split('/');
  if (a.length !== b.length) return false;
  return a.every((segment, i) => {
    const limit = Math.max(1, Math.floor(Math.max(segment.length, b[i].length) / 3));
    return editDistance(segment, b[i], limit) <= limit;
  });
}

/** The words of a name: its camel-case humps and the parts between `.`, `-`, `_` and spaces, in lower case. */
function wordsOf(name: string): string[] {
  return name
    .split(/[.\-_\s]+|(?<=[a-z0-9])(?=[A-Z])/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The nearest name for a mistyped one, ranked as a writer reads names: a shared start (a whole first word of
 * either, 3 characters at least; the longest first), then a shared word, then edit distance (`nearest`; shared
 * words within its limit too). `<CheckListItem>` gave `<Color.Item>` (edit distance 6 of 13) over `<Check>`, which
 * it starts with.
 */
export function nearestName(target: string, candidates: readonly string[], maxDistance = Math.max(2, Math.ceil(target.length / 2))): string | undefined {
  const lower = target.toLowerCase();
  const targetWord = wordsOf(target)[0]?.length ?? 0;
  let best: string | undefined;
  let bestPrefix = 0;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const prefix = commonPrefix(lower, candidate.toLowerCase());
    if (prefix < 3 || prefix < bestPrefix || (prefix < targetWord && prefix < (wordsOf(candidate)[0]?.length ?? 0))) continue;
    const distance = editDistance(lower, candidate.toLowerCase());
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
