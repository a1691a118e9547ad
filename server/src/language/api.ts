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
import type { LanguageGrid, LanguageStanding, ReadText } from '../checker';
import type { ExternalVerdict } from '../checker/rules/external-links/rule';
import type { CustomLlmsCheck } from '../checker/llms-txt/custom-llms-txt';
import type { LlmsTxtOptions, LlmsTxtPrediction } from '../checker/llms-txt/predict-llms-txt';
import type { DocsProject } from '../project/docs-project';
import type { MdxParseNow } from '../project/mdx-verdicts';
import type { MdxVerdictCache } from '../project/mdx-verdict-cache';
import type { DocsJsonSettings } from '../project/project-settings';
import type { NavigationTreeNode, PageRow } from './docs-view/navigation-tree';
import type { ExternalLink } from './findings/external-links';
import type { FolderFindings } from './findings/folder-findings';
import type { FileChange } from './workspace/project-registry';
import type { TeamConfig } from './workspace/team-config';

export interface RenameEdits {
  update: Record<string, TextEdit[]>;
  redirects: Record<string, TextEdit[]>;
  /** Set when the rename is too large to edit (MAX_RENAME_EDITS): no edits, and this says why. */
  tooLarge?: string;
}

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
  /**
   * The owner of every docs folder's findings: runs a check's phases and tells each change as one "findings
   * changed" event (the language server publishes from it; the CLI awaits `settled`; tests read `now`).
   */
  readonly folderFindings: FolderFindings;
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
   * `restart`: after the last page a base path was read from the pages' links; the pass begins again from 0.
   */
  checkPageSlice(project: DocsProject, from: number, count: number): PublishedCheck & { next?: number; restart?: boolean };
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
  /**
   * The `llms.txt` the platform will generate for the folder (see predict-llms-txt.ts), and the repository's own
   * `llms.txt`, checked, when it has one (the platform serves that one instead); null while the folder is off.
   */
  llmsTxt(project: DocsProject, options?: LlmsTxtOptions): LlmsTxtPreview | null;
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

/** The features a document answers, by its kind: a page (pages/, fixes/) or docs.json and its parts (docs-json/, fixes/). */
export type DocumentFeatures = Pick<DocsLanguageService, 'complete' | 'hover' | 'definition' | 'documentLinks' | 'documentSymbols' | 'documentColors' | 'format' | 'codeActions'>;

/** What `llmsTxt` answers: the prediction, and the custom file served instead when the repository has one. */
export interface LlmsTxtPreview {
  prediction: LlmsTxtPrediction;
  custom?: CustomLlmsCheck & { file: string; text: string };
}
export type { LlmsTxtOptions, LlmsTxtPrediction };
