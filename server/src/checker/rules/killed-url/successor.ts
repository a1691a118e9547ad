// Where a page the base served most likely went, in the order the brief of issue 50 asks: git's rename detection
// (a page added since that shares at least half its bytes, line by line, with the old one, as `git diff -M` scores a rename by default), the same
// `title`, then the nearest path.
import { BaseSite, canonicalUrl, pageTitle } from '../../links/base-site';
import { editDistance } from '../../text/nearest';
import { DocsWorkspace } from '../../workspace/docs-workspace';
import { isConventionallyNotAPage, pageIdOf } from '../../workspace/page-files';

export type SuccessorReason = 'renamed' | 'same title' | 'nearest path';

export interface Successor {
  /** Its URL path, no leading `/`. */
  path: string;
  reason: SuccessorReason;
}

/** git's default rename threshold (`-M50%`). */
const RENAME_SIMILARITY = 0.5;
/** Past this many added pages, pages are not compared by text (each killed page is read against each added one). */
const MAX_COMPARED = 2_000;

/** The site's pages now, read once per check for every killed URL. */
export class SuccessorFinder {
  private readonly pages: { path: string; file: string }[] = [];
  /** The pages whose URL the base did not serve: candidates of a rename. */
  private readonly added: { path: string; file: string }[] = [];
  private readonly lines = new Map<string, Map<string, number>>();
  private readonly titles = new Map<string, string | undefined>();

  constructor(
    private readonly workspace: DocsWorkspace,
    private readonly base: BaseSite,
    generated: Iterable<string>,
  ) {
    const served = new Set(base.urls.filter((u) => !u.pattern).map((u) => u.path));
    for (const file of workspace.files.all()) {
      const id = pageIdOf(file);
      if (id === undefined || isConventionallyNotAPage(file) || workspace.files.pageFile(id) !== file) continue;
      const page = { path: canonicalUrl(id), file };
      this.pages.push(page);
      if (!served.has(page.path)) this.added.push(page);
    }
    for (const name of generated) if (!name.startsWith('?/')) this.pages.push({ path: name, file: '' });
  }

  /** Where the base's page `file` (URL `path`) went, or undefined. */
  find(path: string, file: string | undefined): Successor | undefined {
    if (file !== undefined) {
      const renamed = this.renamed(file);
      if (renamed) return { path: renamed, reason: 'renamed' };
      const title = this.base.title(file);
      const same = title === undefined ? undefined : this.added.find((p) => this.titleOf(p.file) === title);
      if (same) return { path: same.path, reason: 'same title' };
    }
    const near = this.nearestPath(path);
    return near === undefined ? undefined : { path: near, reason: 'nearest path' };
  }

  private renamed(file: string): string | undefined {
    if (this.added.length > MAX_COMPARED) return undefined;
    const before = lineCounts(this.base.text(file));
    if (!before.size) return undefined;
    let best: string | undefined;
    let bestScore = RENAME_SIMILARITY;
    for (const page of this.added) {
      const score = similarity(before, this.linesOf(page.file));
      if (score >= bestScore) [best, bestScore] = [page.path, score];
    }
    return best;
  }

  /** The page whose path is nearest: most leading folders in common, then fewest edits. */
  private nearestPath(path: string): string | undefined {
    const segments = path.split('/');
    let best: string | undefined;
    let bestShared = -1;
    let bestDistance = Infinity;
    for (const page of this.pages) {
      if (page.path === path) continue;
      const other = page.path.split('/');
      let shared = 0;
      while (shared < segments.length - 1 && shared < other.length - 1 && segments[shared] === other[shared]) shared++;
      if (shared < bestShared) continue;
      const distance = editDistance(path, page.path, shared > bestShared ? Infinity : bestDistance);
      if (shared > bestShared || distance < bestDistance) [best, bestShared, bestDistance] = [page.path, shared, distance];
    }
    return best;
  }

  private linesOf(file: string): Map<string, number> {
    let counts = this.lines.get(file);
    if (!counts) this.lines.set(file, (counts = lineCounts(this.workspace.read(file))));
    return counts;
  }

  private titleOf(file: string): string | undefined {
    if (!this.titles.has(file)) this.titles.set(file, pageTitle(this.workspace.read(file)));
    return this.titles.get(file);
  }
}

/** A text's non-blank lines, trimmed, counted. */
function lineCounts(text: string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of (text ?? '').split('\n')) {
    const trimmed = line.trim();
    if (trimmed) counts.set(trimmed, (counts.get(trimmed) ?? 0) + 1);
  }
  return counts;
}

/** As git scores a rename: the bytes (by line) the two texts share, over the larger text's bytes. */
function similarity(a: Map<string, number>, b: Map<string, number>): number {
  const size = (counts: Map<string, number>) => {
    let bytes = 0;
    for (const [line, count] of counts) bytes += (line.length + 1) * count;
    return bytes;
  };
  let common = 0;
  for (const [line, count] of a) common += (line.length + 1) * Math.min(count, b.get(line) ?? 0);
  const larger = Math.max(size(a), size(b));
  return larger ? common / larger : 0;
}
