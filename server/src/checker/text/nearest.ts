/** Rows kept between calls: `nearest` measures one target against thousands of candidates per check. */
let previousRow = new Int32Array(128);
let currentRow = new Int32Array(128);

/** Edit distance, giving up (returning `limit + 1`) once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const reuse = b.length < previousRow.length;
  let previous = reuse ? previousRow : new Int32Array(b.length + 1);
  let current = reuse ? currentRow : new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const c = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = c === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    const done = current;
    current = previous;
    previous = done;
  }
  return previous[b.length];
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

/** `nearest` over candidates whose lower case forms are given (`lower[i]` of `candidates[i]`), for lists asked many times. */
export function nearestOfLowered(target: string, candidates: readonly string[], lower: readonly string[], maxDistance: number): string | undefined {
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  const lowerTarget = target.toLowerCase();
  for (let i = 0; i < candidates.length; i++) {
    const distance = editDistance(lowerTarget, lower[i], bestDistance - 1);
    if (distance < bestDistance) {
      best = candidates[i];
      bestDistance = distance;
      if (distance === 0) break;
    }
  }
  return best;
}
