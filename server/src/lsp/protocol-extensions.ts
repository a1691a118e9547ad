// The server's requests and notifications beyond LSP, and its settings, shared with the VS Code client (no
// `vscode` import here, nor anything that pulls the server's code into the client).
export type { ElementKind, NavigationTreeNode } from '../service/navigation-tree';
export type { TreeNodeKind } from '../service/tree-node-kinds';
export { TREE_NODE_TITLE } from '../service/tree-node-kinds';
export type { DocsJsonSettings, SeveritySetting } from '../service/settings';
export { DEFAULT_SETTINGS, ORPHAN_CODE } from '../service/settings';
export { elementIcon } from '../service/element-icons';
export { ACCEPT_LANGUAGE_CODE_COMMAND } from '../service/client-commands';
export type { Range as TreeRange } from 'vscode-languageserver-types';

export interface NavigationTreeParams {
  /** The docs.json URI. */
  uri: string;
}

export interface NavigationChangedParams {
  /** The docs.json URI whose check was just published. */
  uri: string;
}

/** Request `docsJson/navigationTree`: the children of the navigation root, or [] when the file is unknown. */
export const NAVIGATION_TREE_REQUEST = 'docsJson/navigationTree';
/** Notification `docsJson/navigationChanged`, sent after each published check. */
export const NAVIGATION_CHANGED_NOTIFICATION = 'docsJson/navigationChanged';
