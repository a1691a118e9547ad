// The language façade: the one entry the adapters call (the language server, the CLI, the benchmark, in-process
// tests). Each room builds its own methods over the shared core; a document's features go to the room of its kind.
import { DocumentFeatures, DocsLanguageService, LanguageServiceOptions } from './api';
import { createCore } from './core';
import { docsJsonFeatures } from './docs-json/docs-json-methods';
import { docsViewMethods } from './docs-view/docs-view-methods';
import { findingsMethods } from './findings/findings-methods';
import { FolderFindings } from './findings/folder-findings';
import { checkPagesUnpublished } from './findings/page-diagnostics';
import { docsJsonCodeActions, pageCodeActions } from './fixes/fix-methods';
import { pageFeatures } from './pages/page-methods';
import { renameMethods } from './rename/rename-methods';
import { workspaceMethods } from './workspace/workspace-methods';

export type { FindingsChanged, FindingsPart, FolderFindings, Turns } from './findings/folder-findings';
export type { Affected, ClientAbilities, DocsLanguageService, DocumentFeatures, LanguageServiceOptions, LlmsTxtOptions, LlmsTxtPrediction, LlmsTxtPreview, PublishedCheck, RenameEdits } from './api';
export type { DocsProject } from '../project/docs-project';
export type { FileChange } from './workspace/project-registry';
export { uriToPath } from './workspace/uris';
export { MAX_INDEXED_FILES, MAX_WALKED_FILES } from './workspace/project-registry';
export type { NavigationTreeNode, PageRow } from './docs-view/navigation-tree';
export type { Severity } from '../checker';
/** The rule codes with their default severities: what a report lists as its rules. */
export { RULES } from '../checker';
export { FIXES_INVENT } from '../checker/rules/rule-fixes';
export { severityName } from './findings/diagnostics';
export { ruleDescription, ruleTexts } from './findings/rule-pages';
export { llmsTxtNotes } from './docs-view/llms-txt-preview';
export { megabytes, whyDocsJsonUnreadable } from './workspace/docs-json-access';
export { mdxWorkerScript } from '../project/mdx-worker-pool';
export { MDX_BUDGET_MS } from '../project/mdx-verdicts';
export { readBaseSite } from '../project/base-site-reader';
export type { BaseSource } from '../project/base-site-reader';
export type { BaseSite } from '../checker/links/base-site';
export { specValidationWorkerScript } from '../project/spec-validation-loader';
export { nameListsFile } from '../checker/icons/name-lists';
export type { ExternalLink } from './findings/external-links';
export type { ExternalVerdict } from '../checker/rules/external-links/rule';
export type { LanguageStanding, LanguageGrid, GridRow, GridCell } from '../checker';
export { MdxVerdictCache, mdxCacheKey } from '../project/mdx-verdict-cache';
export { cacheSecret, seal, siteCacheFolder, unseal, userCacheFolder } from '../project/cache-seal';
export { appendDataFile, isRecord, makeDataFolder, readDataFile, refusedPath, writeDataFile } from '../project/data-file';
export type { WritePlace } from '../project/data-file';
export * from './findings/suppressions';
export { CONFIG_FILE, findConfigFile, readTeamConfig } from './workspace/team-config';
export type { TeamConfig } from './workspace/team-config';

export function createLanguageService(options: LanguageServiceOptions = {}): DocsLanguageService {
  const core = createCore(options);
  const docsJson = docsJsonFeatures(core);
  const byKind: { page: DocumentFeatures; docsJson: DocumentFeatures } = {
    page: { ...pageFeatures(core), codeActions: pageCodeActions(core) },
    docsJson: { ...docsJson, codeActions: docsJsonCodeActions(core) },
  };
  /** The one place a document's kind is told: a page, or docs.json and its parts (anything else answers null there). */
  const route = (uri: string): DocumentFeatures => (core.pageFile(uri) === undefined ? byKind.docsJson : byKind.page);
  const findings = findingsMethods(core);
  const folderFindings = new FolderFindings({ ...findings, checkPagesUnpublished }, { isCurrent: (project) => core.registry.isCurrent(project), mdxInWorker: options.mdxWorker !== undefined, specsAfterFirstCheck: options.onSpecLoaded !== undefined });
  return {
    ...workspaceMethods(core),
    ...findings,
    folderFindings,
    complete: (project, uri, position, abilities) => route(uri).complete(project, uri, position, abilities),
    hover: (project, uri, position) => route(uri).hover(project, uri, position),
    definition: (project, uri, position) => route(uri).definition(project, uri, position),
    documentLinks: (project, uri) => route(uri).documentLinks(project, uri),
    documentSymbols: (project, uri) => route(uri).documentSymbols(project, uri),
    documentColors: (project, uri) => route(uri).documentColors(project, uri),
    colorPresentations: docsJson.colorPresentations,
    format: (project, uri, formatting, range) => route(uri).format(project, uri, formatting, range),
    codeActions: (uri, range, context, abilities) => route(uri).codeActions(uri, range, context, abilities),
    ...renameMethods(core),
    ...docsViewMethods(core),
    dispose: () => core.dispose(),
  };
}
