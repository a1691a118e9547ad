import { Range } from 'vscode-languageserver-types';
import {
  Diagnostic,
  DocsModel,
  ElementKind,
  findEndpoint,
  JArray,
  JValue,
  LABEL_KEY,
  listedEndpointPagePath,
  NavElement,
  nodePathAt,
  operationCoverage,
  Severity,
  SpecCoverage,
  shown,
  SourceFile,
  specsForEndpoint,
  toAbsolute,
  valueOf,
} from '../../checker';
import { endpointTarget, pageFileOf } from '../docs-json/definition';
import { DocsContext, elementOnPath } from '../base/docs-context';
import { readSidebarLabel, SidebarLabels } from '../pages/front-matter';
import { rangeIn, rangeOfNode, START_OF_FILE } from '../base/ranges';
import { elementName } from '../docs-json/symbols';
import type { NavigationTreeNode, PageRow } from '../../protocol/docs-view';

export type { ElementKind, NavigationTreeNode, PageRow };

/** Errors and warnings of one element, a list, or a subtree. */
export interface Tally {
  errors: number;
  warnings: number;
}

const NO_PROBLEMS: Tally = Object.freeze({ errors: 0, warnings: 0 });

/** Problems on each element's own range, and on the redirects list and each of its entries. */
export type ProblemCounts = ReadonlyMap<NavElement | JValue, Tally>;

/** An error or a warning, the severities the view counts. */
export type Counted = 'error' | 'warning';

/**
 * Counts the errors and warnings of each element on its own range, given each finding's severity after the
 * folder's settings (undefined: off). Those on no row (docs.json's settings, the navigation's root, a spec, a
 * snippet) go to `elsewhere`.
 */
export function problemCounts(
  model: DocsModel,
  findings: readonly Diagnostic[],
  severityOf: (d: Diagnostic) => Severity | undefined,
  elsewhere?: (d: Diagnostic, severity: Counted) => void,
): ProblemCounts {
  const counts = new Map<NavElement | JValue, Tally>();
  const redirects = shownRedirects(model);
  for (const d of findings) {
    const severity = severityOf(d);
    if (severity !== 'error' && severity !== 'warning') continue;
    const count = (owner: NavElement | JValue) => {
      const tally = counts.get(owner) ?? { errors: 0, warnings: 0 };
      if (severity === 'error') tally.errors++;
      else tally.warnings++;
      counts.set(owner, tally);
    };
    // The middle of the range: a string's range starts on its quote, which its own node does not contain.
    const at = nodePathAt(model.root, d.file.path, d.offset + Math.floor(d.length / 2));
    const owner = elementOnPath(model, at);
    // The navigation's root has no row: its children are the top rows.
    if (owner && owner !== model.navigation) count(owner);
    else if (redirects && at[1]?.node === redirects) {
      count(redirects);
      if (at[2]) count(at[2].node);
    } else elsewhere?.(d, severity);
  }
  return counts;
}

/** The redirects list when it has a row: an array with entries. */
function shownRedirects(model: DocsModel): JArray | undefined {
  const redirects = valueOf(model.root, 'redirects');
  return redirects?.type === 'array' && redirects.items.length ? redirects : undefined;
}

/** Whether the "Not in navigation" row shows: without a navigation (docs.json being written, or gone) every page would be listed. */
export function orphansShown(model: DocsModel, orphans: readonly string[]): boolean {
  return orphans.length > 0 && (model.navigation?.children.length ?? 0) > 0;
}

/** The files of the "Other files" row when it shows: as the orphans', only beside a navigation (an empty view says docs.json is gone). */
function othersShown(model: DocsModel, counts: TreeCounts): TreeCounts['others'] | undefined {
  return counts.others?.length && model.navigation?.children.length ? counts.others : undefined;
}

/** Where else a page listed in several places is (each place named by its row where the two paths part), and where its problems count. */
export interface ListedElsewhere {
  alsoIn: string[];
  /** Set on every place but the first: the place whose rows count the page's problems. */
  countedUnder?: string;
}

/**
 * The errors and warnings of every element's subtree: its own, its descendants', and those in the links of its
 * pages (a page entry's file, a group's `root`) that `linkTally` knows of. One pass over the navigation.
 * A page file listed in several places (two products, two tabs) counts its links' problems once, at its first place
 * in the sidebar's order, as the Problems panel lists them once; its row elsewhere shows them without adding them
 * to the rows above it, and `listedElsewhere` tells each of its rows where else it is.
 */
export function subtreeCounts(
  ctx: DocsContext,
  own: ProblemCounts,
  linkTally: (file: string) => Tally | undefined,
): { subtree: Map<NavElement, Tally>; listedElsewhere: Map<NavElement, ListedElsewhere> } {
  const totals = new Map<NavElement, Tally>();
  // Each page file's rows in the sidebar's order (one row, on most sites).
  const places = new Map<string, NavElement | NavElement[]>();
  const visit = (element: NavElement): Tally => {
    const mine = own.get(element) ?? NO_PROBLEMS;
    const tally = { errors: mine.errors, warnings: mine.warnings };
    const page = pageNodeOf(element);
    const file = page && pageFileOf(ctx, page);
    const links = file === undefined ? undefined : linkTally(file);
    let shownOnly: Tally | undefined;
    if (file !== undefined) {
      const seen = places.get(file);
      if (seen === undefined) places.set(file, element);
      else if (Array.isArray(seen)) seen.push(element);
      else places.set(file, [seen, element]);
      if (links && seen) shownOnly = links;
      else if (links) add(tally, links);
    }
    for (const child of element.children) add(tally, visit(child));
    const shown = shownOnly ? { errors: tally.errors + shownOnly.errors, warnings: tally.warnings + shownOnly.warnings } : tally;
    if (shown.errors || shown.warnings) totals.set(element, shown);
    return tally;
  };
  for (const element of ctx.model.navigation?.children ?? []) visit(element);
  const listedElsewhere = new Map<NavElement, ListedElsewhere>();
  const pathOf = (element: NavElement) => {
    const path: NavElement[] = [];
    for (let at: NavElement | undefined = element; at && at !== ctx.model.navigation; at = at.parent) path.unshift(at);
    return path;
  };
  // The row that names another place: the first element where the two paths from the root part.
  const partingName = (from: NavElement[], to: NavElement[]) => {
    let k = 0;
    while (k < to.length - 1 && from[k] === to[k]) k++;
    return elementName(to[k]);
  };
  for (const rows of places.values()) {
    if (!Array.isArray(rows)) continue;
    const paths = rows.map(pathOf);
    paths.forEach((path, i) => {
      const names = [...new Set(paths.filter((_, j) => j !== i).map((other) => partingName(path, other)))];
      const entry: ListedElsewhere = { alsoIn: names };
      if (i > 0) entry.countedUnder = partingName(path, paths[0]);
      listedElsewhere.set(path[path.length - 1], entry);
    });
  }
  return { subtree: totals, listedElsewhere };
}

function add(to: Tally, from: Tally): void {
  to.errors += from.errors;
  to.warnings += from.warnings;
}

/** The page an element opens: a page entry, or a group's `root`. */
function pageNodeOf(element: NavElement) {
  const page = element.kind === 'page' ? element.node : element.kind === 'group' ? valueOf(element.node, 'root') : undefined;
  return page?.type === 'string' ? page : undefined;
}

/** The problem counts the tree shows: per element's own range, per subtree, and the page files no entry reaches. */
export interface TreeCounts {
  own: ProblemCounts;
  subtree: ReadonlyMap<NavElement, Tally>;
  /** The rows of a page file listed in several places, with where else it is. */
  listedElsewhere?: ReadonlyMap<NavElement, ListedElsewhere>;
  /** Page files (relative) that no entry of the navigation reaches, sorted; listed after it as "Not in navigation". */
  orphans: readonly string[];
  /** The errors and warnings in the links of those of `orphans` that have some (and their orphan finding, when one of those). */
  orphanTallies?: ReadonlyMap<string, Tally>;
  /**
   * The files (relative, sorted) whose errors and warnings no other row counts, with those: listed last as "Other
   * files", so that the top rows add up to what the Problems panel lists for the folder.
   */
  others?: readonly (readonly [string, Tally])[];
}

/**
 * The sidebar's tree: the children of the element at `path` (indexes from the navigation root; after the root's
 * last child come the redirects, then the pages not in the navigation, each when there are some), with their
 * targets, the `problems` on each element's own range and the errors and warnings of its subtree (`counts`), and
 * their children down to `depth` levels.
 * It reads no page but the first of a group without a name (`pageRows` reads them, for the rows on screen). On a
 * site of 10,000 pages in 100 groups, over stdio: the whole tree took 1.3 s when it read every page's title and
 * links, 0.3–0.5 s without (3.5 MB); its top level, which is what the Docs view asks for first, took 24–32 ms
 * (22 kB) with the problems counted per request. With `counts` made once per check (the language service keeps
 * them), a level takes 0.7–1 ms on the bench's 10k and 100k repos.
 */
export function navigationTree(ctx: DocsContext, counts: TreeCounts, path: readonly number[] = [], depth = Infinity): NavigationTreeNode[] {
  const build = (element: NavElement, levels: number): NavigationTreeNode => {
    const total = counts.subtree.get(element) ?? NO_PROBLEMS;
    const own = counts.own.get(element);
    const node: NavigationTreeNode = {
      kind: element.kind,
      label: elementName(element),
      range: rangeOfNode(element.node),
      selectionRange: rangeOfNode(labelNodeOf(element) ?? element.node),
      uri: ctx.uriOf(element.node.file.path),
      problems: own ? own.errors + own.warnings : 0,
      errors: total.errors,
      warnings: total.warnings,
      children: levels > 1 ? element.children.map((child) => build(child, levels - 1)) : [],
      childCount: element.children.length,
      grandchildCount: element.children.reduce((sum, child) => sum + child.children.length, 0),
    };
    const elsewhere = counts.listedElsewhere?.get(element);
    if (elsewhere) Object.assign(node, elsewhere);
    if (element.kind === 'group' && !element.label?.trim()) {
      const first = firstPageLabel(ctx, element);
      if (first) Object.assign(node, { label: first, unnamed: true });
    }
    const page = pageNodeOf(element);
    if (page) {
      const file = pageFileOf(ctx, page);
      if (file !== undefined) node.target = { uri: ctx.uriOf(toAbsolute(ctx.workspace.root, file)), range: START_OF_FILE };
    } else if (element.kind === 'endpoint') {
      const target = endpointTarget(ctx, element);
      if (target) node.target = { uri: ctx.uriOf(target.path), range: target.range };
      Object.assign(node, endpointPage(ctx, element));
    }
    return node;
  };
  const top = ctx.model.navigation?.children ?? [];
  const redirectList = shownRedirects(ctx.model);
  const extras: ((levels: number) => NavigationTreeNode)[] = [];
  if (redirectList) extras.push((levels) => redirectsNode(ctx, redirectList, counts.own, levels));
  if (orphansShown(ctx.model, counts.orphans)) extras.push((levels) => orphansNode(ctx, counts, levels));
  const others = othersShown(ctx.model, counts);
  if (others) extras.push((levels) => othersNode(ctx, others, levels));
  // Last, so that the rows above keep their paths (navigationPathOf).
  const specs = top.length ? operationCoverage(ctx.model, ctx.workspace) : [];
  if (specs.length) extras.push((levels) => specsNode(ctx, specs, levels));
  if (path.length === 0) return [...top.map((element) => build(element, depth)), ...extras.map((extra) => extra(depth))];
  const [first, ...rest] = path;
  const extra = extras[first - top.length];
  if (extra) {
    let node: NavigationTreeNode | undefined = extra(depth + 1 + rest.length);
    for (const index of rest) node = node?.children[index];
    return node?.children ?? [];
  }
  let element: NavElement | undefined = top[first];
  for (const index of rest) element = element?.children[index];
  return element?.children.map((child) => build(child, depth)) ?? [];
}

/**
 * Where a page file (relative) shows in the tree of `navigationTree`: the `path` of its first row (an entry or a
 * group's `root` naming it, in the sidebar's order), else of its row under "Not in navigation", else under "Other
 * files"; undefined when none lists it.
 */
export function navigationPathOf(ctx: DocsContext, counts: TreeCounts, file: string): number[] | undefined {
  const find = (elements: readonly NavElement[], path: number[]): number[] | undefined => {
    for (let i = 0; i < elements.length; i++) {
      const page = pageNodeOf(elements[i]);
      if (page && pageFileOf(ctx, page) === file) return [...path, i];
      const below = find(elements[i].children, [...path, i]);
      if (below) return below;
    }
    return undefined;
  };
  const top = ctx.model.navigation?.children ?? [];
  const found = find(top, []);
  if (found) return found;
  let next = top.length + (shownRedirects(ctx.model) ? 1 : 0);
  if (orphansShown(ctx.model, counts.orphans)) {
    const orphan = counts.orphans.indexOf(file);
    if (orphan >= 0) return [next, orphan];
    next++;
  }
  const other = othersShown(ctx.model, counts)?.findIndex(([relative]) => relative === file) ?? -1;
  return other < 0 ? undefined : [next, other];
}

/** The value of an element's label key (`"tab": "Guides"`), else its first key; a page entry is its own label. */
function labelNodeOf(element: NavElement): { file: SourceFile; offset: number; length: number } | undefined {
  const node = element.node;
  if (node.type !== 'object') return undefined;
  const label = valueOf(node, LABEL_KEY[element.kind] ?? '');
  if (label && label.file === node.file) return label;
  const first = node.props.find((prop) => prop.file === node.file);
  return first && { file: first.file, offset: first.keyOffset, length: first.keyLength };
}

/** What a group without a name is called in the view: its first page, by title when its file has one. */
function firstPageLabel(ctx: DocsContext, group: NavElement): string | undefined {
  // Depth first, in order: a stack of what is left, the next element on top.
  const pending = group.children.slice().reverse();
  for (let element = pending.pop(); element; element = pending.pop()) {
    if (element.kind === 'endpoint') return elementName(element);
    const page = pageNodeOf(element);
    if (page) {
      const file = pageFileOf(ctx, page);
      const text = file === undefined ? undefined : ctx.workspace.read(file);
      return (text === undefined ? undefined : readSidebarLabel(text)) ?? elementName(element);
    }
    for (let i = element.children.length - 1; i >= 0; i--) pending.push(element.children[i]);
  }
  return undefined;
}

/** The redirects of docs.json, each opening its entry (no target: the view opens the node's own range). */
function redirectsNode(ctx: DocsContext, list: JArray, counts: ProblemCounts, levels: number): NavigationTreeNode {
  const text = (value: JValue | undefined) => (value?.type === 'string' ? shown(value.plain) : '?');
  const problems = (node: JValue) => {
    const tally = counts.get(node) ?? NO_PROBLEMS;
    return { problems: tally.errors + tally.warnings, errors: tally.errors, warnings: tally.warnings };
  };
  const entry = (item: JValue): NavigationTreeNode => {
    const source = valueOf(item, 'source');
    return {
      kind: 'redirect',
      label: `${text(source)} → ${text(valueOf(item, 'destination'))}`,
      range: rangeOfNode(item),
      selectionRange: rangeOfNode(source?.file === item.file ? source : item),
      uri: ctx.uriOf(item.file.path),
      ...problems(item),
      children: [],
      childCount: 0,
      grandchildCount: 0,
    };
  };
  const key = ctx.model.root?.type === 'object' ? ctx.model.root.props.find((prop) => prop.key === 'redirects' && prop.file === list.file) : undefined;
  return {
    kind: 'redirects',
    label: 'Redirects',
    range: rangeOfNode(list),
    selectionRange: key ? rangeIn(key.file, key.keyOffset, key.keyLength) : rangeOfNode(list),
    uri: ctx.uriOf(list.file.path),
    ...problems(list),
    children: levels > 1 ? list.items.map(entry) : [],
    childCount: list.items.length,
    grandchildCount: 0,
  };
}

/** The page files no entry reaches, each opening its file (`pageRows` gives their titles), with the problems of their links. */
function orphansNode(ctx: DocsContext, counts: TreeCounts, levels: number): NavigationTreeNode {
  const { orphans } = counts;
  const bare = { range: START_OF_FILE, selectionRange: START_OF_FILE, problems: 0, errors: 0, warnings: 0, children: [], childCount: 0, grandchildCount: 0 };
  const entry = (relative: string): NavigationTreeNode => {
    const uri = ctx.uriOf(toAbsolute(ctx.workspace.root, relative));
    return { ...bare, ...counts.orphanTallies?.get(relative), kind: 'orphan', label: relative, uri, target: { uri, range: START_OF_FILE } };
  };
  const total = { errors: 0, warnings: 0 };
  for (const tally of counts.orphanTallies?.values() ?? []) add(total, tally);
  return {
    ...bare,
    ...total,
    kind: 'orphans',
    label: 'Not in navigation',
    uri: ctx.uriOf(ctx.model.sources[0]?.path ?? toAbsolute(ctx.workspace.root, 'docs.json')),
    children: levels > 1 ? orphans.map(entry) : [],
    childCount: orphans.length,
  };
}

/** The files whose problems no other row counts, each opening its file, with its errors and warnings. */
function othersNode(ctx: DocsContext, others: readonly (readonly [string, Tally])[], levels: number): NavigationTreeNode {
  const bare = { range: START_OF_FILE, selectionRange: START_OF_FILE, problems: 0, children: [], childCount: 0, grandchildCount: 0 };
  const entry = ([relative, tally]: readonly [string, Tally]): NavigationTreeNode => {
    const uri = ctx.uriOf(toAbsolute(ctx.workspace.root, relative));
    return { ...bare, ...tally, kind: 'other', label: relative, uri, target: { uri, range: START_OF_FILE } };
  };
  const total = { errors: 0, warnings: 0 };
  for (const [, tally] of others) add(total, tally);
  return {
    ...bare,
    ...total,
    kind: 'others',
    label: 'Other files',
    uri: ctx.uriOf(ctx.model.sources[0]?.path ?? toAbsolute(ctx.workspace.root, 'docs.json')),
    children: levels > 1 ? others.map(entry) : [],
    childCount: others.length,
  };
}

/**
 * The API section: per local spec the navigation uses, its operations and what gives each a page (an entry, a
 * generated group, a page with `openapi:`) or nothing, with the page path the platform gives it. Counts no
 * problem (the findings are on docs.json's rows): a spec row opens the spec, an operation row its place in it.
 */
function specsNode(ctx: DocsContext, specs: readonly SpecCoverage[], levels: number): NavigationTreeNode {
  const bare = { problems: 0, errors: 0, warnings: 0, children: [], childCount: 0, grandchildCount: 0 };
  const specNode = (spec: SpecCoverage, levels: number): NavigationTreeNode => {
    const uri = ctx.uriOf(toAbsolute(ctx.workspace.root, spec.file));
    const operation = (covered: SpecCoverage['operations'][number]): NavigationTreeNode => {
      const { endpoint } = covered;
      const at = { start: { line: endpoint.line, character: endpoint.character }, end: { line: endpoint.line, character: endpoint.character } };
      const mark = endpoint.excluded ? 'excluded' : endpoint.hidden ? 'hidden' : endpoint.deprecated ? 'deprecated' : undefined;
      return {
        ...bare,
        kind: 'operation',
        label: endpoint.key,
        range: at,
        selectionRange: at,
        uri,
        target: { uri, range: at },
        coverage: covered.coveredBy,
        ...(covered.pagePath !== undefined && { pagePath: covered.pagePath }),
        ...(covered.page !== undefined && { coveredByPage: covered.page }),
        ...(mark && { operationMark: mark }),
      };
    };
    const uncovered = spec.operations.filter((o) => o.coveredBy === 'none' && !o.endpoint.excluded).length;
    return {
      ...bare,
      kind: 'spec',
      label: spec.file,
      range: START_OF_FILE,
      selectionRange: START_OF_FILE,
      uri,
      target: { uri, range: START_OF_FILE },
      children: levels > 1 ? spec.operations.map(operation) : [],
      childCount: spec.operations.length,
      uncovered,
      ...(spec.unread !== undefined && { unread: spec.unread }),
    };
  };
  return {
    ...bare,
    kind: 'specs',
    label: 'OpenAPI specs',
    range: START_OF_FILE,
    selectionRange: START_OF_FILE,
    uri: ctx.uriOf(ctx.model.sources[0]?.path ?? toAbsolute(ctx.workspace.root, 'docs.json')),
    children: levels > 1 ? specs.map((spec) => specNode(spec, levels - 1)) : [],
    childCount: specs.length,
    grandchildCount: specs.reduce((sum, spec) => sum + spec.operations.length, 0),
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

/** An endpoint row's generated page path and its spec's mark, when the entry names an operation of a read spec. */
function endpointPage(ctx: DocsContext, element: NavElement): Pick<NavigationTreeNode, 'pagePath' | 'operationMark'> {
  if (!element.endpoint) return {};
  const found = specsForEndpoint(element, element.endpoint, ctx.workspace);
  const match = found.status === 'ok' ? findEndpoint(found.specs, element.endpoint.key) : undefined;
  if (!match) return {};
  const { endpoint } = match;
  if (endpoint.excluded) return { operationMark: 'excluded' };
  const mark = endpoint.hidden ? 'hidden' : endpoint.deprecated ? 'deprecated' : undefined;
  return { pagePath: listedEndpointPagePath(element, endpoint), ...(mark && { operationMark: mark }) };
}
