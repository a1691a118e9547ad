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

/** What `nearestName` reads of a frozen candidate list, worked out once: asked for every unknown tag of every page. */
interface NameList {
  lower: string[];
  /** The length of each candidate's first word. */
  firstWord: number[];
  words: string[][];
  /** Answers by distance limit and target; emptied when full. */
  answers: Map<string, string | undefined>;
}

const nameLists = new WeakMap<readonly string[], NameList>();
const MAX_ANSWERS = 4096;

function nameListOf(candidates: readonly string[]): NameList {
  let list = nameLists.get(candidates);
  if (!list) nameLists.set(candidates, (list = nameListFor(candidates)));
  return list;
}

/**
 * The nearest name for a mistyped one, ranked as a writer reads names: a shared start (a whole first word of
 * either, 3 characters at least; the longest first), then a shared word, then edit distance (`nearest`; shared
 * words within its limit too). `<CheckListItem>` gave `<Color.Item>` (edit distance 6 of 13) over `<Check>`, which
 * it starts with. A frozen list (`Object.freeze`) is read once and its answers kept: the 25,000-page bench site's
 * unknown tags measured against every built-in name took 1.2 s of an 8 s check.
 */
export function nearestName(target: string, candidates: readonly string[], maxDistance = Math.max(2, Math.ceil(target.length / 2))): string | undefined {
  if (!Object.isFrozen(candidates)) return nearestNameIn(target, candidates, nameListFor(candidates), maxDistance);
  const list = nameListOf(candidates);
  const key = `${maxDistance}\0${target}`;
  if (list.answers.has(key)) return list.answers.get(key);
  const answer = nearestNameIn(target, candidates, list, maxDistance);
  if (list.answers.size >= MAX_ANSWERS) list.answers.clear();
  list.answers.set(key, answer);
  return answer;
}

/** What `nearestName` reads of a candidate list (kept only for a frozen one). */
function nameListFor(candidates: readonly string[]): NameList {
  const words = candidates.map(wordsOf);
  return { lower: candidates.map((candidate) => candidate.toLowerCase()), firstWord: words.map((w) => w[0]?.length ?? 0), words, answers: new Map() };
}

function nearestNameIn(target: string, candidates: readonly string[], list: NameList, maxDistance: number): string | undefined {
  const lower = target.toLowerCase();
  const targetWords = wordsOf(target);
  const targetWord = targetWords[0]?.length ?? 0;
  let best: string | undefined;
  let bestPrefix = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < candidates.length; i++) {
    const prefix = commonPrefix(lower, list.lower[i]);
    if (prefix < 3 || prefix < bestPrefix || (prefix < targetWord && prefix < list.firstWord[i])) continue;
    const distance = editDistance(lower, list.lower[i]);
    if (prefix > bestPrefix || distance < bestDistance) {
      best = candidates[i];
      bestPrefix = prefix;
      bestDistance = distance;
    }
  }
  if (best !== undefined) return best;
  const words = new Set(targetWords.filter((word) => word.length >= 3));
  const sharing: number[] = [];
  if (words.size) for (let i = 0; i < candidates.length; i++) if (list.words[i].some((word) => words.has(word))) sharing.push(i);
  const all = (i: number) => i;
  return (sharing.length ? nearestAt(lower, candidates, list.lower, sharing.length, (k) => sharing[k], maxDistance) : undefined) ?? nearestAt(lower, candidates, list.lower, candidates.length, all, maxDistance);
}

/** `nearest` over the candidates `at(0)`…`at(count - 1)`, their lower case forms given. */
function nearestAt(lowerTarget: string, candidates: readonly string[], lower: readonly string[], count: number, at: (k: number) => number, maxDistance: number): string | undefined {
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  for (let k = 0; k < count; k++) {
    const i = at(k);
    const distance = editDistance(lowerTarget, lower[i], bestDistance - 1);
    if (distance < bestDistance) {
      best = candidates[i];
      bestDistance = distance;
      if (distance === 0) break;
    }
  }
  return best;
}
