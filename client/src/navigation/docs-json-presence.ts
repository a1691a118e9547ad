/** The context key of the manifest's `when` clauses: the Docs view and the commands show only where it is true. */
export const HAS_DOCS_JSON = 'docsJson.hasDocsJson';

/** Where the last answer is kept for the next start of this workspace (VS Code's `workspaceState`). */
export interface PresenceMemory {
  get(key: string): unknown;
  update(key: string, value: boolean): Thenable<void>;
}

/**
 * The workspace's docs.json files, looked for once and again after `forget` (a docs.json created or deleted), with
 * the context key set after each look. A look that a later one has overtaken sets nothing: a slow search started
 * before a docs.json was created must not hide the view after the search that found it. At the start, the key is
 * the last answer in this workspace until the first look ends: a window that reloads with the Docs view open finds
 * it there to restore, not hidden while the workspace is searched.
 */
export class DocsJsonPresence<T> {
  private files: Promise<T[]> | undefined;
  private looks = 0;

  constructor(
    private readonly find: () => Thenable<T[]>,
    private readonly setContext: (key: string, value: boolean) => Thenable<unknown>,
    private readonly memory?: PresenceMemory,
  ) {
    const last = memory?.get(HAS_DOCS_JSON);
    if (typeof last === 'boolean') void setContext(HAS_DOCS_JSON, last);
  }

  list(): Promise<T[]> {
    if (!this.files) {
      const files = this.look();
      // A search that failed is not kept: the next list() searches again.
      files.catch(() => {
        if (this.files === files) this.files = undefined;
      });
      this.files = files;
    }
    return this.files;
  }

  forget(): void {
    this.files = undefined;
  }

  private async look(): Promise<T[]> {
    const look = ++this.looks;
    const files = await this.find();
    if (look === this.looks) await Promise.all([this.setContext(HAS_DOCS_JSON, files.length > 0), this.memory?.update(HAS_DOCS_JSON, files.length > 0)]);
    return files;
  }
}
