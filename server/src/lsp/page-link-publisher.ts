import { DocsLanguageService, DocsProject, uriToPath } from '../language';
import { isPageFile } from '../protocol';
import { CHECK_DELAY_MS } from './check-scheduler';
import { Guard } from './guard';
import { FolderSettings } from './settings';

/**
 * When the links of pages are checked (the service's folder findings check them and tell what they find): every
 * page after each check of its folder (docs.json, file events), and one page after a pause in typing in it.
 */
export class PageLinkPublisher {
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly service: DocsLanguageService,
    private readonly settings: FolderSettings,
    private readonly guard: Guard,
  ) {}

  /** Every page of a checked folder, a slice per turn. */
  publishAll(project: DocsProject): void {
    this.service.folderFindings.checkAllPages(project);
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
        this.guard.run('page links', () => this.service.folderFindings.checkPage(project, file));
      });
    }, delay);
    this.pending.set(file, timer);
  }

  stop(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.service.folderFindings.stop();
  }
}
