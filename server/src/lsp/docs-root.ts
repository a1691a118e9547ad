import * as path from 'node:path';
import {
  buildModel,
  checkDocs,
  CheckOptions,
  CheckResult,
  DocsModel,
  DocsWorkspace,
  FileIndex,
  localSpecPath,
  makeSourceFile,
  openApiSources,
  propertyOf,
  ReadText,
  scanDocsFolder,
  toRelative,
  valueOf,
} from '../checker';
import { PageCatalog, reachedPages, ReachedPages } from '../features/page-catalog';

export interface RootCheck {
  text: string;
  revision: number;
  result: CheckResult;
  reached: ReachedPages;
  /** Files (relative) the check read besides docs.json: `$ref` parts and local specs. */
  dependencies: Set<string>;
}

/**
 * One docs folder (a folder with a docs.json): its workspace with the file index, the latest check, and a
 * model for the current text between checks. `revision` counts changes of anything the model reads.
 */
export class DocsRoot {
  readonly docsJsonPath: string;
  readonly workspace: DocsWorkspace;
  lastCheck?: RootCheck;
  private revision = 0;
  private catalogCache?: PageCatalog;
  private modelCache?: { text: string; revision: number; model: DocsModel; reached?: ReachedPages };

  constructor(
    readonly folder: string,
    readText: ReadText,
    files: FileIndex = scanDocsFolder(folder),
  ) {
    this.docsJsonPath = path.join(folder, 'docs.json');
    this.workspace = new DocsWorkspace(folder, files, readText);
  }

  get files() {
    return this.workspace.files;
  }

  /** The path relative to the docs folder, or undefined outside it. */
  relative(file: string): string | undefined {
    return toRelative(this.folder, file);
  }

  contains(file: string): boolean {
    return this.relative(file) !== undefined;
  }

  /**
   * docs.json as the editor holds it, else as on disk; read through the workspace, which refuses a docs.json
   * that is a link leaving its folder.
   */
  currentText(): string {
    return this.workspace.read('docs.json') ?? '';
  }

  fileAdded(relative: string): void {
    if (!this.files.has(relative)) {
      this.files.add(relative);
      this.catalogCache = undefined;
    }
    this.workspace.invalidate(relative);
    this.revision++;
  }

  fileRemoved(relative: string): void {
    this.files.remove(relative);
    this.catalogCache = undefined;
    this.workspace.invalidate(relative);
    this.revision++;
  }

  /** A file's content changed (on disk or in an editor): forget what was parsed from it. */
  fileChanged(relative: string): void {
    this.workspace.invalidate(relative);
    if (this.dependsOn(relative)) this.revision++;
  }

  /** Everything may have changed (settings): the next check runs even when the text is the same. */
  touch(): void {
    this.revision++;
  }

  /** Whether the latest check read the file (or looked for it): docs.json, its `$ref` parts, its specs. */
  dependsOn(relative: string): boolean {
    return relative === 'docs.json' || !this.lastCheck || this.lastCheck.dependencies.has(relative);
  }

  catalog(): PageCatalog {
    return (this.catalogCache ??= new PageCatalog(this.files));
  }

  check(options: CheckOptions): RootCheck {
    const text = this.currentText();
    const revision = this.revision;
    // The previous check is let go before the next is built: two models of a large docs.json at once doubled the
    // server's peak memory. Nothing reads them in between (a check runs to its end without yielding).
    this.lastCheck = undefined;
    this.modelCache = undefined;
    const result = checkDocs(this.workspace, text, options);
    const check = { text, revision, result, reached: reachedPages(result.model, this.files), dependencies: dependenciesOf(result.model, this.folder) };
    this.lastCheck = check;
    this.modelCache = undefined;
    return check;
  }

  /** The latest check if it is of the current text and files, else a new one. */
  checked(options: CheckOptions): RootCheck {
    const last = this.lastCheck;
    return last && last.revision === this.revision && last.text === this.currentText() ? last : this.check(options);
  }

  /** The model of the current text: the latest check's when it is current, else one built now (no rules run). */
  model(): DocsModel {
    const text = this.currentText();
    const last = this.lastCheck;
    if (last && last.revision === this.revision && last.text === text) return last.result.model;
    if (this.modelCache?.text !== text || this.modelCache.revision !== this.revision) {
      const model = buildModel(makeSourceFile(this.docsJsonPath, text), this.workspace);
      this.modelCache = { text, revision: this.revision, model };
    }
    return this.modelCache.model;
  }

  /** The pages the navigation reaches: from the latest check (cheap), else from the current model. */
  reached(): ReachedPages {
    const last = this.lastCheck;
    if (last) {
      // File ids change with the index: a file event since the check means the pages are found again.
      if (!last.reached.current) last.reached = reachedPages(last.result.model, this.files);
      return last.reached;
    }
    const cache = this.modelCache;
    if (cache && cache.reached?.current !== true) cache.reached = reachedPages(cache.model, this.files);
    return cache?.reached ?? reachedPages(this.model(), this.files);
  }
}

function dependenciesOf(model: DocsModel, folder: string): Set<string> {
  const files = new Set<string>();
  for (const source of model.sources.slice(1)) {
    const relative = toRelative(folder, source.path);
    if (relative !== undefined) files.add(relative);
  }
  for (const link of model.refLinks) if (link.target !== undefined) files.add(link.target);
  const specs = [...openApiSources(propertyOf(valueOf(model.root, 'api'), 'openapi'))];
  for (const element of model.elements) {
    if (element.node.type === 'object') specs.push(...openApiSources(propertyOf(element.node, 'openapi')));
  }
  for (const spec of specs) {
    const relative = localSpecPath(spec);
    if (relative !== undefined) files.add(relative);
  }
  return files;
}
