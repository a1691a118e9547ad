import { Range } from 'vscode-languageserver-types';
import { Diagnostic, ElementKind, JArray, JValue, NavElement, nodePathAt, shown, toAbsolute, valueOf } from '../checker';
import { endpointTarget, pageFileOf } from './definition';
import { DocsContext, elementOnPath } from './docs-context';
import { readTitle } from './front-matter';
import { rangeOfNode, START_OF_FILE } from './ranges';
import { elementName } from './symbols';
import { TreeNodeKind } from './tree-node-kinds';

export type { ElementKind };

/**
 * One element of the navigation, as the sidebar shows it, or the redirects after them (`redirects`, holding one
 * `redirect` per entry, labelled `source → destination`). Positions are LSP's (zero-based, UTF-16).
 */
export interface NavigationTreeNode {
  kind: TreeNodeKind;
  label: string;
  /** Where the element is written: in docs.json or in the `$ref` file named by `uri`. */
  range: Range;
  /** The file the element is written in. */
  uri: string;
  /** What the element opens: a page file, a group's `root` page, or the spec file and the operation's position. */
  target?: { uri: string; range?: Range };
  /**
   * Errors and warnings reported on this element's own range (not on its children; not in its page's links: see
   * `PageRow`); the `redirects` node counts those of every entry (its list starts folded).
   */
  problems: number;
  children: NavigationTreeNode[];
}

/** What a page's row shows beyond its node, asked for the rows on screen only (each is a file read). */
export interface PageRow {
  /** The page's `title` from its front matter: what the site shows for it. */
  title?: string;
  /** Errors and warnings in the page's links (the view shows the pages with broken links). */
  problems: number;
}

/**
 * The sidebar's tree: the navigation root's children with their targets, and per element the number of
 * `problems` (diagnostics that count as problems, already filtered by the caller) on its own range. It reads no
 * page (`pageRows` does, for the rows on screen): on a site of 10,000 pages, the request took 1.3 s when it read
 * every page's title and links, and takes 0.3–0.4 s without (stdio, the server's own page-link pass running).
 */
export function navigationTree(ctx: DocsContext, problems: Diagnostic[]): NavigationTreeNode[] {
  const counts = new Map<NavElement | JValue, number>();
  const count = (owner: NavElement | JValue) => counts.set(owner, (counts.get(owner) ?? 0) + 1);
  const redirects = valueOf(ctx.model.root, 'redirects');
  for (const d of problems) {
    // The middle of the range: a string's range starts on its quote, which its own node does not contain.
    const path = nodePathAt(ctx.model.root, d.file.path, d.offset + Math.floor(d.length / 2));
    const owner = elementOnPath(ctx.model, path);
    if (owner) count(owner);
    else if (redirects && path[1]?.node === redirects) {
      count(redirects);
      if (path[2]) count(path[2].node);
    }
  }
  const build = (element: NavElement): NavigationTreeNode => {
    const node: NavigationTreeNode = {
      kind: element.kind,
      label: elementName(element),
      range: rangeOfNode(element.node),
      uri: ctx.uriOf(element.node.file.path),
      problems: counts.get(element) ?? 0,
      children: element.children.map(build),
    };
    const rootPage = element.kind === 'group' ? valueOf(element.node, 'root') : undefined;
    const page = element.kind === 'page' ? element.node : rootPage;
    if (page?.type === 'string') {
      const file = pageFileOf(ctx, page);
      if (file !== undefined) node.target = { uri: ctx.uriOf(toAbsolute(ctx.workspace.root, file)), range: START_OF_FILE };
    } else if (element.kind === 'endpoint') {
      const target = endpointTarget(ctx, element);
      if (target) node.target = { uri: ctx.uriOf(target.path), range: target.range };
    }
    return node;
  };
  const tree = ctx.model.navigation?.children.map(build) ?? [];
  if (redirects?.type === 'array' && redirects.items.length) tree.push(redirectsNode(ctx, redirects, (node) => counts.get(node) ?? 0));
  return tree;
}

/** The redirects of docs.json, each opening its entry (no target: the view opens the node's own range). */
function redirectsNode(ctx: DocsContext, list: JArray, problems: (node: JValue) => number): NavigationTreeNode {
  const text = (value: JValue | undefined) => (value?.type === 'string' ? shown(value.plain) : '?');
  const entry = (item: JValue): NavigationTreeNode => ({
    kind: 'redirect',
    label: `${text(valueOf(item, 'source'))} → ${text(valueOf(item, 'destination'))}`,
    range: rangeOfNode(item),
    uri: ctx.uriOf(item.file.path),
    problems: problems(item),
    children: [],
  });
  return { kind: 'redirects', label: 'Redirects', range: rangeOfNode(list), uri: ctx.uriOf(list.file.path), problems: problems(list), children: list.items.map(entry) };
}

/** The rows of pages (files relative to the docs folder): their titles, and the `problems` of their links. */
export function pageRows(ctx: DocsContext, files: readonly string[], linkProblems: (file: string) => number): PageRow[] {
  return files.map((file) => {
    const text = ctx.workspace.read(file);
    const title = text === undefined ? undefined : readTitle(text)?.trim() || undefined;
    return title ? { title, problems: linkProblems(file) } : { problems: linkProblems(file) };
  });
}
