// The Docs view's rows as the server answers them (`docsJson/navigationTree`, `docsJson/pageRows`): protocol data,
// shared with the VS Code client.
import type { Range } from 'vscode-languageserver-types';
import type { TreeNodeKind } from './tree-node-kinds';

/**
 * One element of the navigation, as the sidebar shows it, or the redirects after them (`redirects`, holding one
 * `redirect` per entry, labelled `source → destination`). Positions are LSP's (zero-based, UTF-16).
 */
export interface NavigationTreeNode {
  kind: TreeNodeKind;
  label: string;
  /** Where the element is written: in docs.json or in the `$ref` file named by `uri`. */
  range: Range;
  /**
   * What a click on the row selects: the element's label (`"tab": "Guides"` → `"Guides"`), else its first key, a
   * page entry or a redirect's source. Never the whole element: one keystroke would replace it.
   */
  selectionRange: Range;
  /** The file the element is written in. */
  uri: string;
  /** What the element opens: a page file, a group's `root` page, or the spec file and the operation's position. */
  target?: { uri: string; range?: Range };
  /**
   * Errors and warnings reported on this element's own range (not on its children; not in its page's links: see
   * `PageRow`); the `redirects` node counts those of every entry (its list starts folded).
   */
  problems: number;
  /**
   * Errors and warnings of the element and of everything under it (the `problems` of its descendants, and the
   * findings in the links of its pages once the server has checked them): what the row shows, folded or not.
   */
  errors: number;
  warnings: number;
  /** A group without a name (`""`, `" "`), labelled after its first page. */
  unnamed?: true;
  /** A page listed in other places too (another product, tab…): their rows' names. */
  alsoIn?: string[];
  /** On every row of such a page but its first: the place whose rows count its problems (once, as the Problems panel). */
  countedUnder?: string;
  /** An endpoint entry: the path of the page the platform generates for its operation (`api-reference/users/list-users`). */
  pagePath?: string;
  /**
   * An endpoint entry whose spec marks its operation `deprecated: true`, `x-hidden: true` or `x-excluded: true` (no
   * page then: the platform leaves the operation out, and the row has no `pagePath`).
   */
  operationMark?: 'deprecated' | 'hidden' | 'excluded';
  /**
   * An operation's row (API section): what gives it a page (an endpoint entry, a generated group, a page with
   * `openapi:` front matter) or 'none'; with `coveredByPage`, that page's file (relative to the docs folder).
   */
  coverage?: 'entry' | 'generated' | 'page' | 'none';
  coveredByPage?: string;
  /** A spec's row (API section): its operations that nothing gives a page (`x-excluded` ones aside). */
  uncovered?: number;
  /** A spec's row whose operations are not known: it is missing, invalid, or still being read. */
  unread?: string;
  /** Its children, down to the depth asked (none below it: `childCount` tells how many there are). */
  children: NavigationTreeNode[];
  childCount: number;
  /** How many children its children have in all: the rows that opening it and them would show. */
  grandchildCount: number;
}

/** What a page's row shows beyond its node, asked for the rows on screen only (each is a file read). */
export interface PageRow {
  /** What the site's sidebar shows for the page: its front matter `sidebarTitle`, else its `title`. */
  title?: string;
  /** Errors and warnings in the page's links (the view shows the pages with broken links). */
  problems: number;
}
