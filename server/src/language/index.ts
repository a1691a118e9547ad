import {
  CodeAction,
  Color,
  ColorInformation,
  ColorPresentation,
  CompletionList,
  Diagnostic as LspDiagnostic,
  DocumentLink,
  DocumentSymbol,
  FormattingOptions,
  Hover,
  Location,
  Position,
  Range,
  TextEdit,
} from 'vscode-languageserver-types';
import path = require('node:path');
import { Diagnostic, isPageFile, LanguageGrid, languageGrids, LanguageStanding, ReadText, readTextFromDisk, toAbsolute } from '../checker';
import { DocsProject } from '../project/docs-project';
import { OpenTexts } from '../project/open-texts';
import { specLoaderFor } from '../project/spec-worker-loader';
import { specValidatorFor } from '../project/spec-validation-loader';
import { MdxWorkerPool } from '../project/mdx-worker-pool';
import type { MdxParseNow } from '../project/mdx-verdicts';
import type { MdxVerdictCache } from '../project/mdx-verdict-cache';
import { DocsJsonSettings, ORPHAN_CODE } from '../project/project-settings';
import { codeActions } from './fixes/code-actions';
import { completeAt, completeInTypedText } from './docs-json/completion';
import { sharedNameLists } from '../checker/icons/name-lists';
import { definitionAt, documentLinks } from './docs-json/definition';
import { isProblemIn, orphanHints, publishedCheck, toLspDiagnostic } from './findings/diagnostics';
import { CheckedContext, DocsContext } from './base/docs-context';
import { formatJson } from './docs-json/formatting';
import { guardedEdit } from './workspace/guarded-edit';
import { hoverAt } from './docs-json/hover';
import { toChanges } from './base/json-edits';
import { navigationPathOf, navigationTree, NavigationTreeNode, PageRow, pageRows } from './docs-view/navigation-tree';
import { treeCountsKeeper } from './docs-view/tree-counts';
import { applyOverrides, CONFIG_FILE, layeredSettings, readTeamConfig, TeamConfig } from './workspace/team-config';
import { pageLinkDiagnostics, pageSliceDiagnostics } from './findings/page-diagnostics';
import { pageFindingActions } from './fixes/page-finding-actions';
import { configureRuleActions } from './fixes/configure-rule-actions';
import { completeFrontMatter, iconNameItems } from './pages/front-matter-completion';
import { frontMatterValueActions } from './fixes/front-matter-actions';
import { anchorsLinkedTo } from './pages/new-page-file';
import { pageLinkActions } from './fixes/page-link-actions';
import { pageIconActions } from './fixes/icon-actions';
import { completeComponent, componentActions, hoverComponent } from './pages/component-features';
import { pageOutline } from './pages/page-outline';
import { completePageLink, pageDocumentLinks, pageLinkDefinition, pageLinkHover, pageLinkMoveEdits } from './pages/page-features';
import { completePageOpenApi, definitionPageOpenApi, hoverPageOpenApi, pageOpenApiActions } from './pages/page-openapi';
import { addToNavigationActions } from './fixes/orphan-actions';
import { FileChange, Located, ProjectRegistry } from './workspace/project-registry';
import { MAX_RENAME_EDITS, Move, MoveIndex, pageMoveEdits, renameTooLarge } from './rename/rename-files';
import { addedRedirectEdits, movedUrls, redirectDestinationEdits, transitUrls } from './rename/rename-redirects';
import { wildcardRedirects } from './rename/rename-wildcards';
import { colorPresentations, documentColors } from './docs-json/document-colors';
import { documentSymbols } from './docs-json/symbols';
import { ExternalLink, externalLinkDiagnostics, externalLinks } from './findings/external-links';
import type { ExternalVerdict } from '../checker/rules/external-links/rule';
import { SuppressionMarks } from './findings/suppression-marks';
import { UriBook, uriToPath } from './workspace/uris';
import { pushAll } from '../checker/text/push-all';

export type { DocsProject, FileChange, NavigationTreeNode, PageRow };

export interface RenameEdits {
  update: Record<string, TextEdit[]>;
  redirects: Record<string, TextEdit[]>;
  /** Set when the rename is too large to edit (MAX_RENAME_EDITS): no edits, and this says why. */
  tooLarge?: string;
}
export type { Severity } from '../checker';
/** The rule codes with their default severities: what a report lists as its rules. */
export { RULES } from '../checker';
export { FIXES_INVENT } from '../checker/rules/rule-fixes';
export { severityName } from './findings/diagnostics';
export { ruleDescription, ruleTexts } from './findings/rule-pages';
export { whyDocsJsonUnreadable } from './workspace/docs-json-access';
export { mdxWorkerScript } from '../project/mdx-worker-pool';
export { MDX_BUDGET_MS } from '../project/mdx-verdicts';
export { specValidationWorkerScript } from '../project/spec-validation-loader';
export { nameListsFile } from '../checker/icons/name-lists';
export type { ExternalLink, ExternalVerdict };
export type { LanguageStanding, LanguageGrid, GridRow, GridCell } from '../checker';
export { MdxVerdictCache, mdxCacheKey } from '../project/mdx-verdict-cache';
export { cacheSecret, seal, siteCacheFolder, unseal, userCacheFolder } from '../project/cache-seal';
export { appendDataFile, isRecord, makeDataFolder, readDataFile, refusedPath, writeDataFile } from '../project/data-file';
export type { WritePlace } from '../project/data-file';
export * from './findings/suppressions';
export { CONFIG_FILE, findConfigFile, readTeamConfig } from './workspace/team-config';
export type { TeamConfig } from './workspace/team-config';

export interface LanguageServiceOptions {
  /** Reads a file that no editor holds open (default: the disk, refusing anything but regular files of sane size). */
  readFile?: ReadText;
  /**
   * The bundled spec worker (dist/server/spec-worker.js): OpenAPI specs are read there, and are `loading` until
   * they are (default, or when the file is not there: read in process, at once).
   */
  specWorker?: string;
  /**
   * The bundled spec validation worker (dist/server/spec-validation-worker.js): the specs the site uses are
   * validated there as the platform validates them (`openapi-schema`). Not given, or not there: not validated.
   */
  specValidationWorker?: string;
  /**
   * A spec read by the worker, or a page's MDX verdict changed: the project's check may change. Given (the language
   * server), the MDX parses wait for a pause in typing (`MdxVerdicts`).
   */
  onSpecLoaded?: (project: DocsProject) => void;
  /**
   * The MDX worker script (dist/server/mdx-worker.js): pages are parsed as MDX there, by `mdxWorkers` threads (default
   * and at most 2: MAX_MDX_WORKERS), and their `mdx-syntax` findings come when it answers. Not given (nor `mdxParse`): `mdx-syntax` is not checked.
   */
  mdxWorker?: string;
  mdxWorkers?: number;
  /** MDX verdicts kept between runs: a page whose text has one is not parsed (saved by the caller). */
  mdxCache?: MdxVerdictCache;
  /** The MDX parses of one check, in all (default MDX_BUDGET_MS): pages not parsed by then get `mdx-not-checked`. */
  mdxBudgetMs?: number;
  /** Findings the folder's docs-json-suppressions.json suppresses get a message that says so (the language server). */
  markSuppressed?: boolean;
  /** Parses pages as MDX in process, at once (tests; the parser is bundled in the MDX worker only). */
  mdxParse?: MdxParseNow;
  /** The icon names and font families of completion (dist/server/name-lists.json; default: none offered). */
  nameLists?: string;
}

/** What the client can do with an answer. */
export interface ClientAbilities {
  /** Completion items may be snippets (`$1` placeholders). */
  snippets?: boolean;
  /** A workspace edit may create files. */
  createFiles?: boolean;
  /** The commands of client-commands.ts the client runs when a code action carries one. */
  commands?: readonly string[];
  /** A workspace edit may hold snippet edits, which leave the cursor where the writer types (LSP 3.18). */
  snippetEdits?: boolean;
}

/** Projects a change concerns: to check again (now or after typing pauses), to show orphan hints for, removed. */
export interface Affected {
  check: DocsProject[];
  orphans: DocsProject[];
  removed: DocsProject[];
}

/** A project's check, as diagnostics by file path (severities after the folder's settings; docs.json always listed). */
export interface PublishedCheck {
  byFile: Map<string, LspDiagnostic[]>;
}

/**
 * The one entry the adapters call (the language server, the CLI, the benchmark, in-process tests): documents and
 * file events go in, plain answers come out. Methods take the project, the document's URI and a position;
 * no method throws for a file it does not know, it answers null or nothing.
 */
export interface DocsLanguageService {
  // projects and documents
  addWorkspaceFolder(folder: string): DocsProject[];
  /** addWorkspaceFolder in slices (the event loop answers between them); undefined once `signal` aborts it. */
  addWorkspaceFolderInSlices(folder: string, signal: AbortSignal): Promise<{ projects: DocsProject[]; stopped: boolean } | undefined>;
  removeWorkspaceFolder(folder: string): DocsProject[];
  projects(): DocsProject[];
  /** The project of one docs folder (the folder that holds docs.json), made if new: for a one-off check. */
  projectAt(folder: string): DocsProject;
  /** The project whose model reads the document (docs.json or a `$ref` part). */
  projectOf(uri: string): DocsProject | undefined;
  /** The project whose docs.json this is. */
  projectOfDocsJson(uri: string): DocsProject | undefined;
  isCurrent(project: DocsProject): boolean;
  /**
   * The editor's (or the CLI's) settings of a folder; the team's config file (docs-json.config.json, read again
   * here) goes under them.
   */
  configure(project: DocsProject, settings: DocsJsonSettings): void;
  /** The team's config file that holds for the folder, as last read (its `problems` to tell). */
  teamConfig(project: DocsProject): TeamConfig;
  openDocument(uri: string, text: string): Affected;
  changeDocument(uri: string, text: string): Affected;
  closeDocument(uri: string): Affected;
  fileEvents(changes: { uri: string; type: FileChange }[]): Affected;
  uriOf(file: string): string;

  // answers
  check(project: DocsProject): PublishedCheck;
  orphanHints(project: DocsProject): Map<string, LspDiagnostic[]>;
  /**
   * Link findings of the given pages (absolute paths; each listed, clean or not; read again unless `rescan` is
   * false), else of every page with findings.
   */
  checkPages(project: DocsProject, pages?: readonly string[], rescan?: boolean): PublishedCheck;
  /**
   * The findings of the next `count` pages of the folder from `from` on (0 to start), and where the next slice
   * starts (undefined after the last page). A slice holds while the folder's files are unchanged (`filesVersion`).
   */
  checkPageSlice(project: DocsProject, from: number, count: number): PublishedCheck & { next?: number };
  /**
   * The pages (absolute) whose findings another file's change may have changed since the last call (a heading
   * renamed, a file created or removed): whoever publishes that change publishes them too.
   */
  takeDroppedPages(project: DocsProject): string[];
  /** Changes whenever a file of the folder is created or removed. */
  filesVersion(project: DocsProject): number;
  /** One line telling of the base path links are read with, when it was detected from the redirects (not set). */
  basePathNote(project: DocsProject): string | undefined;
  /** Changes whenever the link findings of some page of the folder may have, or the folder's settings did. */
  pageFindingsStamp(project: DocsProject): string;
  complete(project: DocsProject, uri: string, position: Position, abilities?: ClientAbilities): CompletionList | null;
  hover(project: DocsProject, uri: string, position: Position): Hover | null;
  definition(project: DocsProject, uri: string, position: Position): Location[] | null;
  documentLinks(project: DocsProject, uri: string): DocumentLink[] | null;
  documentSymbols(project: DocsProject, uri: string): DocumentSymbol[] | null;
  /** The hex colors of docs.json (swatches), and how a color picked for one is written. */
  documentColors(project: DocsProject, uri: string): ColorInformation[] | null;
  colorPresentations(color: Color, range: Range): ColorPresentation[];
  format(project: DocsProject, uri: string, options: FormattingOptions, range?: Range): TextEdit[] | null;
  codeActions(uri: string, range: Range, context: LspDiagnostic[], abilities?: ClientAbilities): CodeAction[] | null;
  /**
   * The edits a move of page files or folders makes: `update` (entries, links, redirect destinations), and
   * `redirects` (a redirect from each old URL, unless the folder's settings turn it off), by URI.
   */
  renameEdits(moves: { oldUri: string; newUri: string }[]): RenameEdits | null;
  /**
   * The Docs view's nodes: the children of the element at `path` (default: the navigation root; see
   * `navigationTree` in navigation-tree.ts), with theirs down to `depth` levels (default: all).
   */
  navigationTree(project: DocsProject, path?: readonly number[], depth?: number): NavigationTreeNode[];
  /** The `path` of the Docs view's row of a page (URI; see `navigationPathOf`), or null when no row lists it. */
  navigationPath(project: DocsProject, page: string): number[] | null;
  /** The rows of pages (URIs; those that are no page of the folder get no title and no problem), in order. */
  pageRows(project: DocsProject, pages: readonly string[]): PageRow[];
  /** Pages × languages of the navigation's `languages` lists (none without one), files as URIs (see language-grid.ts). */
  languageGrids(project: DocsProject): LanguageGrid[];
  /** Each language against the default one, from the last check (none without `languages`). */
  languageStandings(project: DocsProject): LanguageStanding[];
  /** Every http(s) link of docs.json and of the pages (`check --check-external`: the service sends no request). */
  externalLinks(project: DocsProject): ExternalLink[];
  /** The findings of those links, by file, given each URL's verdict. */
  externalLinkDiagnostics(project: DocsProject, links: readonly ExternalLink[], verdicts: ReadonlyMap<string, ExternalVerdict>): Map<string, LspDiagnostic[]>;
  /**
   * Resolves when the folder's queued MDX parses are answered (their pages are then checked again): true when there
   * were some, false when every page's verdict was known.
   */
  mdxSettled(project: DocsProject): Promise<boolean>;
  /** Resolves when the folder's specs being validated are answered: true when their findings call for a check again. */
  specsValidated(project: DocsProject): Promise<boolean>;
  /** Ends what runs beside the service (the spec and MDX workers). */
  dispose(): void;
}

export function createLanguageService(options: LanguageServiceOptions = {}): DocsLanguageService {
  const texts = new OpenTexts(options.readFile ?? readTextFromDisk);
  const specLoader = options.specWorker === undefined ? undefined : specLoaderFor(options.specWorker);
  const specValidator = options.specValidationWorker === undefined ? undefined : specValidatorFor(options.specValidationWorker);
  const names = sharedNameLists(options.nameLists);
  const mdxPool = options.mdxWorker === undefined ? undefined : new MdxWorkerPool(options.mdxWorker, options.mdxWorkers, { keepOneForOpen: options.onSpecLoaded !== undefined });
  const registry = new ProjectRegistry(texts.readText, {
    loader: specLoader,
    validator: specValidator,
    onLoaded: (project) => options.onSpecLoaded?.(project),
    iconNames: names,
    mdx: { pool: mdxPool, parseNow: options.mdxParse, cache: options.mdxCache, budgetMs: options.mdxBudgetMs, deferred: options.onSpecLoaded !== undefined, isOpen: (file) => texts.isOpen(file) },
  });
  // The server answers with the URI a client used for a file: clients differ in how they escape characters.
  const uris = new UriBook();
  const uriOf = (file: string) => uris.uriOf(file);
  const marks = options.markSuppressed ? new SuppressionMarks() : undefined;
  const marked = <T extends PublishedCheck>(project: DocsProject, check: T): T => {
    applyOverrides(project, check.byFile);
    marks?.mark(project, check.byFile);
    return check;
  };
  const none = (): Affected => ({ check: [], orphans: [], removed: [] });
  const contextOf = (project: DocsProject, model = project.model()): DocsContext => ({
    project,
    model,
    workspace: project.workspace,
    catalog: project.catalog(),
    reached: project.reached(),
    uriOf,
  });
  /**
   * Per docs folder, the sources of the redirects renames of this session added: a page moved on from where such
   * a redirect sends gets no redirect from there (see `transitUrls`).
   */
  const renameRedirects = new WeakMap<DocsProject, Set<string>>();
  const treeCountsOf = treeCountsKeeper(contextOf, (project) => registry.ownedElsewhere(project));
  /** The located file when the project is enabled and reads it. */
  const locate = (project: DocsProject, uri: string): Located | undefined => {
    const file = uriToPath(uri);
    if (file === undefined || !project.settings.enable || !registry.isCurrent(project)) return undefined;
    const model = project.model();
    const source = model.sources.find((s) => s.path === file);
    return source ? { project, model, file: source } : undefined;
  };
  /** A docs.json or data file changed in the editor; page files only change which orphan hints show. */
  const editorText = (file: string, opening: boolean): Affected => {
    if (path.basename(file) === 'docs.json') {
      const project = opening ? registry.docsJsonOpened(file) : registry.ofDocsJson(file);
      // Opened: checked again even when the text is what the last check read from disk, so that the new model
      // holds the editor's copy of the text and the disk's (megabytes on a large site) can go.
      if (project && opening) project.touch();
      return { ...none(), check: project ? [project] : [] };
    }
    if (isPageFile(file)) for (const project of registry.containing(file)) project.pageLinks.pageChanged(project.relative(file)!);
    return { ...none(), check: registry.textChanged(file) };
  };
  /** The page file a URI names, if it is one: its features answer from the page's links. */
  const pageFile = (uri: string): string | undefined => {
    const file = uriToPath(uri);
    return file !== undefined && isPageFile(file) ? file : undefined;
  };
  /** The actions whose edit may be written (see guarded-edit.ts); a command alone writes nothing. */
  const writable = (project: DocsProject, actions: CodeAction[]): CodeAction[] =>
    actions.filter((action) => !action.edit || guardedEdit(project.folder, action.edit));
  const withOrphans = (file: string, affected: Affected): Affected =>
    isPageFile(file) ? { ...affected, orphans: registry.containing(file) } : affected;

  return {
    addWorkspaceFolder: (folder) => registry.addWorkspaceFolder(folder),
    addWorkspaceFolderInSlices: (folder, signal) => registry.addWorkspaceFolderInSlices(folder, signal),
    removeWorkspaceFolder: (folder) => registry.removeWorkspaceFolder(folder),
    projects: () => registry.all(),
    projectAt: (folder) => registry.ensure(folder),
    projectOf: (uri) => {
      const file = uriToPath(uri);
      // Its own docs.json names a project without a model of it (one is built per keystroke otherwise).
      if (file === undefined) return undefined;
      // A page belongs to the innermost docs folder holding it.
      return registry.ofDocsJson(file) ?? registry.locate(file)?.project ?? (isPageFile(file) ? registry.containing(file)[0] : undefined);
    },
    projectOfDocsJson: (uri) => {
      const file = uriToPath(uri);
      return file === undefined ? undefined : registry.ofDocsJson(file);
    },
    isCurrent: (project) => registry.isCurrent(project),
    configure: (project, settings) => {
      project.editorSettings = settings;
      project.teamConfig = readTeamConfig(project.folder);
      project.settings = layeredSettings(settings, project.teamConfig);
      project.touch();
    },
    teamConfig: (project) => project.teamConfig,
    uriOf,

    openDocument(uri, text) {
      const file = uris.remember(uri);
      if (file === undefined) return none();
      texts.set(file, text);
      return withOrphans(file, editorText(file, true));
    },
    changeDocument(uri, text) {
      const file = uriToPath(uri);
      if (file === undefined) return none();
      texts.set(file, text);
      return editorText(file, false);
    },
    closeDocument(uri) {
      const file = uriToPath(uri);
      if (file === undefined) return none();
      // Unsaved text is gone: the disk's text counts again.
      texts.delete(file);
      return withOrphans(file, editorText(file, false));
    },
    fileEvents(changes) {
      const events = changes.flatMap(({ uri, type }) => {
        const file = uriToPath(uri);
        return file === undefined ? [] : [{ file, type }];
      });
      const before = new Map(registry.all().map((project) => [project, project.pageLinks.targetChanges]));
      const { touched, removed } = registry.fileEvents(events, (file) => texts.isOpen(file));
      // The team's config changed: every folder reads it again (it may hold for several).
      if (events.some((e) => path.basename(e.file) === CONFIG_FILE)) {
        for (const project of registry.all()) {
          project.teamConfig = readTeamConfig(project.folder);
          project.settings = layeredSettings(project.editorSettings, project.teamConfig);
          project.touch();
          if (!touched.includes(project)) touched.push(project);
        }
      }
      // An image or a download created or removed: the folders whose pages link to it are checked again too.
      const linked = [...before].filter(([project, changes]) => project.pageLinks.targetChanges !== changes && !touched.includes(project)).map(([project]) => project);
      return { check: [...touched, ...linked], orphans: [], removed };
    },

    check(project) {
      return marked(project, { byFile: project.settings.enable ? publishedCheck(project) : new Map([[project.docsJsonPath, []]]) });
    },
    checkPages(project, pages, rescan) {
      return marked(project, { byFile: pageLinkDiagnostics(project, pages, rescan) });
    },
    checkPageSlice: (project, from, count) => marked(project, pageSliceDiagnostics(project, from, count)),
    takeDroppedPages: (project) => project.pageLinks.takeDropped().map((page) => toAbsolute(project.folder, page)),
    filesVersion: (project) => project.files.version,
    basePathNote(project) {
      const base = project.pageLinks.detectedBasePath(project.lastCheck?.result.model ?? project.model());
      return base === undefined
        ? undefined
        : `${project.docsJsonPath}: links and redirects are read under the base path /${base}, which the site's redirects or links carry and the file tree lacks (a site served at …/${base}/); set docsJson.basePath or --base-path to choose another, or '' for none`;
    },
    pageFindingsStamp: (project) => `${project.pageLinks.stamp(project.lastCheck?.result.model)} ${JSON.stringify(project.settings)} ${JSON.stringify(project.teamConfig.overrides)}`,
    orphanHints(project) {
      if (!project.settings.enable || !project.lastCheck) return new Map();
      const hints = orphanHints(project, registry.ownedElsewhere(project), texts.files());
      applyOverrides(project, hints);
      return hints;
    },

    complete(project, uri, position, abilities = {}) {
      const page = pageFile(uri);
      const icons = (typed: string, range: Range) => iconNameItems(project, names, typed, range);
      if (page) return project.settings.enable ? (completePageOpenApi(project, page, position) ?? completeFrontMatter(project, page, position, names) ?? completePageLink(project, page, position) ?? completeComponent(project, page, position, abilities.snippets ?? false, icons)) : null;
      const options = { snippets: abilities.snippets ?? false, extraLanguageCodes: project.settings.extraLanguageCodes, names };
      if (project.settings.enable && registry.isCurrent(project) && uriToPath(uri) === project.docsJsonPath) {
        const typed = project.typedText();
        const answer = typed && completeInTypedText(contextOf(project, typed.model), typed, position, options);
        if (answer) return answer;
      }
      const located = locate(project, uri);
      if (!located) return null;
      return completeAt(contextOf(project, located.model), located.file, located.file.lines.offsetAt(position), options);
    },
    hover(project, uri, position) {
      const page = pageFile(uri);
      if (page) return project.settings.enable ? (hoverPageOpenApi(project, page, position) ?? pageLinkHover(project, page, position) ?? hoverComponent(project, page, position)) : null;
      const located = locate(project, uri);
      return located ? hoverAt(contextOf(project, located.model), located.file, located.file.lines.offsetAt(position)) : null;
    },
    definition(project, uri, position) {
      const page = pageFile(uri);
      if (page) return project.settings.enable ? (definitionPageOpenApi(project, page, position, uriOf) ?? pageLinkDefinition(project, page, position, uriOf)) : null;
      const located = locate(project, uri);
      return located ? definitionAt(contextOf(project, located.model), located.file, located.file.lines.offsetAt(position)) : null;
    },
    documentLinks(project, uri) {
      const page = pageFile(uri);
      if (page) return project.settings.enable ? pageDocumentLinks(project, page, uriOf) : null;
      const located = locate(project, uri);
      return located ? documentLinks(contextOf(project, located.model), located.file) : null;
    },
    documentSymbols(project, uri) {
      const page = pageFile(uri);
      if (page) {
        const relative = project.relative(page);
        const text = relative === undefined || !project.settings.enable ? undefined : project.workspace.read(relative);
        return text === undefined ? null : pageOutline(text);
      }
      const located = locate(project, uri);
      return located ? documentSymbols(located.model, located.file) : null;
    },
    documentColors(project, uri) {
      const located = locate(project, uri);
      return located ? documentColors(located.model.root, located.file) : null;
    },
    colorPresentations,
    format(project, uri, formatting, range) {
      const located = locate(project, uri);
      return located ? formatJson(located.file, formatting, range) : null;
    },

    codeActions(uri, range, context, abilities = {}) {
      const file = uriToPath(uri);
      if (file === undefined) return null;
      const located = registry.locate(file);
      if (located) {
        const { project } = located;
        if (!project.settings.enable) return null;
        const check = project.checked();
        const model = check.result.model;
        const source = model.sources.find((s) => s.path === file);
        if (!source) return null;
        const ctx: CheckedContext = { ...contextOf(project, model), diagnostics: check.result.diagnostics };
        const published = (d: Diagnostic) => toLspDiagnostic(d, project.settings);
        const start = source.lines.offsetAt(range.start);
        const end = source.lines.offsetAt(range.end);
        const fixes = writable(project, codeActions(ctx, source, start, end, { createFiles: abilities.createFiles ?? false, commands: abilities.commands ?? [], published, anchorsLinkedTo: (page) => anchorsLinkedTo(project, page) }));
        return [...fixes, ...configureRuleActions(context, abilities.commands ?? [])];
      }
      if (!isPageFile(file)) return null;
      const diagnostic = context.find((d) => d.code === ORPHAN_CODE);
      for (const project of registry.containing(file)) {
        const relative = project.relative(file)!;
        if (!project.settings.enable) continue;
        const linkFixes = writable(project, [...pageOpenApiActions(project, file, context, uriOf), ...frontMatterValueActions(project, file, context, uriOf), ...pageIconActions(project, file, context, uriOf), ...componentActions(project, file, context, uriOf), ...pageFindingActions(project, file, context, uriOf, abilities.snippetEdits), ...pageLinkActions(project, file, context, abilities.createFiles ?? false, uriOf)]);
        const configure = configureRuleActions(context, abilities.commands ?? []);
        if (!project.isOrphan(relative, registry.ownedElsewhere(project))) {
          if (linkFixes.length || configure.length) return [...linkFixes, ...configure];
          continue;
        }
        return [...linkFixes, ...writable(project, addToNavigationActions(contextOf(project), relative, diagnostic)), ...configure];
      }
      return null;
    },

    renameEdits(renames) {
      const update: Record<string, TextEdit[]> = {};
      const redirects: Record<string, TextEdit[]> = {};
      const add = (into: Record<string, TextEdit[]>, changes: Record<string, TextEdit[]>) => {
        for (const [uri, list] of Object.entries(changes)) pushAll((into[uri] ??= []), list);
      };
      for (const project of registry.all()) {
        if (!project.settings.enable) continue;
        const moves: Move[] = [];
        for (const { oldUri, newUri } of renames) {
          const from = uriToPath(oldUri);
          const to = uriToPath(newUri);
          const fromRelative = from === undefined ? undefined : project.relative(from);
          const toRelative = to === undefined ? undefined : project.relative(to);
          if (fromRelative !== undefined && toRelative !== undefined) moves.push({ from: fromRelative, to: toRelative });
        }
        if (!moves.length) continue;
        const ctx = contextOf(project);
        const index = new MoveIndex(moves, (file) => project.files.has(file));
        const urls = movedUrls(ctx, index);
        const edits = toChanges([...pageMoveEdits(ctx, index), ...redirectDestinationEdits(ctx, index, urls)], uriOf);
        // Links inside pages that land on a moved file.
        for (const [file, list] of pageLinkMoveEdits(project, index)) pushAll((edits[uriOf(file)] ??= []), list);
        // A file that may not be written (see guarded-edit.ts) keeps its text; the others are still updated.
        const writableOnly = (changes: Record<string, TextEdit[]>) =>
          Object.fromEntries(Object.entries(changes).filter(([uri, list]) => guardedEdit(project.folder, { changes: { [uri]: list } })));
        add(update, writableOnly(edits));
        if (project.settings.addRedirectsOnRename) {
          let added = renameRedirects.get(project);
          if (!added) renameRedirects.set(project, (added = new Set()));
          const transit = transitUrls(ctx, added);
          add(redirects, writableOnly(toChanges(addedRedirectEdits(ctx, urls, wildcardRedirects(ctx, index, urls), transit, (source) => added.add(source)), uriOf)));
        }
      }
      let count = 0;
      for (const group of [update, redirects]) for (const list of Object.values(group)) count += list.length;
      if (count > MAX_RENAME_EDITS) return { update: {}, redirects: {}, tooLarge: renameTooLarge(count) };
      return Object.keys(update).length || Object.keys(redirects).length ? { update, redirects } : null;
    },

    navigationTree(project, path, depth) {
      if (!project.settings.enable || !registry.isCurrent(project)) return [];
      const { ctx, counts } = treeCountsOf(project);
      return navigationTree(ctx, counts, path, depth);
    },

    navigationPath(project, page) {
      const file = uriToPath(page);
      if (!project.settings.enable || !registry.isCurrent(project) || file === undefined) return null;
      const relative = project.relative(file);
      if (relative === undefined) return null;
      const { ctx, counts } = treeCountsOf(project);
      return navigationPathOf(ctx, counts, relative) ?? null;
    },

    languageGrids(project) {
      if (!project.settings.enable || !registry.isCurrent(project)) return [];
      const grids = languageGrids(project.checked().result.model, project.files);
      const uri = (file: string | undefined) => (file === undefined ? undefined : uriOf(path.join(project.folder, file)));
      for (const grid of grids) {
        for (const row of grid.rows) {
          row.file = uri(row.file);
          for (const cell of row.cells) cell.file = uri(cell.file);
        }
      }
      return grids;
    },
    languageStandings(project) {
      return project.settings.enable ? (project.checked().result.findings.languages ?? []) : [];
    },
    pageRows(project, pages) {
      const files = pages.map((page) => {
        const file = typeof page === 'string' ? uriToPath(page) : undefined;
        return file === undefined || !isPageFile(file) ? undefined : project.relative(file);
      });
      if (!project.settings.enable || !registry.isCurrent(project)) return files.map(() => ({ problems: 0 }));
      const model = project.checked().result.model;
      const isProblem = isProblemIn(project);
      const known = files.filter((file): file is string => file !== undefined);
      const rows = pageRows(contextOf(project, model), known, (file) => project.pageLinks.check(file, model).filter(isProblem).length);
      let next = 0;
      return files.map((file) => (file === undefined ? { problems: 0 } : rows[next++]));
    },

    mdxSettled: (project) => project.pageLinks.mdx.whenSettled(),
    specsValidated: (project) => project.workspace.whenValidated(),
    externalLinks,
    externalLinkDiagnostics,
    dispose: () => {
      specLoader?.dispose?.();
      specValidator?.dispose();
      mdxPool?.dispose();
    },
  };
}
