import { Connection, TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Affected, DocsLanguageService } from '../service/language-service';
import { CheckScheduler } from './check-scheduler';
import { Guard } from './guard';

/**
 * The documents open in the client: their text goes to the service as it changes (it overrides the disk's), and
 * what a change concerns is checked again: at once on open and close, after a pause while typing.
 */
export class DocumentSync {
  readonly documents = new TextDocuments(TextDocument);
  private readonly justOpened = new Set<string>();

  constructor(
    connection: Connection,
    private readonly service: DocsLanguageService,
    private readonly scheduler: CheckScheduler,
    guard: Guard,
  ) {
    this.documents.onDidOpen((e) => guard.run('open', () => this.opened(e.document)));
    this.documents.onDidChangeContent((e) => guard.run('change', () => this.changed(e.document)));
    this.documents.onDidClose((e) => guard.run('close', () => this.closed(e.document)));
    this.documents.listen(connection);
  }

  /** The version of an open document, for the diagnostics published on it. */
  versionOf(uri: string): number | undefined {
    return this.documents.get(uri)?.version;
  }

  private opened(document: TextDocument): void {
    this.justOpened.add(document.uri);
    this.apply(this.service.openDocument(document.uri, document.getText()), 0);
  }

  private changed(document: TextDocument): void {
    // TextDocuments reports an opened document's content as a change too: it was taken on open.
    if (this.justOpened.delete(document.uri)) return;
    const affected = this.service.changeDocument(document.uri, document.getText());
    for (const project of affected.check) this.scheduler.scheduleAfterTyping(project);
  }

  private closed(document: TextDocument): void {
    this.justOpened.delete(document.uri);
    this.apply(this.service.closeDocument(document.uri), 0);
  }

  private apply(affected: Affected, delay: number): void {
    for (const project of affected.check) this.scheduler.schedule(project, delay);
    for (const project of affected.orphans) this.scheduler.publishOrphans(project);
  }
}
