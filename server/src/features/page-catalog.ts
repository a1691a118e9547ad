import { docsRelativePath, DocsModel, FileIndex, foundPageFiles, pageIdOf, stringOf } from '../checker';

const SPEC_FILE = /\.(json|ya?ml)$/i;
const NOT_SPECS = /(^|\/)(docs|package|package-lock|tsconfig|jsconfig|mint|vercel|netlify)\.json$/i;
const LIKELY_SPEC = /openapi|swagger|api/i;

/** Every this many ids one is stored whole, so that any id is rebuilt from at most this many tails. */
const RESTART = 16;
const MAX_SHARED = 0xffff;

/**
 * What completion offers from the file index: every page id (sorted) and every file that may be an
 * OpenAPI spec. Built once per index change, never per request. The sorted ids are front coded: each keeps only
 * the characters after those it shares with the id before it, end to end in one string (a string per id cost
 * 13 MB on a 100k-page site, all of them end to end 4.7 MB, front coded 1.3 MB).
 */
export class PageCatalog {
  readonly specFiles: string[];
  /** Each id's characters after the ones it shares with the id before it, end to end. */
  private readonly tails: string;
  /** Where each id's tail starts in `tails`, and where the last ends. */
  private readonly tailStarts: Int32Array;
  /** How many leading characters each id shares with the one before it (none at every RESTART-th id). */
  private readonly shared: Uint16Array;
  private readonly longest: number;
  /** Whether every id is ASCII: its lower case is then found a character at a time. */
  private readonly ascii: boolean;
  private ordered?: { reached: ReachedPages; ids: OrderedIds };

  constructor(private readonly index: FileIndex) {
    const ids = new Set<string>();
    const specs: string[] = [];
    for (const file of index.all()) {
      const id = pageIdOf(file);
      if (id !== undefined) ids.add(id);
      else if (SPEC_FILE.test(file) && !NOT_SPECS.test(file)) specs.push(file);
    }
    const sorted = [...ids].sort();
    this.shared = new Uint16Array(sorted.length);
    this.tailStarts = new Int32Array(sorted.length + 1);
    const tails: string[] = [];
    let longest = 0;
    for (let i = 0; i < sorted.length; i++) {
      const id = sorted[i];
      let same = 0;
      if (i % RESTART !== 0) {
        const before = sorted[i - 1];
        const most = Math.min(before.length, id.length, MAX_SHARED);
        while (same < most && before.charCodeAt(same) === id.charCodeAt(same)) same++;
      }
      this.shared[i] = same;
      tails.push(id.slice(same));
      this.tailStarts[i + 1] = this.tailStarts[i] + id.length - same;
      longest = Math.max(longest, id.length);
    }
    this.tails = tails.join('');
    this.longest = longest;
    this.ascii = /^[\x00-\x7f]*$/.test(this.tails);
    this.specFiles = specs.sort((a, b) => Number(LIKELY_SPEC.test(b)) - Number(LIKELY_SPEC.test(a)) || a.localeCompare(b));
  }

  get size(): number {
    return this.shared.length;
  }

  idAt(i: number): string {
    let id = this.tailOf(i - (i % RESTART));
    for (let k = i - (i % RESTART) + 1; k <= i; k++) id = id.slice(0, this.shared[k]) + this.tailOf(k);
    return id;
  }

  /** Every page id, sorted (made on each call: for the rare request that needs them all). */
  get pageIds(): string[] {
    const ids: string[] = [];
    this.forEachId((id) => ids.push(id));
    return ids;
  }

  /**
   * A mark per id (by index): whether its lower case holds `needle`'s characters in order (fuzzy matching).
   * One pass in id order: an id's match over the characters it shares with the id before it is that id's.
   */
  matching(needle: string): Uint8Array {
    const marks = new Uint8Array(this.size);
    if (!this.ascii) {
      // Lowered one id at a time: a final Σ is ς at the end of an id, and some characters change length (İ).
      this.forEachId((id, i) => (marks[i] = isSubsequence(needle, id.toLowerCase()) ? 1 : 0));
      return marks;
    }
    // matched[k]: how many characters of the needle the current id's first k characters hold, in order.
    const matched = new Int32Array(this.longest + 1);
    const tails = this.tails;
    for (let i = 0; i < this.size; i++) {
      let at = this.shared[i];
      let count = matched[at];
      for (let j = this.tailStarts[i]; j < this.tailStarts[i + 1]; j++) {
        let c = tails.charCodeAt(j);
        if (c >= 65 && c <= 90) c += 32;
        if (count < needle.length && c === needle.charCodeAt(count)) count++;
        matched[++at] = count;
      }
      marks[i] = count === needle.length ? 1 : 0;
    }
    return marks;
  }

  /** Ids (by index) with those no navigation entry reaches first, each part sorted; cached per reached set. */
  orderedIds(reached: ReachedPages): OrderedIds {
    if (this.ordered?.reached !== reached) {
      const order = new Int32Array(this.size);
      const isReached = new Uint8Array(this.size);
      this.forEachId((id, i) => (isReached[i] = reached.hasId(this.index.pageFileId(id)) ? 1 : 0));
      let unreached = 0;
      for (let i = 0; i < this.size; i++) if (!isReached[i]) order[unreached++] = i;
      for (let i = 0, next = unreached; i < this.size; i++) if (isReached[i]) order[next++] = i;
      this.ordered = { reached, ids: { order, firstReached: unreached } };
    }
    return this.ordered.ids;
  }

  private tailOf(i: number): string {
    return this.tails.slice(this.tailStarts[i], this.tailStarts[i + 1]);
  }

  /** Every id in order, each rebuilt from the one before it. */
  private forEachId(visit: (id: string, i: number) => void): void {
    let id = '';
    for (let i = 0; i < this.size; i++) {
      id = id.slice(0, this.shared[i]) + this.tailOf(i);
      visit(id, i);
    }
  }
}

/** Page ids in the order completion offers them (indexes into the catalog), and where the reached ones begin. */
export interface OrderedIds {
  order: Int32Array;
  firstReached: number;
}

function isSubsequence(needle: string, haystack: string): boolean {
  let i = 0;
  for (let j = 0; i < needle.length && j < haystack.length; j++) if (needle.charCodeAt(i) === haystack.charCodeAt(j)) i++;
  return i === needle.length;
}

/**
 * The pages a model's navigation reaches (page entries and group `root` pages), as a mark per file id of the
 * index: no string or set entry per page. Answers for the index version it was made at (`current`).
 */
export class ReachedPages {
  private readonly marks: Uint8Array;
  private readonly version: number;

  constructor(private readonly index: FileIndex) {
    this.marks = new Uint8Array(index.idLimit);
    this.version = index.version;
  }

  /** Whether the index is unchanged since: file ids are renumbered by removals. */
  get current(): boolean {
    return this.version === this.index.version;
  }

  mark(id: number): void {
    if (id >= 0) this.marks[id] = 1;
  }

  /** Whether the navigation reaches the file (relative path). */
  hasFile(file: string): boolean {
    return this.hasId(this.index.idOf(file));
  }

  hasId(id: number): boolean {
    return id >= 0 && this.marks[id] === 1;
  }
}

export function reachedPages(model: DocsModel, index: FileIndex): ReachedPages {
  const reached = new ReachedPages(index);
  const add = (written: string | undefined) => {
    const relative = written === undefined ? undefined : docsRelativePath(written);
    if (relative !== undefined) reached.mark(index.pageFileId(relative));
  };
  // The check already looked every page entry up: its answers are taken as they are.
  const found = foundPageFiles(model, index);
  let at = 0;
  for (const element of model.elements) {
    if (element.kind === 'page' && element.node.type === 'string') {
      if (found) reached.mark(found[at++]);
      else add(element.node.plain);
    } else if (element.kind === 'group') add(stringOf(element.node, 'root'));
  }
  return reached;
}
