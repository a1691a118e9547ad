import { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { isPageFile } from '../language/workspace/watched-files';
import { DocsLanguageService, DocsProject } from '../language';
import { uriToPath } from '../language/workspace/uris';
import { CHECK_DELAY_MS } from './check-scheduler';
import { DiagnosticHub } from './diagnostic-hub';
import { Guard } from './guard';
import { FolderSettings } from './settings';

/**
 * How long one turn of the event loop checks pages when every page is: the first check of a folder reads every
 * page (about 4 s for the 126,339 pages of the 100k bench repo), so it goes a slice at a time and requests are
 * answered in between. Slices of a fixed 100 pages took 35-50 ms to read, the wait of a keystroke's completion.
 */
const TURN_MS = 8;
const FIRST_SLICE_PAGES = 20;

/**
 * Publishes the link findings of pages: of every page after each check of its folder (docs.json, file events),
 * and of one page after a pause in typing in it (that page only is scanned again).
 */
export class PageLinkPublisher {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly found = new Map<DocsProject, Map<string, LspDiagnostic[]>>();
  /** Per project, the findings of the pass over every page under way, and its number (a newer pass ends it). */
  private readonly passes = new Map<DocsProject, { run: number; stamp: string; found: Map<string, LspDiagnostic[]> }>();
  /** Per project, the page-findings stamp its last complete pass published: a check that keeps it needs none. */
  private readonly published = new Map<DocsProject, string>();
  private runs = 0;
  /** Called when the published findings of some page of the project changed in number: the Docs view counts them. */
  onCountsChanged?: (project: DocsProject) => void;

  constructor(
    private readonly service: DocsLanguageService,
    private readonly settings: FolderSettings,
    private readonly hub: DiagnosticHub,
    private readonly guard: Guard,
  ) {}

  /** Every page of a checked folder, a slice per turn; published once all are checked. */
  publishAll(project: DocsProject): void {
    if (!this.service.isCurrent(project)) return;
    // Typing in docs.json keeps the redirects and generated pages: every page's findings hold, and are published.
    const stamp = this.service.pageFindingsStamp(project);
    if ((this.passes.get(project)?.stamp ?? this.published.get(project)) === stamp) return;
    const pass = { run: ++this.runs, stamp, found: new Map<string, LspDiagnostic[]>() };
    // The pass checks and publishes every page, those another file's change dropped with them.
    this.service.takeDroppedPages(project);
    this.passes.set(project, pass);
    let files = this.service.filesVersion(project);
    let pages = FIRST_SLICE_PAGES;
    const step = (at: number) =>
      this.guard.run('page links', () => {
        if (this.passes.get(project) !== pass) return;
        if (!this.service.isCurrent(project)) {
          this.passes.delete(project);
          return;
        }
        // Slices go by file id, which holds while no file is created or removed: after that, from the start again
        // (the pages checked so far answer from the project's kept findings, without reading them again).
        let from = at;
        if (this.service.filesVersion(project) !== files) {
          files = this.service.filesVersion(project);
          pass.found.clear();
          from = 0;
        }
        const started = performance.now();
        const slice = this.service.checkPageSlice(project, from, pages);
        pages = Math.min(2_000, Math.max(5, Math.round((pages * TURN_MS) / Math.max(performance.now() - started, 0.5))));
        for (const [file, diagnostics] of slice.byFile) {
          if (diagnostics.length) pass.found.set(file, diagnostics);
        }
        if (slice.next !== undefined) {
          const next = slice.next;
          setImmediate(() => step(next));
          return;
        }
        this.passes.delete(project);
        this.published.set(project, pass.stamp);
        const before = this.found.get(project);
        this.found.set(project, pass.found);
        this.hub.replace(sourceOf(project), pass.found);
        if (!before || countOf(before) !== countOf(pass.found)) this.onCountsChanged?.(project);
      });
    step(0);
  }

  /** A page was opened, typed in or closed: it alone is checked again, at once or after a pause. */
  pageChanged(uri: string, delay = CHECK_DELAY_MS): void {
    const file = uriToPath(uri);
    if (file === undefined || !isPageFile(file)) return;
    clearTimeout(this.pending.get(file));
    const timer = setTimeout(() => {
      const project = this.service.projectOf(uri);
      if (!project) return;
      void this.settings.ready(project).then(() => {
        if (this.pending.get(file) !== timer) return;
        this.pending.delete(file);
        this.guard.run('page links', () => this.publishPage(project, file));
      });
    }, delay);
    this.pending.set(file, timer);
  }

  stop(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.passes.clear();
  }

  private publishPage(project: DocsProject, file: string): void {
    if (!this.service.isCurrent(project)) return;
    const found = this.found.get(project) ?? new Map<string, LspDiagnostic[]>();
    const pass = this.passes.get(project)?.found;
    const checked = [...this.service.checkPages(project, [file]).byFile];
    // The pages linking to this one's anchors (or to a snippet of it) are checked against its new text, and published.
    const dropped = this.service.takeDroppedPages(project).filter((page) => page !== file);
    if (dropped.length) for (const entry of this.service.checkPages(project, dropped, false).byFile) checked.push(entry);
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
    // Published even when unchanged or clean: the page's version moved on, and its old findings must clear.
    this.hub.replaceFiles(sourceOf(project), found, [file, ...dropped]);
    if (countOfChecked() !== before) this.onCountsChanged?.(project);
  }
}

function countOf(found: Map<string, LspDiagnostic[]>): number {
  let count = 0;
  for (const list of found.values()) count += list.length;
  return count;
}

function sourceOf(project: DocsProject): string {
  return `${project.folder}#page-links`;
}
