import { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { isPageFile } from '../service/watched-files';
import { DocsLanguageService, DocsProject } from '../service/language-service';
import { uriToPath } from '../service/uris';
import { CHECK_DELAY_MS } from './check-scheduler';
import { DiagnosticHub } from './diagnostic-hub';
import { Guard } from './guard';
import { FolderSettings } from './settings';

/**
 * Publishes the link findings of pages: of every page after each check of its folder (docs.json, file events),
 * and of one page after a pause in typing in it (that page only is scanned again).
 */
export class PageLinkPublisher {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly found = new Map<DocsProject, Map<string, LspDiagnostic[]>>();

  constructor(
    private readonly service: DocsLanguageService,
    private readonly settings: FolderSettings,
    private readonly hub: DiagnosticHub,
    private readonly guard: Guard,
  ) {}

  /** Every page of a checked folder. */
  publishAll(project: DocsProject): void {
    if (!this.service.isCurrent(project)) return;
    const byFile = this.service.checkPages(project).byFile;
    this.found.set(project, byFile);
    this.hub.replace(sourceOf(project), byFile);
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
  }

  private publishPage(project: DocsProject, file: string): void {
    if (!this.service.isCurrent(project)) return;
    const found = this.found.get(project) ?? new Map<string, LspDiagnostic[]>();
    for (const [page, diagnostics] of this.service.checkPages(project, [file]).byFile) {
      if (diagnostics.length) found.set(page, diagnostics);
      else found.delete(page);
    }
    this.found.set(project, found);
    // Published even when unchanged or clean: the page's version moved on, and its old findings must clear.
    this.hub.replace(sourceOf(project), found, [file]);
  }
}

function sourceOf(project: DocsProject): string {
  return `${project.folder}#page-links`;
}
