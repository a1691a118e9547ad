// The server's requests and notifications beyond LSP, and its settings, shared with the VS Code client (no
// `vscode` import here, nor anything that pulls the server's code into the client).
export type { ElementKind, NavigationTreeNode, PageRow } from '../language/docs-view/navigation-tree';
export type { TreeNodeKind } from '../language/docs-view/tree-node-kinds';
export { TREE_NODE_TITLE } from '../language/docs-view/tree-node-kinds';
export type { DocsJsonSettings, SeveritySetting } from '../language/workspace/settings';
export { DEFAULT_SETTINGS, ORPHAN_CODE } from '../language/workspace/settings';
export { elementIcon } from '../language/docs-view/element-icons';
export { ACCEPT_LANGUAGE_CODE_COMMAND, OPEN_SETTINGS_COMMAND } from '../language/fixes/client-commands';
export { DIAGNOSTIC_SOURCE } from '../language/findings/diagnostic-source';
export type { Range as TreeRange } from 'vscode-languageserver-types';
export type { LanguageGrid, GridRow, GridCell } from '../language';

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
