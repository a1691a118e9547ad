import { Connection, FileChangeType, MessageType, ShowMessageNotification } from 'vscode-languageserver';
import { Affected, DocsLanguageService, FileChange, MAX_INDEXED_FILES, MAX_WALKED_FILES, uriToPath } from '../language';
import { CheckScheduler } from './check-scheduler';
import { Guard } from './guard';

const CHANGE: Record<FileChangeType, FileChange> = {
  [FileChangeType.Created]: 'created',
  [FileChangeType.Changed]: 'changed',
  [FileChangeType.Deleted]: 'deleted',
};

/** Why a walk stopped when its folder was added again (a new walk takes over): nothing to tell. */
const ADDED_AGAIN = 'added again';

/** Workspace folders and file events (watched files and the client's own file operations) to the service. */
export class WorkspaceSync {
  /** The walk of each workspace folder still looking for its docs folders. */
  private readonly walks = new Map<string, AbortController>();
  /** Folder events not taken yet: per folder, whether it was last added or removed. */
  private readonly folderChanges = new Map<string, { uri: string; added: boolean }>();
  private folderEvents = 0;
  private walker: Promise<void> | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly service: DocsLanguageService,
    private readonly scheduler: CheckScheduler,
    private readonly guard: Guard,
  ) {
    connection.onDidChangeWatchedFiles((params) =>
      guard.run('watched files', () => this.apply(service.fileEvents(params.changes.map((c) => ({ uri: c.uri, type: CHANGE[c.type] ?? 'changed' }))))),
    );
    const events = (files: { uri: string }[], type: FileChange) => files.map((f) => ({ uri: f.uri, type }));
    connection.workspace.onDidCreateFiles((params) => guard.run('created files', () => this.apply(service.fileEvents(events(params.files, 'created')))));
    connection.workspace.onDidDeleteFiles((params) => guard.run('deleted files', () => this.apply(service.fileEvents(events(params.files, 'deleted')))));
    connection.workspace.onDidRenameFiles((params) =>
      guard.run('renamed files', () =>
        this.apply(service.fileEvents(params.files.flatMap((f) => [{ uri: f.oldUri, type: 'deleted' as const }, { uri: f.newUri, type: 'created' as const }]))),
      ),
    );
  }

  /**
   * Walks a workspace folder for its docs folders in slices (requests are answered meanwhile; adding `/` held the
   * server for minutes), then checks them. Removing the folder, or adding it again, stops the walk where it is.
   */
  addFolder(folderUri: string): Promise<void> {
    const folder = uriToPath(folderUri);
    if (!folder) return Promise.resolve();
    this.walks.get(folder)?.abort(ADDED_AGAIN);
    const walk = new AbortController();
    this.walks.set(folder, walk);
    const walked = this.service.addWorkspaceFolderInSlices(folder, walk.signal).finally(() => {
      if (this.walks.get(folder) === walk) this.walks.delete(folder);
    });
    return walked.then(
      (added) => {
        if (!added) {
          if (walk.signal.reason !== ADDED_AGAIN) this.connection.console.log(`Stopped looking for docs.json files in ${folder}: the folder left the workspace`);
          return;
        }
        this.connection.console.log(`Looked for docs.json files in ${folder}: ${added.projects.length} docs ${added.projects.length === 1 ? 'folder' : 'folders'}`);
        if (added.stopped) this.walkStopped(folder);
        for (const project of added.projects) {
          if (project.files.truncated) this.tooManyFiles(project.folder);
          this.scheduler.schedule(project, 0);
        }
      },
      (error: unknown) => this.guard.logError('workspace folder', error),
    );
  }

  /**
   * Follows folders added to and removed from the workspace (for a client that reports them). An event only notes
   * what changed (the last event about a folder wins); one walker takes the changes once the events stop coming and
   * walks the folders left added one at a time: 400 events, each walking or dropping at once, left no hover
   * answered in 120 s.
   */
  followFolders(): void {
    this.connection.workspace.onDidChangeWorkspaceFolders((e) =>
      this.guard.run('workspace folders', () => {
        this.folderEvents++;
        for (const removed of e.removed) this.noteFolder(removed.uri, false);
        for (const added of e.added) this.noteFolder(added.uri, true);
        this.walker ??= this.takeFolderChanges()
          .catch((error: unknown) => this.guard.logError('workspace folders', error))
          .finally(() => (this.walker = undefined));
      }),
    );
  }

  private noteFolder(uri: string, added: boolean): void {
    const folder = uriToPath(uri);
    if (!folder) return;
    const walk = this.walks.get(folder);
    this.folderChanges.delete(folder);
    if (!added) walk?.abort();
    // A folder being walked and added again: the walk under way answers for it.
    else if (walk && !walk.signal.aborted) return;
    this.folderChanges.set(folder, { uri, added });
  }

  private async takeFolderChanges(): Promise<void> {
    while (this.folderChanges.size) {
      // The protocol library hands over one message a turn: wait for a turn without a folder event.
      let seen: number;
      do {
        seen = this.folderEvents;
        await new Promise((resolve) => setImmediate(resolve));
      } while (seen !== this.folderEvents);
      const changes = [...this.folderChanges];
      this.folderChanges.clear();
      const added = changes.filter(([, change]) => change.added);
      this.connection.console.log(`Workspace folders changed: ${seen} events so far; ${added.length} to walk, ${changes.length - added.length} removed`);
      for (const [folder, change] of changes) {
        if (change.added) continue;
        for (const project of this.service.removeWorkspaceFolder(folder)) this.scheduler.drop(project);
      }
      for (const [folder, change] of added) {
        // Removed since: the next round drops it.
        if (this.folderChanges.get(folder)?.added === false) continue;
        await this.addFolder(change.uri);
      }
    }
  }

  /** A documented limit: the search for docs.json files goes over MAX_WALKED_FILES at most. */
  private walkStopped(folder: string): void {
    this.warn(
      `docs.json: stopped looking for docs.json files in ${folder} after ${MAX_WALKED_FILES.toLocaleString('en-US')} files: docs folders past them are not found. Open the folder that holds docs.json instead.`,
    );
  }

  /** A documented limit: the file index holds MAX_INDEXED_FILES at most. */
  private tooManyFiles(folder: string): void {
    this.warn(
      `docs.json: ${folder} holds over ${MAX_INDEXED_FILES.toLocaleString('en-US')} files: only that many are indexed, so pages are not checked for existence (no missing-page findings) and completion lists only indexed pages.`,
    );
  }

  private warn(message: string): void {
    this.connection.console.warn(message);
    void this.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
  }

  private apply(affected: Affected): void {
    for (const project of affected.removed) this.scheduler.drop(project);
    for (const project of affected.check) this.scheduler.schedule(project, 0);
  }
}
