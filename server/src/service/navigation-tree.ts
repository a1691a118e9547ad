import { Range } from 'vscode-languageserver-types';
import { Diagnostic, DocsModel, ElementKind, JArray, JValue, NavElement, nodePathAt, shown, toAbsolute, valueOf } from '../checker';
import { endpointTarget, pageFileOf } from './definition';
import { DocsContext, elementOnPath } from './docs-context';
import { SidebarLabels } from './front-matter';
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

/** Problems on each element's own range, and on the redirects list and each of its entries. */
export type ProblemCounts = ReadonlyMap<NavElement | JValue, number>;

/** Counts the problems (diagnostics that count as problems, already filtered by the caller) of each element. */
export function problemCounts(model: DocsModel, problems: readonly Diagnostic[]): ProblemCounts {
  const counts = new Map<NavElement | JValue, number>();
  const count = (owner: NavElement | JValue) => counts.set(owner, (counts.get(owner) ?? 0) + 1);
  const redirects = valueOf(model.root, 'redirects');
  for (const d of problems) {
    // The middle of the range: a string's range starts on its quote, which its own node does not contain.
    const at = nodePathAt(model.root, d.file.path, d.offset + Math.floor(d.length / 2));
    const owner = elementOnPath(model, at);
    if (owner) count(owner);
    else if (redirects && at[1]?.node === redirects) {
      count(redirects);
      if (at[2]) count(at[2].node);
    }
  }
  return counts;
}

/**
 * The sidebar's tree: the children of the element at `path` (indexes from the navigation root; the index after the
 * root's last child is the redirects), with their targets and per element the number of `problems` on its own range
 * (`counts`), and their children down to `depth` levels.
 * It reads no page (`pageRows` does, for the rows on screen). On a site of 10,000 pages in 100 groups, over stdio:
 * the whole tree took 1.3 s when it read every page's title and links, 0.3–0.5 s without (3.5 MB); its top level,
 * which is what the Docs view asks for first, took 24–32 ms (22 kB) with the problems counted per request. With
 * `counts` made once per check (the language service keeps them), a level takes 0.7–1 ms on the bench's 10k and
 * 100k repos.
 */
export function navigationTree(ctx: DocsContext, counts: ProblemCounts, path: readonly number[] = [], depth = Infinity): NavigationTreeNode[] {
  const redirects = valueOf(ctx.model.root, 'redirects');
  const build = (element: NavElement, levels: number): NavigationTreeNode => {
    const node: NavigationTreeNode = {
      kind: element.kind,
      label: elementName(element),
      range: rangeOfNode(element.node),
      uri: ctx.uriOf(element.node.file.path),
      problems: counts.get(element) ?? 0,
      children: levels > 1 ? element.children.map((child) => build(child, levels - 1)) : [],
      childCount: element.children.length,
      grandchildCount: element.children.reduce((sum, child) => sum + child.children.length, 0),
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
  const top = ctx.model.navigation?.children ?? [];
  const redirectList = redirects?.type === 'array' && redirects.items.length ? redirects : undefined;
  const problemsOf = (node: JValue) => counts.get(node) ?? 0;
  if (path.length === 0) {
    const tree = top.map((element) => build(element, depth));
    if (redirectList) tree.push(redirectsNode(ctx, redirectList, problemsOf, depth));
    return tree;
  }
  const [first, ...rest] = path;
  if (first === top.length && redirectList) return rest.length ? [] : redirectsNode(ctx, redirectList, problemsOf, depth + 1).children;
  let element: NavElement | undefined = top[first];
  for (const index of rest) element = element?.children[index];
  return element?.children.map((child) => build(child, depth)) ?? [];
}

/** The redirects of docs.json, each opening its entry (no target: the view opens the node's own range). */
function redirectsNode(ctx: DocsContext, list: JArray, problems: (node: JValue) => number, levels: number): NavigationTreeNode {
  const text = (value: JValue | undefined) => (value?.type === 'string' ? shown(value.plain) : '?');
  const entry = (item: JValue): NavigationTreeNode => ({
    kind: 'redirect',
    label: `${text(valueOf(item, 'source'))} → ${text(valueOf(item, 'destination'))}`,
    range: rangeOfNode(item),
    uri: ctx.uriOf(item.file.path),
    problems: problems(item),
    children: [],
    childCount: 0,
    grandchildCount: 0,
  });
  return {
    kind: 'redirects',
    label: 'Redirects',
    range: rangeOfNode(list),
    uri: ctx.uriOf(list.file.path),
    problems: problems(list),
    children: levels > 1 ? list.items.map(entry) : [],
    childCount: list.items.length,
    grandchildCount: 0,
  };
}

const labelsByWorkspace = new WeakMap<object, SidebarLabels>();

/** The rows of pages (files relative to the docs folder): their titles, and the `problems` of their links. */
export function pageRows(ctx: DocsContext, files: readonly string[], linkProblems: (file: string) => number): PageRow[] {
  let labels = labelsByWorkspace.get(ctx.workspace);
  if (!labels) labelsByWorkspace.set(ctx.workspace, (labels = new SidebarLabels()));
  return files.map((file) => {
    const text = ctx.workspace.read(file);
    const title = text === undefined ? undefined : labels.of(file, text);
    return title ? { title, problems: linkProblems(file) } : { problems: linkProblems(file) };
  });
}
