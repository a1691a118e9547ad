import { Connection } from 'vscode-languageserver';
import { DocsLanguageService, DocsProject } from '../language';
import { CheckLog } from './check-log';
import { FolderSettings } from './settings';
import { Guard } from './guard';
import { NAVIGATION_CHANGED_NOTIFICATION } from '../protocol';

/** Typing pauses this long before a check runs; file events and opening a file check at once. */
export const CHECK_DELAY_MS = 200;
/**
 * Opening or closing a file checks after this pause, with the orphan hints, once for all the files opened meanwhile:
 * a workspace-wide replace opens every file it touches, and a pass over the folder per file was quadratic (4,000
 * pages: a hover answered after 34 s).
 */
export const OPEN_BATCH_MS = 30;
/**
 * A check blocks the server while it runs (1-2 s on a 9 MB docs.json in the server): typing waits twice as long
 * as the folder's last check took before the next one, so that a check rarely starts between two keystrokes.
 */
const TYPING_DELAY_PER_CHECK_MS = 2;
const MAX_TYPING_DELAY_MS = 2000;

/**
 * Runs each project's checks (after a delay, once its settings are read; a newer request replaces a pending
 * one) through the service's folder findings, which tell what they find (see findings-publisher.ts): the check's
 * diagnostics, then the orphan hints and the navigation notice.
 */
export class CheckScheduler {
  private readonly pending = new Map<DocsProject, NodeJS.Timeout>();
  private readonly pendingOrphans = new Map<DocsProject, NodeJS.Timeout>();
  private readonly checkMs = new WeakMap<DocsProject, number>();
  private readonly log: CheckLog;
  private stopped = false;
  /** Called after each check's diagnostics are out (the links inside the folder's pages are published then). */
  afterCheck?: (project: DocsProject) => void;

  constructor(
    private readonly connection: Connection,
    private readonly service: DocsLanguageService,
    private readonly settings: FolderSettings,
    private readonly guard: Guard,
  ) {
    this.log = new CheckLog(connection);
  }

  schedule(project: DocsProject, delay: number): void {
    if (this.stopped) return;
    clearTimeout(this.pending.get(project));
    const timer = setTimeout(() => {
      void this.settings.ready(project).then(() => {
        if (this.pending.get(project) !== timer) return;
        this.pending.delete(project);
        this.guard.run('check', () => this.runCheck(project));
      });
    }, delay);
    this.pending.set(project, timer);
  }

  /** A check after the user stops typing: the pause grows with what the folder's checks cost. */
  scheduleAfterTyping(project: DocsProject): void {
    const delay = Math.min(MAX_TYPING_DELAY_MS, Math.max(CHECK_DELAY_MS, TYPING_DELAY_PER_CHECK_MS * (this.checkMs.get(project) ?? 0)));
    this.schedule(project, delay);
  }

  /** The project is gone: nothing pending, nothing shown. */
  drop(project: DocsProject): void {
    clearTimeout(this.pending.get(project));
    this.pending.delete(project);
    this.service.folderFindings.clear(project);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of [...this.pending.values(), ...this.pendingOrphans.values()]) clearTimeout(timer);
    this.pending.clear();
    this.pendingOrphans.clear();
  }

  /** Orphan hints shown again after OPEN_BATCH_MS, once for every page opened or closed meanwhile. */
  scheduleOrphans(project: DocsProject): void {
    if (this.stopped || this.pendingOrphans.has(project)) return;
    const timer = setTimeout(() => {
      this.pendingOrphans.delete(project);
      this.guard.run('orphans', () => this.publishOrphans(project));
    }, OPEN_BATCH_MS);
    this.pendingOrphans.set(project, timer);
  }

  /** Orphan hints shown again: a page file opened or closed. */
  publishOrphans(project: DocsProject): void {
    if (!this.isLive(project)) return;
    this.service.folderFindings.checkOrphans(project);
  }

  private isLive(project: DocsProject): boolean {
    return !this.stopped && this.service.isCurrent(project);
  }

  private runCheck(project: DocsProject): void {
    if (!this.isLive(project)) return;
    if (!project.settings.enable) {
      this.service.folderFindings.clear(project);
      return;
    }
    const { findings, ms } = this.service.folderFindings.checkDocsJson(project);
    this.checkMs.set(project, ms);
    this.log.checked(project, findings, ms, this.service.basePathNote(project));
    // The connection writes on its next turn (setImmediate): the orphan hints (a pass over every file) and the
    // navigation notice come after the diagnostics instead of holding them back.
    setImmediate(() =>
      this.guard.run('orphans', () => {
        if (!this.isLive(project) || !project.settings.enable) return;
        this.publishOrphans(project);
        this.afterCheck?.(project);
        void this.connection.sendNotification(NAVIGATION_CHANGED_NOTIFICATION, { uri: this.service.uriOf(project.docsJsonPath) });
      }),
    );
  }
}
