// A translation's structure against its source's: the two item lists aligned (longest common subsequence by key),
// and what lies between two aligned items told as one difference: what the source has there and the translation
// lacks, what the translation has and the source does not, or one item kept in kind but changed (a level-2 heading
// made level 3, a `js` block made `ts`).
import { PageStructure, StructureItem } from './page-structure';

export type Difference =
  /** The source's items the translation lacks, told at `at`, where they would be. */
  | { kind: 'missing'; items: StructureItem[]; at: number }
  /** The translation's items the source does not have; `after`: the source's item aligned just before them, if any. */
  | { kind: 'extra'; items: StructureItem[]; at: number; after?: StructureItem }
  /**
   * A block in another place in the two pages (moved in one of them): the translation's items, told where they are,
   * and the source's, where it has them. One finding, where a missing block and an extra one were two.
   */
  | { kind: 'moved'; items: StructureItem[]; source: StructureItem[]; at: number }
  /** One item of the translation that differs from the source's in its key (`h3` for `h2`). */
  | { kind: 'changed'; item: StructureItem; source: StructureItem; at: number }
  /** An explicit anchor of the source that no heading or tag of the translation carries. */
  | { kind: 'anchor'; id: string; sourceAt: number; at: number };

/** Pages with more items than this (each) are not aligned: the table would be too large for a keystroke. */
export const MAX_ALIGNED_ITEMS = 2_000;

/**
 * The differences, in the translation's order; undefined when the pages are too large to align. `localSuffixes`:
 * the language's code and folder name, which a site's own component for the language may end with (box's
 * `<ExploreMoreJA>` for `<ExploreMore>`).
 */
export function compareStructure(source: PageStructure, translation: PageStructure, localSuffixes: readonly string[] = []): Difference[] | undefined {
  const a = source.items;
  const b = localSuffixes.length ? translation.items.map((item) => localised(item, localSuffixes, a)) : translation.items;
  if (a.length > MAX_ALIGNED_ITEMS || b.length > MAX_ALIGNED_ITEMS) return undefined;
  const pairs = align(a, b);
  const differences: Difference[] = [];
  const matchedIn = new Map<StructureItem, StructureItem>();
  let i = 0;
  let j = 0;
  for (const [mi, mj] of [...pairs, [a.length, b.length] as const]) {
    const lacks = a.slice(i, mi);
    const adds = b.slice(j, mj);
    // Where the source's items would be: before the next aligned item, else at the translation's end.
    const at = mj < b.length ? b[mj].offset : translation.length;
    if (lacks.length && lacks.length === adds.length && lacks.every((item, k) => item.kind === adds[k].kind)) {
      lacks.forEach((item, k) => {
        matchedIn.set(item, adds[k]);
        differences.push({ kind: 'changed', item: adds[k], source: item, at: adds[k].offset });
      });
    } else {
      if (lacks.length) differences.push({ kind: 'missing', items: lacks, at });
      if (adds.length) differences.push({ kind: 'extra', items: adds, at: adds[0].offset, after: i > 0 ? a[i - 1] : undefined });
    }
    if (mi < a.length) matchedIn.set(a[mi], b[mj]);
    i = mi + 1;
    j = mj + 1;
  }
  pairMoves(differences);
  for (const [id, { offset: sourceAt }] of source.anchors) {
    if (translation.anchors.has(id)) continue;
    const carrier = a.find((item) => item.anchor === id);
    const there = carrier && matchedIn.get(carrier);
    differences.push({ kind: 'anchor', id, sourceAt, at: there ? there.offset : nearestAfter(a, b, matchedIn, sourceAt, translation.length) });
  }
  return differences.sort((x, y) => x.at - y.at);
}

/**
 * A block the source has in one place and the translation in another: its items missing there and extra here, with
 * the same keys in the same order (one item: the same label too). The two become one `moved`, where the translation has it.
 */
function pairMoves(differences: Difference[]): void {
  const missing = differences.filter((d): d is Extract<Difference, { kind: 'missing' }> => d.kind === 'missing');
  if (!missing.length) return;
  // A block of several items by their keys; one item by its label too (an image by its src, a heading by its text,
  // which a translator changes): a heading dropped here and another added there are not a move.
  const keysOf = (items: StructureItem[]) => (items.length > 1 ? items.map((item) => item.key).join('\n') : `${items[0].key}\n${items[0].label}`);
  const unpaired = new Map<string, Extract<Difference, { kind: 'missing' }>[]>();
  for (const d of missing) {
    const key = keysOf(d.items);
    const list = unpaired.get(key);
    if (list) list.push(d);
    else unpaired.set(key, [d]);
  }
  const gone = new Set<Difference>();
  for (let k = 0; k < differences.length; k++) {
    const d = differences[k];
    if (d.kind !== 'extra') continue;
    const match = unpaired.get(keysOf(d.items))?.shift();
    if (!match) continue;
    gone.add(match);
    differences[k] = { kind: 'moved', items: d.items, source: match.items, at: d.at };
  }
  let kept = 0;
  for (const d of differences) if (!gone.has(d)) differences[kept++] = d;
  differences.length = kept;
}

/** A translation's component named for its language (`<ExploreMoreJA>`) as the source's it stands for, when the source has one. */
function localised(item: StructureItem, suffixes: readonly string[], source: StructureItem[]): StructureItem {
  if (item.kind !== 'component') return item;
  const name = item.key.slice(1, -1);
  for (const suffix of suffixes) {
    const base = name.replace(new RegExp(`[_-]?${suffix.replace(/[^\w-]/g, '')}$`, 'i'), '');
    if (base !== name && base && source.some((s) => s.key === `<${base}>`)) return { ...item, key: `<${base}>` };
  }
  return item;
}

/** The translation's place of the first aligned source item at or after `offset` of the source. */
function nearestAfter(a: StructureItem[], b: StructureItem[], matchedIn: Map<StructureItem, StructureItem>, offset: number, end: number): number {
  for (const item of a) if (item.offset >= offset && matchedIn.has(item)) return matchedIn.get(item)!.offset;
  return b.length ? end : 0;
}

/**
 * The aligned pairs (source index, translation index), in order: first the headings that carry the same explicit
 * anchor in both (in order), which a translator keeps on purpose; between them, a longest common subsequence of the keys.
 */
function align(a: StructureItem[], b: StructureItem[]): [number, number][] {
  const pairs: [number, number][] = [];
  const inB = new Map<string, number>();
  b.forEach((item, j) => item.anchor !== undefined && !inB.has(item.anchor) && inB.set(item.anchor, j));
  let i0 = 0;
  let j0 = 0;
  for (let i = 0; i < a.length; i++) {
    const j = a[i].anchor === undefined ? undefined : inB.get(a[i].anchor!);
    if (j === undefined || j < j0 || a[i].kind !== b[j].kind) continue;
    alignRange(a, b, i0, i, j0, j, pairs);
    if (a[i].key === b[j].key) pairs.push([i, j]);
    else {
      // The same anchor on another level: told as changed, through the range before the next pair.
      alignRange(a, b, i, i + 1, j, j + 1, pairs);
    }
    i0 = i + 1;
    j0 = j + 1;
  }
  alignRange(a, b, i0, a.length, j0, b.length, pairs);
  return pairs;
}

/** The aligned pairs of a[i0..i1) and b[j0..j1): a longest common subsequence of the keys. */
function alignRange(a: StructureItem[], b: StructureItem[], i0: number, i1: number, j0: number, j1: number, pairs: [number, number][]): void {
  // Common head and tail first: most translations are mostly in step, and the table is then small.
  let head = 0;
  while (i0 + head < i1 && j0 + head < j1 && a[i0 + head].key === b[j0 + head].key) head++;
  let tail = 0;
  while (tail < i1 - i0 - head && tail < j1 - j0 - head && a[i1 - 1 - tail].key === b[j1 - 1 - tail].key) tail++;
  const n = i1 - i0 - head - tail;
  const m = j1 - j0 - head - tail;
  for (let k = 0; k < head; k++) pairs.push([i0 + k, j0 + k]);
  if (n && m) {
    const x0 = i0 + head;
    const y0 = j0 + head;
    // lengths[x * (m + 1) + y]: the LCS of a[x0 + x..] and b[y0 + y..] within the range.
    const width = m + 1;
    const lengths = new Uint16Array((n + 1) * width);
    for (let x = n - 1; x >= 0; x--) {
      for (let y = m - 1; y >= 0; y--) {
        lengths[x * width + y] = a[x0 + x].key === b[y0 + y].key ? lengths[(x + 1) * width + y + 1] + 1 : Math.max(lengths[(x + 1) * width + y], lengths[x * width + y + 1]);
      }
    }
    let x = 0;
    let y = 0;
    while (x < n && y < m) {
      if (a[x0 + x].key === b[y0 + y].key) {
        pairs.push([x0 + x, y0 + y]);
        x++;
        y++;
      } else if (lengths[(x + 1) * width + y] >= lengths[x * width + y + 1]) x++;
      else y++;
    }
  }
  for (let k = tail; k > 0; k--) pairs.push([i1 - k, j1 - k]);
}
