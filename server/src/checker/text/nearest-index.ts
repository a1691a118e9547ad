// "Did you mean": the nearest of a fixed list of names, asked many times (issue 44: every unknown icon measured
// against the whole icon library, per finding, cost 32 s on a 2.3 MB page). An index answers what `nearest` answers
// over the same list, measuring only the names that can be within the distance, and remembers each answer.
import { detached } from './detached';
import { editDistance } from './nearest';

/** Counts the edit distances an index computes (tests assert that the work is bounded). */
export interface MeasureCounter {
  measured: number;
}

/** Answers kept per index; past them the memory starts again (a page of a million distinct names stays bounded). */
const MAX_REMEMBERED = 10_000;

/**
 * The nearest of `candidates` to a name, as `nearest(target, candidates, maxDistance)` answers it (the first of the
 * nearest, compared in lower case), measuring only the candidates a bigram count allows: `k` edits change at most
 * `2k` of a name's distinct bigrams, so a candidate sharing fewer than `max(distinct of either) - 2k` with the
 * target, or longer or shorter by more than `k`, is further than `k`.
 */
export class NearestIndex {
  private readonly lower: string[];
  private readonly distinct: Uint16Array;
  /**
   * The candidates of each bigram, packed: the bigrams sorted (`grams`), each one's ids at `ids[starts[i]..starts[i
   * + 1])`. A list per bigram took 29 MB of the check's heap on the 25,000-page synthetic site (issue 52).
   */
  private readonly grams: Uint32Array;
  private readonly starts: Int32Array;
  private readonly ids: Int32Array;
  private readonly shared: Int32Array;
  private readonly remembered = new Map<string, string | undefined>();

  constructor(
    readonly candidates: readonly string[],
    private readonly counter?: MeasureCounter,
  ) {
    this.lower = candidates.map((c) => c.toLowerCase());
    this.distinct = new Uint16Array(candidates.length);
    this.shared = new Int32Array(candidates.length);
    // Two passes over the names' bigrams: their counts, then the ids in place (no list per bigram, even for a while).
    const counts = new Map<number, number>();
    let total = 0;
    this.lower.forEach((name, id) => {
      const grams = bigrams(name);
      this.distinct[id] = Math.min(grams.size, 0xffff);
      for (const gram of grams) counts.set(gram, (counts.get(gram) ?? 0) + 1);
      total += grams.size;
    });
    this.grams = Uint32Array.from(counts.keys()).sort();
    this.starts = new Int32Array(this.grams.length + 1);
    const next = new Int32Array(this.grams.length);
    for (let i = 0; i < this.grams.length; i++) {
      next[i] = this.starts[i];
      this.starts[i + 1] = this.starts[i] + counts.get(this.grams[i])!;
    }
    this.ids = new Int32Array(total);
    this.lower.forEach((name, id) => {
      for (const gram of bigrams(name)) this.ids[next[this.slotOf(gram)]++] = id;
    });
  }

  /** Where a bigram is in `grams`, or -1. */
  private slotOf(gram: number): number {
    const grams = this.grams;
    let low = 0;
    let high = grams.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (grams[middle] < gram) low = middle + 1;
      else if (grams[middle] > gram) high = middle - 1;
      else return middle;
    }
    return -1;
  }

  /** The first candidate at the least distance from `target` (at most `maxDistance`, by default half its length). */
  nearest(target: string, maxDistance = Math.max(2, Math.ceil(target.length / 2))): string | undefined {
    const key = `${maxDistance}\0${target}`;
    if (this.remembered.has(key)) return this.remembered.get(key);
    const found = this.measure(target.toLowerCase(), maxDistance);
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear();
    // A copy: a name cut from a page would keep the page's text alive (500 pages' texts on the synthetic site).
    this.remembered.set(detached(key), found);
    return found;
  }

  private measure(target: string, maxDistance: number): string | undefined {
    const grams = bigrams(target);
    const { shared, lower, distinct } = this;
    shared.fill(0);
    const { starts, ids } = this;
    for (const gram of grams) {
      const slot = this.slotOf(gram);
      if (slot !== -1) for (let i = starts[slot]; i < starts[slot + 1]; i++) shared[ids[i]]++;
    }
    let best: number | undefined;
    let bestDistance = maxDistance + 1;
    for (let id = 0; id < lower.length; id++) {
      const within = bestDistance - 1;
      const candidate = lower[id];
      if (Math.abs(candidate.length - target.length) > within) continue;
      if (shared[id] < Math.max(grams.size, distinct[id]) - 2 * within) continue;
      if (this.counter) this.counter.measured++;
      const distance = editDistance(target, candidate, within);
      if (distance < bestDistance) {
        best = id;
        bestDistance = distance;
        if (distance === 0) break;
      }
    }
    return best === undefined ? undefined : this.candidates[best];
  }
}

function bigrams(name: string): Set<number> {
  const grams = new Set<number>();
  for (let i = 1; i < name.length; i++) grams.add(name.charCodeAt(i - 1) * 0x10000 + name.charCodeAt(i));
  return grams;
}

const indexes = new WeakMap<object, NearestIndex>();

/**
 * The index of a list or set that stays as it is while it is asked (a page's ids, a component's props), made on its
 * first question and kept as long as the list is.
 */
export function nearestIndexOf(candidates: readonly string[] | ReadonlySet<string>): NearestIndex {
  const size = Array.isArray(candidates) ? candidates.length : (candidates as ReadonlySet<string>).size;
  let index = indexes.get(candidates);
  if (!index || index.candidates.length !== size) indexes.set(candidates, (index = new NearestIndex([...candidates])));
  return index;
}
