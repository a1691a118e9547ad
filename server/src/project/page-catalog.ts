import { FileIndex, isConventionallyNotAPage, pageFormRank, pageIdOf } from '../checker';
import { FrontCodedList } from './front-coded';
import { ReachedPages } from './reached-pages';

const SPEC_FILE = /\.(json|ya?ml)$/i;
/** Configuration files: never a spec, nor any other file a setting names. */
const NOT_SPECS = /(^|\/)(docs|package|package-lock|tsconfig|jsconfig|mint|vercel|netlify)\.json$/i;
const LIKELY_SPEC = /openapi|swagger|api/i;

/**
 * What completion offers from the file index: every page id (sorted; none of the files that are conventionally not
 * pages, `isConventionallyNotAPage`), every file that may be an OpenAPI spec, and the files of a kind (images,
 * fonts) that a setting names. Built once per index change, never per request. The ids are front coded (a string
 * per id cost 13 MB on a 100k-page site, all of them end to end 4.7 MB, front coded 1.3 MB).
 */
export class PageCatalog {
  readonly specFiles: string[];
  private readonly ids: FrontCodedList;
  /**
   * Where ids are not all ASCII, their lower cases, each lowered alone (a final Σ is ς at the end of an id, and
   * some characters change length: İ); ASCII ids are lowered a character at a time as they are matched.
   */
  private readonly lowered?: FrontCodedList;
  /** Per id (by index), the file its page entry names: the id of the index, as of the index's version now. */
  private readonly files: Int32Array;
  private ordered?: { reached: ReachedPages; ids: OrderedIds };
  private readonly byKind = new Map<RegExp, string[]>();

  constructor(private readonly index: FileIndex) {
    // Per id, the file of the lowest form rank (`p.mdx` before `p.md` before `p/index.mdx`...), as a lookup finds.
    const best = new Map<string, number>(); // file id × 4 + rank: no object per page
    const specs: string[] = [];
    for (const [fileId, file] of index.withIds()) {
      const id = pageIdOf(file);
      if (id === undefined) {
        if (SPEC_FILE.test(file) && !NOT_SPECS.test(file)) specs.push(file);
        continue;
      }
      if (isConventionallyNotAPage(file)) continue;
      const known = best.get(id);
      const packed = fileId * 4 + pageFormRank(file);
      if (known === undefined || packed % 4 < known % 4) best.set(id, packed);
    }
    const sorted = [...best.keys()].sort();
    this.files = Int32Array.from(sorted, (id) => Math.floor(best.get(id)! / 4));
    this.ids = new FrontCodedList(sorted);
    if (!this.ids.ascii) this.lowered = new FrontCodedList(sorted.map((id) => id.toLowerCase()));
    this.specFiles = specs.sort((a, b) => Number(LIKELY_SPEC.test(b)) - Number(LIKELY_SPEC.test(a)) || a.localeCompare(b));
  }

  get size(): number {
    return this.ids.size;
  }

  idAt(i: number): string {
    return this.ids.at(i);
  }

  /** Every page id, sorted (made on each call: for the rare request that needs them all). */
  get pageIds(): string[] {
    const ids: string[] = [];
    this.ids.forEach((id) => ids.push(id));
    return ids;
  }

  /** The files whose names match `kind` (images, fonts, specs of a file setting), sorted; made once per kind. */
  filesOfKind(kind: RegExp): string[] {
    let files = this.byKind.get(kind);
    if (!files) {
      files = [...this.index.all()].filter((file) => kind.test(file) && !NOT_SPECS.test(file)).sort();
      this.byKind.set(kind, files);
    }
    return files;
  }

  /** A mark per id (by index): whether its lower case holds `needle`'s characters in order (fuzzy matching). */
  matching(needle: string): Uint8Array {
    return this.lowered ? this.lowered.subsequenceMarks(needle, false) : this.ids.subsequenceMarks(needle, true);
  }

  /** Ids (by index) with those no navigation entry reaches first, each part sorted; cached per reached set. */
  orderedIds(reached: ReachedPages): OrderedIds {
    if (this.ordered?.reached !== reached) {
      const order = new Int32Array(this.size);
      const isReached = new Uint8Array(this.size);
      for (let i = 0; i < this.size; i++) isReached[i] = reached.hasId(this.files[i]) ? 1 : 0;
      let unreached = 0;
      for (let i = 0; i < this.size; i++) if (!isReached[i]) order[unreached++] = i;
      for (let i = 0, next = unreached; i < this.size; i++) if (isReached[i]) order[next++] = i;
      this.ordered = { reached, ids: { order, firstReached: unreached } };
    }
    return this.ordered.ids;
  }
}

/** Page ids in the order completion offers them (indexes into the catalog), and where the reached ones begin. */
export interface OrderedIds {
  order: Int32Array;
  firstReached: number;
}
