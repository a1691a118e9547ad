import { DocsModel, FileIndex, foundPageFiles, pageIdOf, resolveDocsPath, stringOf } from '../checker';

const SPEC_FILE = /\.(json|ya?ml)$/i;
const NOT_SPECS = /(^|\/)(docs|package|package-lock|tsconfig|jsconfig|mint|vercel|netlify)\.json$/i;
const LIKELY_SPEC = /openapi|swagger|api/i;

/**
 * What completion offers from the file index: every page id (sorted) and every file that may be an
 * OpenAPI spec. Built once per index change, never per request.
 */
export class PageCatalog {
  readonly pageIds: string[];
  readonly specFiles: string[];
  private ordered?: { reached: ReadonlySet<string>; ids: OrderedId[] };

  constructor(index: FileIndex) {
    const ids = new Set<string>();
    const specs: string[] = [];
    for (const file of index.all()) {
      const id = pageIdOf(file);
      if (id !== undefined) ids.add(id);
      else if (SPEC_FILE.test(file) && !NOT_SPECS.test(file)) specs.push(file);
    }
    this.pageIds = [...ids].sort();
    this.specFiles = specs.sort((a, b) => Number(LIKELY_SPEC.test(b)) - Number(LIKELY_SPEC.test(a)) || a.localeCompare(b));
  }

  /** Page ids with those no navigation entry reaches first, each part sorted; cached per reached set. */
  orderedIds(reached: ReadonlySet<string>): OrderedId[] {
    if (this.ordered?.reached !== reached) {
      const unreachedIds = this.pageIds.filter((id) => !reached.has(id)).map((id) => ({ id, lower: id.toLowerCase(), reached: false }));
      const reachedIds = this.pageIds.filter((id) => reached.has(id)).map((id) => ({ id, lower: id.toLowerCase(), reached: true }));
      this.ordered = { reached, ids: [...unreachedIds, ...reachedIds] };
    }
    return this.ordered.ids;
  }
}

/** A page id as completion offers it, with its lower case form for matching what is typed. */
export interface OrderedId {
  id: string;
  lower: string;
  reached: boolean;
}

/** The pages a model's navigation reaches: page entries and group `root` pages, as page files and as ids. */
export interface ReachedPages {
  files: Set<string>;
  ids: Set<string>;
}

export function reachedPages(model: DocsModel, index: FileIndex): ReachedPages {
  const files = new Set<string>();
  const ids = new Set<string>();
  const add = (written: string | undefined) => {
    if (written === undefined) return;
    const resolved = resolveDocsPath(written);
    if (!resolved.inside) return;
    const file = index.pageFile(resolved.relative);
    if (file === undefined) return;
    files.add(file);
    ids.add(pageIdOf(file) ?? resolved.relative);
  };
  // The check already looked every page entry up: its answers are taken as they are.
  const found = foundPageFiles(model, index);
  let at = 0;
  for (const element of model.elements) {
    if (element.kind === 'page' && element.node.type === 'string') {
      if (!found) add(element.node.plain);
      else {
        const file = found[at++];
        if (file !== undefined && !files.has(file)) {
          files.add(file);
          ids.add(pageIdOf(file)!);
        }
      }
    } else if (element.kind === 'group') add(stringOf(element.node, 'root'));
  }
  return { files, ids };
}
