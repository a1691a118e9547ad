import { Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { DocsProject } from '../../project/docs-project';

/**
 * How long one turn of the event loop checks pages when every page is: the first check of a folder reads every
 * page (about 4 s for the 126,339 pages of the 100k bench repo), so it goes a slice at a time and requests are
 * answered in between. Slices of a fixed 100 pages took 35-50 ms to read, the wait of a keystroke's completion.
 */
const TURN_MS = 8;
const FIRST_SLICE_PAGES = 20;

/** The parts of a folder's findings: docs.json's check (with its `$ref` parts), the orphan hints, the pages' links. */
export type FindingsPart = 'docs-json' | 'orphans' | 'pages';

/** One "findings changed" event: a part of a folder's findings, whole. */
export interface FindingsChanged {
  project: DocsProject;
  part: FindingsPart;
  /** The part's findings by file (files without findings left out, but for those `files` and `always` name). */
  byFile: Map<string, LspDiagnostic[]>;
  /** Only these files changed (a page typed in, and the pages its change dropped): the others are as last told. */
  files?: string[];
  /** Files to tell even when their findings are as before (a checked docs.json, whose version moved on). */
  always?: string[];
  /** The number of some page's findings changed (the Docs view counts them). */
  countsChanged?: boolean;
}

/** What a folder's check runs: the findings room's methods (see the service's interface). */
export interface FindingsSteps {
  check(project: DocsProject): { byFile: Map<string, LspDiagnostic[]> };
  orphanHints(project: DocsProject): Map<string, LspDiagnostic[]>;
  checkPages(project: DocsProject, pages?: readonly string[], rescan?: boolean): { byFile: Map<string, LspDiagnostic[]> };
  /** The pages checked (their MDX parses queued), nothing published: a run to the end's first pass. */
  checkPagesUnpublished(project: DocsProject, pages?: readonly string[]): void;
  checkPageSlice(project: DocsProject, from: number, count: number): { byFile: Map<string, LspDiagnostic[]>; next?: number; restart?: boolean };
  takeDroppedPages(project: DocsProject): string[];
  filesVersion(project: DocsProject): number;
  pageFindingsStamp(project: DocsProject): string;
  mdxSettled(project: DocsProject): Promise<boolean>;
  specsValidated(project: DocsProject): Promise<boolean>;
}

export interface FolderFindingsOptions {
  isCurrent(project: DocsProject): boolean;
  /** Whether pages are parsed as MDX in a worker: their verdicts come later (`settled` waits for them). */
  mdxInWorker: boolean;
  /**
   * Whether a folder's first check of docs.json reads no spec (the language server: a read checks the folder again):
   * the specs are read after that check is told, and what needs them (the endpoints, the specs' own findings, the
   * links to generated pages) is told by the check their read triggers. The CLI reads them in its one check.
   */
  specsAfterFirstCheck?: boolean;
}

/** How the pass over every page runs a step on a later turn, and a step whose failure is told, not thrown. */
export interface Turns {
  later(step: () => void): void;
  run(what: string, step: () => void): void;
}

const NOW: Turns = { later: (step) => setImmediate(step), run: (_what, step) => step() };

/**
 * The one owner of each docs folder's findings: it runs the phases of a check (docs.json, the orphan hints, the
 * pages in slices, and for a run to the end the specs' validation and the MDX verdicts) and tells each change as one
 * "findings changed" event. The language server publishes from the events, the CLI awaits `settled`, the tests
 * read `now`. Plain data out (LSP types as data only).
 */
export class FolderFindings {
  private readonly listeners = new Set<(change: FindingsChanged) => void>();
  private readonly found = new Map<DocsProject, Map<string, LspDiagnostic[]>>();
  /** Per project, the findings of the pass over every page under way, and its number (a newer pass ends it). */
  private readonly passes = new Map<DocsProject, { run: number; stamp: string; found: Map<string, LspDiagnostic[]> }>();
  /** Per project, the page-findings stamp its last complete pass told: a check that keeps it needs none. */
  private readonly told = new Map<DocsProject, string>();
  /** The projects whose docs.json was checked (and told) once. */
  private readonly checkedOnce = new WeakSet<DocsProject>();
  private runs = 0;
  private turns: Turns = NOW;

  constructor(
    private readonly findings: FindingsSteps,
    private readonly options: FolderFindingsOptions,
  ) {}

  /** Listens to "findings changed"; the returned function stops listening. */
  onChanged(listener: (change: FindingsChanged) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How the pass over every page takes turns (the language server: guarded steps, between requests). */
  takeTurns(turns: Turns): void {
    this.turns = turns;
  }

  /** docs.json's check, told: its number of findings, and the time the check took (not the telling). */
  checkDocsJson(project: DocsProject): { findings: number; ms: number } {
    const first = this.options.specsAfterFirstCheck === true && !this.checkedOnce.has(project);
    this.checkedOnce.add(project);
    if (first) project.holdSpecReads();
    try {
      const started = performance.now();
      const { byFile } = this.findings.check(project);
      const ms = performance.now() - started;
      this.emit({ project, part: 'docs-json', byFile, always: [project.docsJsonPath] });
      return { findings: countOf(byFile), ms };
    } finally {
      // On the next turn: the language server writes what was told first, then the reads start. Not by `turns.later`,
      // which waits behind the client's messages (input-first.ts): a definition or completion sent right after
      // docs.json was opened would find the specs still held (it did, in a CI run).
      if (first) setImmediate(() => this.turns.run('spec reads', () => project.releaseSpecReads()));
    }
  }

  /** The orphan hints, told: after a check, and when a page file is opened or closed. */
  checkOrphans(project: DocsProject): void {
    this.emit({ project, part: 'orphans', byFile: this.findings.orphanHints(project) });
  }

  /** Every page of a checked folder, a slice per turn; told once all are checked, unless no page's findings may have changed. */
  checkAllPages(project: DocsProject): void {
    if (!this.options.isCurrent(project)) return;
    // Typing in docs.json keeps the redirects and generated pages: every page's findings hold, and are told.
    const stamp = this.findings.pageFindingsStamp(project);
    if ((this.passes.get(project)?.stamp ?? this.told.get(project)) === stamp) return;
    const pass = { run: ++this.runs, stamp, found: new Map<string, LspDiagnostic[]>() };
    // The pass checks and tells every page, those another file's change dropped with them.
    this.findings.takeDroppedPages(project);
    this.passes.set(project, pass);
    let files = this.findings.filesVersion(project);
    let pages = FIRST_SLICE_PAGES;
    const step = (at: number) =>
      this.turns.run('page links', () => {
        if (this.passes.get(project) !== pass) return;
        if (!this.options.isCurrent(project)) {
          this.passes.delete(project);
          return;
        }
        // Slices go by file id, which holds while no file is created or removed: after that, from the start again
        // (the pages checked so far answer from the project's kept findings, without reading them again).
        let from = at;
        if (this.findings.filesVersion(project) !== files) {
          files = this.findings.filesVersion(project);
          pass.found.clear();
          from = 0;
        }
        const started = performance.now();
        const slice = this.findings.checkPageSlice(project, from, pages);
        pages = Math.min(2_000, Math.max(5, Math.round((pages * TURN_MS) / Math.max(performance.now() - started, 0.5))));
        if (slice.restart) {
          // A base path read from the pages' links: every page again under it (the CLI's pass does the same).
          pass.found.clear();
          pass.stamp = this.findings.pageFindingsStamp(project);
        }
        for (const [file, diagnostics] of slice.byFile) {
          if (diagnostics.length) pass.found.set(file, diagnostics);
        }
        if (slice.next !== undefined) {
          const next = slice.next;
          this.turns.later(() => step(next));
          return;
        }
        this.passes.delete(project);
        this.told.set(project, pass.stamp);
        const before = this.found.get(project);
        this.found.set(project, pass.found);
        this.emit({ project, part: 'pages', byFile: pass.found, countsChanged: !before || countOf(before) !== countOf(pass.found) });
      });
    step(0);
  }

  /**
   * A page whose text changed (typed, opened or closed; the service has taken its text): it is checked again, with
   * the pages linking to its anchors, and told.
   */
  checkPage(project: DocsProject, file: string): void {
    if (!this.options.isCurrent(project)) return;
    const found = this.found.get(project) ?? new Map<string, LspDiagnostic[]>();
    const pass = this.passes.get(project)?.found;
    // Not read again here: taking the text (openDocument, changeDocument, closeDocument) dropped what was kept of it.
    const checked = [...this.findings.checkPages(project, [file], false).byFile];
    // The pages linking to this one's anchors (or to a snippet of it) are checked against its new text, and told.
    const dropped = this.findings.takeDroppedPages(project).filter((page) => page !== file);
    if (dropped.length) for (const entry of this.findings.checkPages(project, dropped, false).byFile) checked.push(entry);
    const countOfChecked = () => checked.reduce((sum, [page]) => sum + (found.get(page)?.length ?? 0), 0);
    const before = countOfChecked();
    for (const [page, diagnostics] of checked) {
      // A pass over every page under way takes the page's new findings too (it may have checked it already).
      for (const map of pass ? [found, pass] : [found]) {
        if (diagnostics.length) map.set(page, diagnostics);
        else map.delete(page);
      }
    }
    this.found.set(project, found);
    // Told even when unchanged or clean: the page's version moved on, and its old findings must clear.
    this.emit({ project, part: 'pages', byFile: found, files: [file, ...dropped], countsChanged: countOfChecked() !== before });
  }

  /** The folder shows nothing (turned off): docs.json's findings and the orphan hints are told empty. */
  clear(project: DocsProject): void {
    this.emit({ project, part: 'docs-json', byFile: new Map() });
    this.emit({ project, part: 'orphans', byFile: new Map() });
  }

  /** Passes under way end. */
  stop(): void {
    this.passes.clear();
  }

  /** The folder's findings as they stand: docs.json's check (its parts), then every page's (or those of `pages`), merged by file. */
  now(project: DocsProject, pages?: readonly string[]): Map<string, LspDiagnostic[]> {
    return merged(this.findings.check(project).byFile, this.findings.checkPages(project, pages).byFile);
  }

  /**
   * The check run to its end, each phase told: docs.json's, again once its specs are validated if that changed
   * them; the pages (or those of `pages`), again once their MDX verdicts are in if some were queued. Resolves with
   * the final findings, merged by file as `now`.
   */
  async settled(project: DocsProject, pages?: readonly string[]): Promise<Map<string, LspDiagnostic[]>> {
    let byFile = this.findings.check(project).byFile;
    if (await this.findings.specsValidated(project)) byFile = this.findings.check(project).byFile;
    this.emit({ project, part: 'docs-json', byFile, always: [project.docsJsonPath] });
    // A first pass queues the pages' parses; its findings are not kept while they run (on the 25,000-page synthetic
    // site, 45,000 of them). With every verdict known at once (cached), the second pass only reads the kept findings.
    if (this.options.mdxInWorker) {
      this.findings.checkPagesUnpublished(project, pages);
      await this.findings.mdxSettled(project);
    }
    const pageFindings = this.findings.checkPages(project, pages);
    this.emit({ project, part: 'pages', byFile: pageFindings.byFile });
    return merged(byFile, pageFindings.byFile);
  }

  private emit(change: FindingsChanged): void {
    for (const listener of this.listeners) listener(change);
  }
}

/** docs.json's findings, then the pages' listed after them on the same file. */
function merged(byFile: Map<string, LspDiagnostic[]>, pages: Map<string, LspDiagnostic[]>): Map<string, LspDiagnostic[]> {
  for (const [file, diagnostics] of pages) byFile.set(file, [...(byFile.get(file) ?? []), ...diagnostics]);
  return byFile;
}

function countOf(found: Map<string, LspDiagnostic[]>): number {
  let count = 0;
  for (const list of found.values()) count += list.length;
  return count;
}
