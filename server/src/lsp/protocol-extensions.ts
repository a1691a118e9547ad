// The server's requests and notifications beyond LSP, shared with the VS Code client (no `vscode` import here).
import type { ElementKind } from '../checker/model/element-kinds';

export type { ElementKind };

/** Zero-based, UTF-16 code units, as in LSP. */
export interface TreePosition {
  line: number;
  character: number;
}

export interface TreeRange {
  start: TreePosition;
  end: TreePosition;
}

export interface NavigationTreeNode {
  kind: ElementKind;
  label: string;
  /** Where the element is written: in docs.json or in the `$ref` file named by `uri`. */
  range: TreeRange;
  /** The file the element is written in. */
  uri: string;
  /** What the element opens: a page file, or the spec file and the operation's position. */
  target?: { uri: string; range?: TreeRange };
  /** Errors and warnings reported on this element's own range (not on its children). */
  problems: number;
  children: NavigationTreeNode[];
}

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

/** Diagnostic code of the hint on a page file that no navigation entry reaches. */
export const ORPHAN_CODE = 'docsJson.orphan';

export type SeveritySetting = 'error' | 'warning' | 'info' | 'hint' | 'off';

/** The `docsJson` settings section. */
export interface DocsJsonSettings {
  enable: boolean;
  /** Per rule code (and `docsJson.orphan`): a severity, or `off` to hide it. */
  severity: Record<string, SeveritySetting>;
  extraLanguageCodes: string[];
}

export const DEFAULT_SETTINGS: DocsJsonSettings = { enable: true, severity: {}, extraLanguageCodes: [] };
