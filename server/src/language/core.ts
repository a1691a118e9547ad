import { CodeAction } from 'vscode-languageserver-types';
import { isPageFile, readTextFromDisk } from '../checker';
import { NameLists, sharedNameLists } from '../checker/icons/name-lists';
import { DocsProject } from '../project/docs-project';
import { MdxWorkerPool } from '../project/mdx-worker-pool';
import { OpenTexts } from '../project/open-texts';
import { specValidatorFor } from '../project/spec-validation-loader';
import { specLoaderFor } from '../project/spec-worker-loader';
import { LanguageServiceOptions, PublishedCheck } from './api';
import { DocsContext } from './base/docs-context';
import { SuppressionMarks } from './findings/suppression-marks';
import { guardedEdit } from './workspace/guarded-edit';
import { Located, ProjectRegistry } from './workspace/project-registry';
import { applyOverrides } from './workspace/team-config';
import { UriBook, uriToPath } from './workspace/uris';

/** What every room works on: the open texts, the docs folders, the URIs clients use, and the helpers they share. */
export interface LanguageCore {
  readonly options: LanguageServiceOptions;
  readonly texts: OpenTexts;
  readonly registry: ProjectRegistry;
  readonly uris: UriBook;
  readonly names: NameLists;
  uriOf(file: string): string;
  /** A check's findings after the team's per-path overrides, marked when suppressed (the language server). */
  marked<T extends PublishedCheck>(project: DocsProject, check: T): T;
  contextOf(project: DocsProject, model?: ReturnType<DocsProject['model']>): DocsContext;
  /** The located file when the project is enabled and reads it. */
  locate(project: DocsProject, uri: string): Located | undefined;
  /** The page file a URI names, if it is one: its features answer from the page's links. */
  pageFile(uri: string): string | undefined;
  /** The actions whose edit may be written (see guarded-edit.ts); a command alone writes nothing. */
  writable(project: DocsProject, actions: CodeAction[]): CodeAction[];
  /** Ends what runs beside the service (the spec and MDX workers). */
  dispose(): void;
}

export function createCore(options: LanguageServiceOptions): LanguageCore {
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
  return {
    options,
    texts,
    registry,
    uris,
    names,
    uriOf,
    marked(project, check) {
      applyOverrides(project, check.byFile);
      marks?.mark(project, check.byFile);
      return check;
    },
    contextOf: (project, model = project.model()) => ({
      project,
      model,
      workspace: project.workspace,
      catalog: project.catalog(),
      reached: project.reached(),
      uriOf,
    }),
    locate(project, uri) {
      const file = uriToPath(uri);
      if (file === undefined || !project.settings.enable || !registry.isCurrent(project)) return undefined;
      const model = project.model();
      const source = model.sources.find((s) => s.path === file);
      return source ? { project, model, file: source } : undefined;
    },
    pageFile(uri) {
      const file = uriToPath(uri);
      return file !== undefined && isPageFile(file) ? file : undefined;
    },
    writable: (project, actions) => actions.filter((action) => !action.edit || guardedEdit(project.folder, action.edit)),
    dispose() {
      specLoader?.dispose?.();
      specValidator?.dispose();
      mdxPool?.dispose();
    },
  };
}
