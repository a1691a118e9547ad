import { Connection, MessageType, ShowMessageNotification, TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Affected, DocsLanguageService } from '../language';
import { CheckScheduler, OPEN_BATCH_MS } from './check-scheduler';
import { Guard } from './guard';

/**
 * The documents open in the client: their text goes to the service as it changes (it overrides the disk's), and
 * what a change concerns is checked again: on open and close once for all opened together, after a pause while typing.
 */
export class DocumentSync {
  readonly documents = new TextDocuments(TextDocument);
  private readonly justOpened = new Set<string>();
  /** Called when a document is opened (delay 0), typed in or closed: a page's links are checked again. */
  pageChanged?: (uri: string, delay?: number) => void;

  constructor(
    private readonly connection: Connection,
    private readonly service: DocsLanguageService,
    private readonly scheduler: CheckScheduler,
    guard: Guard,
  ) {
    this.documents.onDidOpen((e) => guard.run('open', () => this.opened(e.document)));
    this.documents.onDidChangeContent((e) => guard.run('change', () => this.changed(e.document)));
    this.documents.onDidClose((e) => guard.run('close', () => this.closed(e.document)));
    this.documents.listen(connection);
  }

  /**
   * The version of an open document, for the diagnostics published on it: an integer the protocol allows
   * (0 to 2^31-1). A client's other values (`"x"`, -1, 1.5) are not echoed back; its text still counts.
   */
  versionOf(uri: string): number | undefined {
    const version: unknown = this.documents.get(uri)?.version;
    return Number.isInteger(version) && (version as number) >= 0 && (version as number) <= 2 ** 31 - 1 ? (version as number) : undefined;
  }

  private opened(document: TextDocument): void {
    this.justOpened.add(document.uri);
    this.apply(this.service.openDocument(document.uri, document.getText()));
    this.pageChanged?.(document.uri, 0);
    if (/(^|[/\\:])docs\.json$/.test(document.uri) && !this.service.projectOfDocsJson(document.uri)) this.notChecked(document.uri);
  }

  /** A docs.json the service makes no docs folder of (outside the workspace folders, at a root, in node_modules). */
  private notChecked(uri: string): void {
    const message = `docs.json: ${uri} is not checked: only a docs.json inside the workspace folders (not at a file system root, not in node_modules) makes a docs folder. Open its folder as a workspace folder.`;
    this.connection.console.warn(message);
    void this.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
  }

  private changed(document: TextDocument): void {
    // TextDocuments reports an opened document's content as a change too: it was taken on open.
    if (this.justOpened.delete(document.uri)) return;
    const affected = this.service.changeDocument(document.uri, document.getText());
    this.pageChanged?.(document.uri);
    for (const project of affected.check) this.scheduler.scheduleAfterTyping(project);
  }

  private closed(document: TextDocument): void {
    this.justOpened.delete(document.uri);
    this.apply(this.service.closeDocument(document.uri));
    this.pageChanged?.(document.uri, 0);
  }

  /** One check and one orphan pass for the files opened or closed together (see OPEN_BATCH_MS). */
  private apply(affected: Affected): void {
    for (const project of affected.check) this.scheduler.schedule(project, OPEN_BATCH_MS);
    for (const project of affected.orphans) this.scheduler.scheduleOrphans(project);
  }
}
