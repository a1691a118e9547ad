import type { BaseSite } from '../checker/links/base-site';
import { HeadBase } from './head-base';
import path = require('node:path');
import {
  buildModel,
  checkDocs,
  CheckResult,
  DocsModel,
  DocsWorkspace,
  FileIndex,
  hasSyntaxErrors,
  makeSourceFile,
  ReadText,
  scanDocsFolder,
  SpecLoader,
  toRelative,
} from '../checker';
import { MINT_IGNORE_FILE } from '../checker/workspace/mint-ignore';
import type { NameLists } from '../checker/icons/name-lists';
import { dependenciesOf } from './dependencies';
import type { MdxParseNow } from './mdx-verdicts';
import type { MdxVerdictCache } from './mdx-verdict-cache';
import type { MdxWorkerPool } from './mdx-worker-pool';
import { orphanPages, isOrphanPage, OwnedElsewhere } from './orphans';
import { PageCatalog } from './page-catalog';
import { PageLinks } from './page-links';
import { COMPONENT_CODES, DEFAULT_SETTINGS, DocsJsonSettings } from './project-settings';
import { NO_CONFIG, TeamConfig } from './team-config';
import { reachedPages, ReachedPages } from './reached-pages';
import { TypedText } from './typed-text';

export interface ProjectCheck {
  text: string;
  revision: number;
  result: CheckResult;
  reached: ReachedPages;
  /** Files (relative) the check read besides docs.json: `$ref` parts and local specs. */
  dependencies: Set<string>;
}

/**
 * One docs folder (a folder with a docs.json) and everything known of it: its file index and the files read
 * from it (the workspace), its settings, the latest check, a model of the current text between checks, the page
 * catalog and the pages the navigation reaches. Every cache of a folder lives here. `revision` counts changes of
 * anything a model reads.
 */
export interface MdxParsing {
  pool?: MdxWorkerPool;
  parseNow?: MdxParseNow;
  cache?: MdxVerdictCache;
  /** The MDX parses of one check, in all (MdxVerdicts' default when not given). */
  budgetMs?: number;
  deferred: boolean;
  isOpen: (file: string) => boolean;
}

export class DocsProject {
  readonly docsJsonPath: string;
  readonly workspace: DocsWorkspace;
  /** The links inside the folder's pages and their findings. */
  readonly pageLinks: PageLinks;
  settings: DocsJsonSettings = DEFAULT_SETTINGS;
  /** The settings the editor (or the CLI) gave, before the team's config: `settings` is both layered. */
  editorSettings: DocsJsonSettings = DEFAULT_SETTINGS;
  /** The team's config file (docs-json.config.json) that holds for the folder, as last read. */
  teamConfig: TeamConfig = NO_CONFIG;
  lastCheck?: ProjectCheck;
  private revision = 0;
  private catalogCache?: PageCatalog;
  private modelCache?: { text: string; revision: number; model: DocsModel; reached?: ReachedPages };
  private typed?: { revision: number; state: TypedText | undefined; text: string };
  /** HEAD's site, the editor's base for killed-url (settings.headAsBase) when no other is given. */
  private headBase?: HeadBase;

  /** Called when a spec that was loading (in the language server's worker) is read: the project is checked again. */
  onSpecLoaded?: (project: DocsProject) => void;

  constructor(
    readonly folder: string,
    readText: ReadText,
    files: FileIndex = scanDocsFolder(folder),
    specLoader?: SpecLoader,
    /** The icon libraries' names (unknown-icon): without them, no icon is checked. */
    private readonly iconNames?: NameLists,
  ) {
    this.docsJsonPath = path.join(folder, 'docs.json');
    this.workspace = new DocsWorkspace(folder, files, readText, specLoader);
    this.pageLinks = new PageLinks(this.workspace, () => this.settings.basePath, () => pageSeverity(this.settings), iconNames);
    this.workspace.onSpecReady = () => {
      this.revision++;
      this.pageLinks.specsChanged();
      this.onSpecLoaded?.(this);
    };
  }

  /**
   * How pages are parsed as MDX: in workers (`pool`; the language server, the CLI's check), whose verdicts
   * come later and check their page again, published as after a spec loaded; or in process (`parseNow`, tests),
   * deferred to `flush` when `deferred`. Neither: `mdx-syntax` is not checked.
   */
  parseMdxWith({ pool, parseNow, cache, budgetMs, deferred, isOpen }: MdxParsing): void {
    const mdx = this.pageLinks.mdx;
    mdx.pool = pool;
    if (budgetMs !== undefined) mdx.budgetMs = budgetMs;
    mdx.cache = cache;
    mdx.parseNow = parseNow;
    // The CLI waits for every verdict: no pause before the parses start.
    if (!deferred) mdx.deferMs = 0;
    mdx.isOpen = (page) => isOpen(path.join(this.folder, page));
    if (!pool && !(parseNow && deferred)) return;
    mdx.onChanged = (page) => {
      this.revision++;
      this.pageLinks.mdxChanged(page);
      this.onSpecLoaded?.(this);
    };
  }

  /** The site before the change: the one given (`check --base`), else HEAD's where the editor asks (headAsBase). */
  private base(): BaseSite | undefined {
    if (this.settings.base || !this.settings.headAsBase) return this.settings.base;
    this.headBase ??= new HeadBase(
      this.folder,
      // HEAD is looked at again after a change on disk, as the folder's git history is (not per keystroke).
      () => this.pageLinks.historyGeneration,
      () => {
        // Checked again with HEAD's site, published as after a spec loaded.
        this.revision++;
        this.onSpecLoaded?.(this);
      },
    );
    return this.headBase.current();
  }

  /**
   * Specs not yet read are `loading` until `releaseSpecReads`: a check meanwhile holds what needs no spec; the
   * release, when a spec was asked for, checks the folder again (`onSpecLoaded`), as a spec read in the worker does.
   */
  holdSpecReads(): void {
    this.workspace.holdSpecReads();
  }

  releaseSpecReads(): void {
    this.workspace.releaseSpecReads();
  }

  /** HEAD's site reads so far (tests). */
  get headBaseReads(): number {
    return this.headBase?.reads ?? 0;
  }

  get files(): FileIndex {
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
    if (relative === MINT_IGNORE_FILE) this.ignoreChanged();
    if (this.workspace.ignore.ignores(relative)) return;
    if (!this.files.has(relative)) {
      this.files.add(relative);
      this.catalogCache = undefined;
      this.pageLinks.fileAdded(relative);
    }
    this.workspace.invalidate(relative);
    this.revision++;
  }

  fileRemoved(relative: string): void {
    if (relative === MINT_IGNORE_FILE) this.ignoreChanged();
    this.files.remove(relative);
    this.catalogCache = undefined;
    this.pageLinks.fileRemoved(relative);
    this.workspace.invalidate(relative);
    this.revision++;
  }

  /** A file's content changed (on disk or in an editor): forget what was parsed from it. */
  fileChanged(relative: string): void {
    if (relative === MINT_IGNORE_FILE) this.ignoreChanged();
    this.workspace.invalidate(relative);
    this.pageLinks.pageChanged(relative, true);
    if (this.dependsOn(relative)) this.revision++;
  }

  /** The repository's HEAD moved: what was read from git history (translation-outdated, HEAD's site) is read again. */
  headChanged(): void {
    this.pageLinks.headChanged();
    this.revision++;
  }

  /** `.mintignore` was written, created or removed: the files it now leaves out go, those it let back come. */
  private ignoreChanged(): void {
    const { removed, added } = this.workspace.reloadIgnore();
    for (const file of removed) this.fileRemoved(file);
    for (const file of added) this.fileAdded(file);
    this.revision++;
  }

  /** Everything may have changed (settings): the next check runs even when the text is the same. */
  touch(): void {
    this.revision++;
  }

  /** Whether the latest check read the file (or looked for it): docs.json, its `$ref` parts, its specs. */
  dependsOn(relative: string): boolean {
    return relative === 'docs.json' || relative === MINT_IGNORE_FILE || !this.lastCheck || this.lastCheck.dependencies.has(relative);
  }

  catalog(): PageCatalog {
    return (this.catalogCache ??= new PageCatalog(this.files));
  }

  check(): ProjectCheck {
    const text = this.currentText();
    const revision = this.revision;
    const previous = this.lastCheck?.result.findings;
    // The previous check is let go before the next is built: two models of a large docs.json at once doubled the
    // server's peak memory. Nothing reads them in between (a check runs to its end without yielding); only its
    // findings (an array per page entry) are handed to the new check.
    this.lastCheck = undefined;
    this.modelCache = undefined;
    this.typed = undefined;
    const result = checkDocs(this.workspace, text, { extraLanguageCodes: this.settings.extraLanguageCodes, basePath: this.settings.basePath, iconNames: this.iconNames, base: this.base() }, previous);
    const check = { text, revision, result, reached: reachedPages(result, this.files), dependencies: dependenciesOf(result.model, this.folder) };
    this.lastCheck = check;
    return check;
  }

  /** Whether the latest check is of the current text and files. */
  isChecked(): boolean {
    const last = this.lastCheck;
    return last !== undefined && last.revision === this.revision && last.text === this.currentText();
  }

  /** The latest check if it is of the current text and files, else a new one. */
  checked(): ProjectCheck {
    return this.isChecked() ? this.lastCheck! : this.check();
  }

  /** The model of the current text: the latest check's when it is current, else one built now (no rules run). */
  model(): DocsModel {
    const text = this.currentText();
    const last = this.lastCheck;
    if (last && last.revision === this.revision && last.text === text) return last.result.model;
    if (this.modelCache?.text !== text || this.modelCache.revision !== this.revision) {
      const model = buildModel(makeSourceFile(this.docsJsonPath, text), this.workspace);
      this.modelCache = { text, revision: this.revision, model };
      this.typed = undefined;
    }
    return this.modelCache.model;
  }

  /**
   * While the user types in string values of docs.json: the newest model (checked, or built since) with the
   * contents of its strings edited (see `TypedText`). Undefined when the model is of the current text, the files
   * changed since, or the text changed otherwise.
   */
  typedText(): TypedText | undefined {
    const text = this.currentText();
    const last = this.typed;
    if (last?.text === text && last.revision === this.revision) return last.state;
    const base = this.modelCache?.model ?? this.lastCheck?.result.model;
    const baseRevision = this.modelCache?.revision ?? this.lastCheck?.revision;
    let state: TypedText | undefined;
    if (base && baseRevision === this.revision) {
      const from = last?.state?.model === base && last.revision === this.revision ? last.state : TypedText.of(base);
      state = from.next(text);
    }
    this.typed = { revision: this.revision, state: state?.changed ? state : undefined, text };
    return this.typed.state;
  }

  /** The pages the navigation reaches: from the latest check (cheap), else from the current model. */
  reached(): ReachedPages {
    const last = this.lastCheck;
    if (last) {
      // File ids change with the index: a file event since the check means the pages are found again.
      if (!last.reached.current) last.reached = reachedPages(last.result, this.files);
      return last.reached;
    }
    const model = this.model();
    const cache = this.modelCache!;
    if (cache.reached?.current !== true) cache.reached = reachedPages({ model, findings: {} }, this.files);
    return cache.reached;
  }

  /** Whether a page file (relative) is an orphan as of the latest check. */
  isOrphan(relative: string, ownedElsewhere: OwnedElsewhere): boolean {
    return this.orphansKnown() && isOrphanPage(this.files, this.reached(), relative, ownedElsewhere);
  }

  /** Every page file no navigation entry reaches, as of the latest check. */
  orphans(ownedElsewhere: OwnedElsewhere): string[] {
    return this.orphansKnown() ? orphanPages(this.files, this.reached(), ownedElsewhere) : [];
  }

  /** Orphans are known once checked, while docs.json parses: a recovered tree lost the entries after the error. */
  private orphansKnown(): boolean {
    return this.lastCheck !== undefined && !hasSyntaxErrors(this.lastCheck.result.diagnostics);
  }
}

/** The severities the page checks run with: `docsJson.components: off` turns the component rules off. */
function pageSeverity(settings: DocsJsonSettings): DocsJsonSettings['severity'] {
  if (settings.components !== 'off') return settings.severity;
  return { ...settings.severity, ...Object.fromEntries(COMPONENT_CODES.map((code) => [code, 'off'])) };
}
