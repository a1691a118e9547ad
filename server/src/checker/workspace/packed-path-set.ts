/**
 * A set of '/'-separated paths packed into a few typed arrays: a few hundred thousand paths cost a few
 * megabytes, where a `Set<string>` costs tens. Every path is a node made of its parent (the path before its last
 * '/', itself a node) and its own characters, so a folder is stored once for all its files. Nodes are found
 * through an open-addressing hash table keyed by the hash of the whole path, and a lookup can ask for
 * `key + suffix` without building that string.
 *
 * A removed path stays a node (only not a member) until enough removals make a compaction worthwhile.
 * Node ids follow insertion order and a parent is always older than its children.
 */
import { FNV_SEED, fnvStep } from '../text/fnv';

const SLASH = 47;
const NONE = -1;
const STALE = -2; // no folder kept in a `PathText`
const EXACT = [''];

// A node is four int32s: where its own characters start in `chars` (they end where the next node's start),
// its parent, the hash of its whole path (a child continues it with '/' and its own characters), and flags
// with, above them, the number of its children.
const STRIDE = 4;
const START = 0;
const PARENT = 1;
const HASH = 2;
const FLAGS = 3;
const MEMBER = 1; // the node is in the set, not only the folder of members
const WIDE = 2; // its own characters are stored as UTF-16 code units (two bytes each), not Latin-1 bytes
const CHILD = 4;

/** Spreads FNV's weak low bits before they pick a table slot. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

export class PackedPathSet {
  private chars = Buffer.alloc(4096);
  private node = new Int32Array(256 * STRIDE);
  private nodes = 0;
  /** Node ids; open addressing with linear probing, at most half full. */
  private table = new Int32Array(512).fill(NONE);
  private members = 0;
  private removedSinceCompaction = 0;
  private iterations = 0;
  /** The path being looked up, as code units: compared with the store without going through strings. */
  private query = new Uint16Array(256);

  get size(): number {
    return this.members;
  }

  has(path: string): boolean {
    return this.firstIdOf(path, EXACT) >= 0;
  }

  /**
   * The id of the first `key + suffix` in the set, or -1. Ids hold until a removal (which may renumber them)
   * and stay below `idLimit`.
   */
  firstIdOf(key: string, suffixes: readonly string[]): number {
    const h = this.write(key, 0, FNV_SEED);
    for (let i = 0; i < suffixes.length; i++) {
      const id = this.memberOf(this.write(suffixes[i], key.length, h), key.length + suffixes[i].length);
      if (id !== NONE) return id;
    }
    return NONE;
  }

  get idLimit(): number {
    return this.nodes;
  }

  /** The path of a member's id. */
  pathAt(id: number): string {
    return this.pathOf(id, { bytes: Buffer.alloc(256), folder: STALE, folderEnd: 0, wide: 0 });
  }

  private memberOf(h: number, length: number): number {
    const id = this.find(h, length);
    return id !== NONE && this.node[id * STRIDE + FLAGS] & MEMBER ? id : NONE;
  }

  /** Adds `path`; false if it was there already. */
  add(path: string): boolean {
    // The hash at every '/' is that folder's: found folders are not read again.
    const ends: number[] = [];
    const hashes: number[] = [];
    this.write(path, 0, FNV_SEED);
    // Read after `write`, which replaces the query with a longer one for a long path.
    const { query } = this;
    let h = FNV_SEED;
    for (let i = 0; i < path.length; i++) {
      if (query[i] === SLASH) ends.push(i), hashes.push(h);
      h = fnvStep(h, query[i]);
    }
    ends.push(path.length), hashes.push(h);
    let k = ends.length - 1;
    let id = NONE;
    while (k >= 0 && (id = this.find(hashes[k], ends[k])) === NONE) k--;
    for (k++; k < ends.length; k++) id = this.append(id, k === 0 ? 0 : ends[k - 1] + 1, ends[k], hashes[k]);
    if (this.node[id * STRIDE + FLAGS] & MEMBER) return false;
    this.node[id * STRIDE + FLAGS] |= MEMBER;
    this.members++;
    return true;
  }

  /** Removes `path`; false if it was not there. */
  delete(path: string): boolean {
    const id = this.find(this.write(path, 0, FNV_SEED), path.length);
    if (id === NONE || !(this.node[id * STRIDE + FLAGS] & MEMBER)) return false;
    this.unmark(id);
    this.compactIfWorthIt();
    return true;
  }

  /** Removes every path that starts with `folder + '/'`: one pass over the nodes younger than the folder's. */
  deleteUnder(folder: string): number {
    const id = this.find(this.write(folder, 0, FNV_SEED), folder.length);
    if (id === NONE || this.node[id * STRIDE + FLAGS] < CHILD) return 0;
    const under = new Uint8Array(this.nodes - id);
    under[0] = 1;
    let removed = 0;
    for (let node = id + 1; node < this.nodes; node++) {
      const parent = this.node[node * STRIDE + PARENT];
      if (parent < id || !under[parent - id]) continue;
      under[node - id] = 1;
      if (this.node[node * STRIDE + FLAGS] & MEMBER) this.unmark(node), removed++;
    }
    this.compactIfWorthIt();
    return removed;
  }

  /**
   * The members in insertion order (a path added again after its removal may keep its first place). As with a
   * Set, paths may be removed meanwhile: no compaction (which renumbers the nodes) runs until the iteration ends.
   */
  *values(): IterableIterator<string> {
    for (const [, path] of this.entries()) yield path;
  }

  /** The members with their ids, in insertion order (see `values`), from the id `from` on. */
  *entries(from = 0): IterableIterator<[number, string]> {
    const text: PathText = { bytes: Buffer.alloc(256), folder: STALE, folderEnd: 0, wide: 0 };
    this.iterations++;
    try {
      for (let id = Math.max(0, from); id < this.nodes; id++) if (this.node[id * STRIDE + FLAGS] & MEMBER) yield [id, this.pathOf(id, text)];
    } finally {
      this.iterations--;
    }
  }

  /** Gives back spare capacity, for the end of a bulk load. */
  trim(): void {
    this.resize(this.nodes + 16, this.node[this.nodes * STRIDE + START] + 256);
  }

  /** Copies `text` into the query at `at`, returning `h` continued over it. */
  private write(text: string, at: number, h: number): number {
    if (at + text.length > this.query.length) {
      const query = new Uint16Array((at + text.length) * 2);
      query.set(this.query.subarray(0, at));
      this.query = query;
    }
    const { query } = this;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      query[at + i] = c;
      h = fnvStep(h, c);
    }
    return h;
  }

  /** The node whose path is the query's first `length` code units and whose hash is `h`, or -1. */
  private find(h: number, length: number): number {
    const { table, node } = this;
    const mask = table.length - 1;
    for (let slot = mix(h) & mask; ; slot = (slot + 1) & mask) {
      const id = table[slot];
      if (id === NONE) return NONE;
      if (node[id * STRIDE + HASH] === h && this.matches(id, length)) return id;
    }
  }

  /** Compares backwards, node by node: paths in one folder differ near their end. */
  private matches(id: number, length: number): boolean {
    const { chars, query, node } = this;
    let end = length;
    for (let at = id * STRIDE; ; ) {
      const from = node[at + START];
      const wide = node[at + FLAGS] & WIDE ? 1 : 0;
      const own = (node[at + STRIDE + START] - from) >> wide;
      if (own > end) return false;
      end -= own;
      if (wide) {
        for (let i = 0; i < own; i++) if (query[end + i] !== (chars[from + 2 * i] | (chars[from + 2 * i + 1] << 8))) return false;
      } else {
        for (let i = 0; i < own; i++) if (query[end + i] !== chars[from + i]) return false;
      }
      const parent = node[at + PARENT];
      if (parent === NONE) return end === 0;
      if (end === 0 || query[--end] !== SLASH) return false;
      at = parent * STRIDE;
    }
  }

  /** A new node under `parent` for the query's code units `from` to `to`. */
  private append(parent: number, from: number, to: number, h: number): number {
    const { query } = this;
    let wide = 0;
    for (let i = from; i < to && !wide; i++) if (query[i] > 0xff) wide = 1;
    const bytes = (to - from) << wide;
    const id = this.nodes;
    const offset = this.node[id * STRIDE + START];
    if ((id + 2) * STRIDE > this.node.length || offset + bytes > this.chars.length) {
      this.resize(Math.ceil((id + 1) * 1.5), Math.ceil((offset + bytes) * 1.5));
    }
    const { chars, node } = this;
    if (wide) for (let i = from; i < to; i++) chars.writeUInt16LE(query[i], offset + 2 * (i - from));
    else for (let i = from; i < to; i++) chars[offset + i - from] = query[i];
    node[id * STRIDE + PARENT] = parent;
    node[id * STRIDE + HASH] = h;
    node[id * STRIDE + FLAGS] = wide ? WIDE : 0;
    if (parent !== NONE) node[parent * STRIDE + FLAGS] += CHILD;
    node[(id + 1) * STRIDE + START] = offset + bytes;
    this.nodes++;
    if (this.nodes * 2 > this.table.length) this.rebuildTable(this.table.length * 2);
    else this.place(id);
    return id;
  }

  private unmark(id: number): void {
    this.node[id * STRIDE + FLAGS] &= ~MEMBER;
    this.members--;
    this.removedSinceCompaction++;
  }

  private compactIfWorthIt(): void {
    if (this.iterations === 0 && this.removedSinceCompaction > 1024 && this.removedSinceCompaction * 2 > this.nodes) {
      this.compact();
    }
  }

  /** Drops the nodes that are neither members nor folders of members, keeping the others in order. */
  private compact(): void {
    const { node, chars } = this;
    const keep = new Uint8Array(this.nodes);
    for (let id = this.nodes - 1; id >= 0; id--) {
      if (keep[id] || node[id * STRIDE + FLAGS] & MEMBER) {
        keep[id] = 1;
        if (node[id * STRIDE + PARENT] !== NONE) keep[node[id * STRIDE + PARENT]] = 1;
      }
    }
    // Moves every kept node down to its new id, in place: new ids and offsets never pass the old ones.
    const renamed = new Int32Array(this.nodes);
    let kept = 0;
    let used = 0;
    for (let id = 0; id < this.nodes; id++) {
      if (!keep[id]) continue;
      const from = node[id * STRIDE + START];
      const to = node[(id + 1) * STRIDE + START];
      const parent = node[id * STRIDE + PARENT];
      chars.copy(chars, used, from, to);
      node[kept * STRIDE + START] = used;
      node[kept * STRIDE + PARENT] = parent === NONE ? NONE : renamed[parent];
      node[kept * STRIDE + HASH] = node[id * STRIDE + HASH];
      node[kept * STRIDE + FLAGS] = node[id * STRIDE + FLAGS] & (CHILD - 1);
      if (parent !== NONE) node[renamed[parent] * STRIDE + FLAGS] += CHILD;
      renamed[id] = kept++;
      used += to - from;
    }
    node[kept * STRIDE + START] = used;
    this.nodes = kept;
    this.removedSinceCompaction = 0;
    this.rebuildTable(16);
    this.trim();
  }

  private resize(nodeCapacity: number, charCapacity: number): void {
    const node = new Int32Array((nodeCapacity + 1) * STRIDE);
    node.set(this.node.subarray(0, (this.nodes + 1) * STRIDE));
    const chars = Buffer.alloc(charCapacity);
    this.chars.copy(chars, 0, 0, this.node[this.nodes * STRIDE + START]);
    this.node = node;
    this.chars = chars;
    if (this.nodes * 8 < this.table.length) this.rebuildTable(16);
  }

  /** A table of at least `slots` slots (a power of two), at most half full. */
  private rebuildTable(slots: number): void {
    while (slots < this.nodes * 2) slots *= 2;
    this.table = new Int32Array(slots).fill(NONE);
    for (let id = 0; id < this.nodes; id++) this.place(id);
  }

  private place(id: number): void {
    const { table } = this;
    const mask = table.length - 1;
    let slot = mix(this.node[id * STRIDE + HASH]) & mask;
    while (table[slot] !== NONE) slot = (slot + 1) & mask;
    table[slot] = id;
  }

  /** The node's whole path as one flat string, built in `text`, where the folder of the previous call stays. */
  private pathOf(id: number, text: PathText): string {
    const { node } = this;
    let wide = 0;
    let length = -1;
    for (let at = id; at !== NONE; at = node[at * STRIDE + PARENT]) {
      wide |= node[at * STRIDE + FLAGS] & WIDE ? 1 : 0;
      length += this.ownLength(at) + 1;
    }
    const bytes = length << wide;
    if (text.bytes.length < bytes) (text.bytes = Buffer.alloc(bytes * 2)), (text.folder = STALE);
    const parent = node[id * STRIDE + PARENT];
    const ownAt = (length - this.ownLength(id)) << wide;
    if (parent !== text.folder || wide !== text.wide || ownAt !== text.folderEnd) {
      // The folder's path, backwards from its end: each node, after the '/' that follows it.
      for (let at = parent, to = ownAt; at !== NONE; at = node[at * STRIDE + PARENT]) {
        to -= 1 << wide;
        text.bytes[to] = SLASH;
        if (wide) text.bytes[to + 1] = 0;
        to -= this.ownLength(at) << wide;
        this.copyOwn(at, text.bytes, to, wide);
      }
      (text.folder = parent), (text.folderEnd = ownAt), (text.wide = wide);
    }
    this.copyOwn(id, text.bytes, ownAt, wide);
    return text.bytes.toString(wide ? 'utf16le' : 'latin1', 0, bytes);
  }

  /** In code units. */
  private ownLength(id: number): number {
    const bytes = this.node[(id + 1) * STRIDE + START] - this.node[id * STRIDE + START];
    return this.node[id * STRIDE + FLAGS] & WIDE ? bytes >> 1 : bytes;
  }

  /** Copies the node's own characters into `bytes` at `to`: as they are, or widened to UTF-16 when `wide`. */
  private copyOwn(id: number, bytes: Buffer, to: number, wide: number): void {
    const { chars, node } = this;
    const end = node[(id + 1) * STRIDE + START];
    if (!wide || node[id * STRIDE + FLAGS] & WIDE) for (let j = node[id * STRIDE + START]; j < end; j++) bytes[to++] = chars[j];
    else for (let j = node[id * STRIDE + START]; j < end; j++, to += 2) (bytes[to] = chars[j]), (bytes[to + 1] = 0);
  }
}

/** Where `values` builds each path: the folder written last stays, for the next file of that folder. */
interface PathText {
  bytes: Buffer;
  folder: number;
  folderEnd: number;
  wide: number;
}
