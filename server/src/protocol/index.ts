// The protocol: what the language server, the VS Code client and the CLI share. The server's requests and
// notifications beyond LSP and their types, its settings and the codes and commands its answers carry, the files
// it watches, how it is started. No `vscode` import here, nor anything that pulls the server's code into the client.
export type { ElementKind } from '../checker/model/element-kinds';
export type { NavigationTreeNode, PageRow } from './docs-view';
export type { TreeNodeKind } from './tree-node-kinds';
export { TREE_NODE_TITLE } from './tree-node-kinds';
export type { ComponentsSetting, DocsJsonSettings, SeveritySetting } from './settings';
export { COMPONENTS_SETTINGS, DEFAULT_SETTINGS, ORPHAN_CODE, SEVERITY_SETTINGS } from './settings';
export { elementIcon } from './element-icons';
export { ACCEPT_LANGUAGE_CODE_COMMAND, OPEN_SETTINGS_COMMAND } from './client-commands';
export { DIAGNOSTIC_SOURCE } from './diagnostic-source';
export { TRANSLATION_MISSING_CODE } from '../checker/rules/generated/rule-codes';
export type { Range as TreeRange } from 'vscode-languageserver-types';
export type { LanguageGrid, GridRow, GridCell, GridRowCell } from '../checker/languages/language-grid';
export { SERVER_ENV, SERVER_NODE_FLAGS } from './node-flags';
export { GIT_HEAD_GLOB, isPageFile, MINT_IGNORE_GLOB, PAGE_FILE_GLOB, WATCHED_FILES } from './watched-files';
export { pageFileCandidates } from '../checker/workspace/page-files';
export { resolveDocsPath } from '../checker/workspace/docs-paths';

export interface NavigationTreeParams {
  /** The docs.json URI. */
  uri: string;
  /**
   * The element whose children to answer: indexes from the navigation root, the index after its last child being
   * the redirects (default: the root). At most `MAX_TREE_PATH` long.
   */
  path?: number[];
  /** How many levels of children to list (default: all); below them, `childCount` tells how many there are. */
  depth?: number;
}

export const MAX_TREE_PATH = 64;

export interface NavigationChangedParams {
  /** The docs.json URI whose check was just published. */
  uri: string;
}

/** Request `docsJson/navigationTree`: the children of the element asked for, or [] when the file or the element is unknown. */
export const NAVIGATION_TREE_REQUEST = 'docsJson/navigationTree';

export interface PageRowsParams {
  /** The docs.json URI. */
  uri: string;
  /** The page files (URIs, as the tree's targets give them) of the rows on screen; at most `MAX_PAGE_ROWS`. */
  pages: string[];
}

/** Request `docsJson/pageRows`: a `PageRow` per page asked (in order), or [] when the docs.json is unknown. */
export const PAGE_ROWS_REQUEST = 'docsJson/pageRows';
/** The pages one `docsJson/pageRows` request may ask for: the rest of a longer list is left out of the answer. */
export const MAX_PAGE_ROWS = 2000;
export interface NavigationPathParams {
  /** The docs.json URI. */
  uri: string;
  /** A page file's URI. */
  page: string;
}

/**
 * Request `docsJson/navigationPath`: the `path` (as `docsJson/navigationTree` takes it) of the page's row, the row
 * itself last: its first entry in the navigation, else its row under "Not in navigation"; null when none lists it.
 */
export const NAVIGATION_PATH_REQUEST = 'docsJson/navigationPath';
/** Notification `docsJson/navigationChanged`, sent after each published check. */
export const NAVIGATION_CHANGED_NOTIFICATION = 'docsJson/navigationChanged';

export interface LanguageGridParams {
  /** The docs.json URI. */
  uri: string;
}

/** Request `docsJson/languageGrid`: pages × languages of the navigation's `languages` lists (files as URIs), or []. */
export const LANGUAGE_GRID_REQUEST = 'docsJson/languageGrid';

export interface LlmsTxtParams {
  /** The docs.json URI. */
  uri: string;
}

/** What `docsJson/llmsTxt` answers: the predicted file, what stderr says beside it, and the custom file's problems. */
export interface LlmsTxtAnswer {
  text: string;
  notes: string[];
  /** The repository's own llms.txt, which the platform serves instead of `text`. */
  custom?: { file: string; problems: { line: number; column: number; message: string }[] };
}

/** Request `docsJson/llmsTxt`: the llms.txt the platform will generate for the folder (docs/llms-txt.md), or null. */
export const LLMS_TXT_REQUEST = 'docsJson/llmsTxt';
