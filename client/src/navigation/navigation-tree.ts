import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  NAVIGATION_CHANGED_NOTIFICATION,
  NAVIGATION_TREE_REQUEST,
  NavigationChangedParams,
  NavigationTreeNode,
  NavigationTreeParams,
  MAX_PAGE_ROWS,
  NAVIGATION_PATH_REQUEST,
  NavigationPathParams,
  PAGE_ROWS_REQUEST,
  PageRow,
  PageRowsParams,
  TreeRange,
} from '../../../server/src/protocol';
import { findDocsJsonFiles } from '../docs-files';
import { DocsJsonPresence } from './docs-json-presence';
import { iconFor, KIND_LABEL } from './node-icons';
import { openDepth, STARTS_FOLDED } from './open-rows';

/** A row of the Navigation view: a docs.json file (when the workspace has several) or a navigation element. */
export type NavigationItem = { type: 'file'; docsJson: vscode.Uri; id: string } | ElementItem;

export interface ElementItem {
  type: 'element';
  docsJson: vscode.Uri;
  node: NavigationTreeNode;
  id: string;
  depth: number;
  /** Where the node is: the `path` the server takes for its children. */
  path: number[];
  /** Rows at this depth or above start open (see `openDepth`). */
  openTo: number;
  /** A page's title and the problems of its links, read when its row is about to show. */
  row?: PageRow;
}

const REFRESH_PAUSE_MS = 150;
/** The longest a reveal holds the view's redraws. */
const HOLD_LIMIT_MS = 5_000;

/** The id of the Docs view (package.json `contributes.views`). */
export const NAVIGATION_VIEW = 'docsJson.navigation';

/**
 * The Navigation view: the structure of docs.json as the language server sees it (tabs, anchors, groups, pages,
 * endpoints), with the problems of each element on its row. It refreshes after every check the server publishes.
 */
export class NavigationTreeProvider implements vscode.TreeDataProvider<NavigationItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<NavigationItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private readonly docsJsonFiles: DocsJsonPresence<vscode.Uri>;
  private timer: NodeJS.Timeout | undefined;
  /** Counts the redraws; `drawn` is the one whose top rows VS Code itself has asked for. */
  private redraws = 0;
  private drawn = -1;
  private readonly waiting: (() => void)[] = [];
  /** The rows handed to the view, by id: what `getParent` answers from (the view asks for it to reveal a row). */
  private readonly known = new Map<string, NavigationItem>();

  constructor(
    private readonly client: () => LanguageClient | undefined,
    workspaceState?: vscode.Memento,
  ) {
    this.docsJsonFiles = new DocsJsonPresence(findDocsJsonFiles, (key, value) => vscode.commands.executeCommand('setContext', key, value), workspaceState);
    const watcher = vscode.workspace.createFileSystemWatcher('**/docs.json', false, true, false);
    watcher.onDidCreate(() => this.refresh(true));
    watcher.onDidDelete(() => this.refresh(true));
    this.disposables.push(watcher);
    // The view and the commands show once a docs.json is found (`docsJson.hasDocsJson`); the view's welcome text
    // says it is checking until the first tree arrives (`docsJson.navigationReady` unset).
    void this.docsJsonFiles.list();
  }

  /** Whether the workspace has a docs.json (the answer of the search that sets `docsJson.hasDocsJson`). */
  async hasDocsJson(): Promise<boolean> {
    return (await this.docsJsonFiles.list()).length > 0;
  }

  /** Listens for the server's "navigation changed" notification (call once the client runs). */
  listen(client: LanguageClient): void {
    this.disposables.push(client.onNotification(NAVIGATION_CHANGED_NOTIFICATION, (_params: NavigationChangedParams) => this.refresh(false)));
  }

  /** Recomputes the view soon; `rescan` also looks for docs.json files again. */
  refresh(rescan = false): void {
    if (rescan) this.docsJsonFiles.forget();
    if (rescan) this.known.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (rescan) void this.docsJsonFiles.list();
      if (this.holds > 0) this.redrawHeld = true;
      else this.redraw();
    }, REFRESH_PAUSE_MS);
  }

  private redraw(): void {
    this.redrawHeld = false;
    this.redraws++;
    this.changed.fire(undefined);
  }

  private holds = 0;
  private redrawHeld = false;

  /**
   * Runs `reveal` with redraws held until it ends: a redraw while VS Code resolved a revealed row's parents failed
   * inside VS Code ("Cannot resolve tree item", logged as the extension's error; a page moved with its translation
   * in the real VS Code suite, the view following the editors the move opened).
   */
  async withoutRedraws<T>(reveal: () => Thenable<T>): Promise<T> {
    this.holds++;
    // A reveal that never ends must not keep the view stale: its held redraw goes after a while all the same.
    const limit = setTimeout(() => this.redrawHeld && this.redraw(), HOLD_LIMIT_MS);
    try {
      return await reveal();
    } finally {
      clearTimeout(limit);
      if (--this.holds === 0 && this.redrawHeld) this.redraw();
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const disposable of this.disposables) disposable.dispose();
  }

  /** Asked by VS Code. */
  async getChildren(parent?: NavigationItem): Promise<NavigationItem[]> {
    const redraw = this.redraws;
    const children = await this.rowsUnder(parent);
    if (!parent) {
      // Drawn once VS Code has taken the rows in: it registers them after this answer resolves, so a reveal woken
      // before that (in the same turn) asked for a row it did not know yet ("Cannot resolve tree item for element
      // 1/…docs.json#0", logged as the extension's error in a whole real VS Code run).
      setTimeout(() => {
        this.drawn = Math.max(this.drawn, redraw);
        for (const wake of this.waiting.splice(0)) wake();
      }, 0);
    }
    return children;
  }

  /** Waits until `settled`, at most `limitMs` (the view must be showing for VS Code to draw it): whether it is. */
  async whenSettled(limitMs = 10_000): Promise<boolean> {
    const end = Date.now() + limitMs;
    while (!this.settled && Date.now() < end) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.settled;
  }

  /**
   * Whether a row found now can be revealed: VS Code has drawn the current rows and no redraw is waiting. Revealing a
   * row of rows VS Code has not drawn (after a window reload, or while the view redraws) fails inside VS Code, which
   * logs it as an error of the extension.
   */
  get settled(): boolean {
    return this.timer === undefined && !this.redrawHeld && this.drawn === this.redraws;
  }

  private async rowsUnder(parent?: NavigationItem): Promise<NavigationItem[]> {
    const children = await this.childrenOf(parent);
    for (const child of children) this.known.set(child.id, child);
    return children;
  }

  private async childrenOf(parent?: NavigationItem): Promise<NavigationItem[]> {
    if (parent?.type === 'element') {
      const nodes = (await this.nodes(parent.docsJson, parent.path)) ?? [];
      return this.withRows(nodes.map((node, index) => element(parent, node, index)));
    }
    if (parent?.type === 'file') return this.topLevel(parent.docsJson);
    const files = await this.docsJsonFiles.list();
    if (files.length === 1) return this.topLevel(files[0]);
    return files.map((docsJson) => ({ type: 'file', docsJson, id: docsJson.toString() }));
  }

  /** The docs.json files of the workspace (the view's top rows when there are several). */
  docsJsonList(): Promise<vscode.Uri[]> {
    return this.docsJsonFiles.list();
  }

  /** The row of a page file (its first entry, else under "Not in navigation"), its parents listed on the way; undefined when no docs.json lists it. */
  async rowOf(page: vscode.Uri): Promise<ElementItem | undefined> {
    const client = this.client();
    if (!client?.isRunning()) return undefined;
    const files = await this.docsJsonFiles.list();
    for (const docsJson of files) {
      const params: NavigationPathParams = { uri: client.code2ProtocolConverter.asUri(docsJson), page: client.code2ProtocolConverter.asUri(page) };
      const path = await client.sendRequest<number[] | null>(NAVIGATION_PATH_REQUEST, params).catch(() => null);
      if (!path?.length) continue;
      let parent: NavigationItem | undefined = files.length === 1 ? undefined : { type: 'file', docsJson, id: docsJson.toString() };
      let found: NavigationItem | undefined;
      for (const index of path) {
        found = (await this.rowsUnder(parent))[index];
        if (found?.type !== 'element') return undefined;
        parent = found;
      }
      return found?.type === 'element' ? found : undefined;
    }
    return undefined;
  }

  /**
   * Every page of a docs.json's tree (the navigation's, and those not in it), folded rows included, each with its
   * title and where it is: what *Find page…* lists. One request for the whole tree, then the titles.
   */
  async allPages(docsJson: vscode.Uri): Promise<{ node: NavigationTreeNode; title?: string; trail: string[] }[]> {
    const client = this.client();
    if (!client?.isRunning()) return [];
    await vscode.workspace.openTextDocument(docsJson);
    const params: NavigationTreeParams = { uri: client.code2ProtocolConverter.asUri(docsJson) };
    const tree = (await client.sendRequest<NavigationTreeNode[]>(NAVIGATION_TREE_REQUEST, params)) ?? [];
    const pages: { node: NavigationTreeNode; title?: string; trail: string[] }[] = [];
    const seen = new Set<string>();
    const visit = (nodes: NavigationTreeNode[], trail: string[]) => {
      for (const node of nodes) {
        const target = node.target?.uri;
        if (target && (node.kind === 'page' || node.kind === 'orphan' || node.kind === 'group') && /\.mdx?$/i.test(target) && !seen.has(target)) {
          seen.add(target);
          pages.push({ node, trail });
        }
        visit(node.children, [...trail, node.label]);
      }
    };
    visit(tree, []);
    for (let from = 0; from < pages.length; from += MAX_PAGE_ROWS) {
      const slice = pages.slice(from, from + MAX_PAGE_ROWS);
      const rows = await client.sendRequest<PageRow[]>(PAGE_ROWS_REQUEST, { uri: params.uri, pages: slice.map((page) => page.node.target!.uri) } satisfies PageRowsParams).catch(() => []);
      slice.forEach((page, index) => (page.title = rows?.[index]?.title));
    }
    return pages;
  }

  getTreeItem(item: NavigationItem): vscode.TreeItem {
    if (item.type === 'file') {
      const tree = new vscode.TreeItem(vscode.workspace.asRelativePath(item.docsJson), vscode.TreeItemCollapsibleState.Expanded);
      tree.id = item.id;
      tree.resourceUri = item.docsJson;
      tree.iconPath = vscode.ThemeIcon.File;
      tree.command = { command: 'vscode.open', title: 'Open', arguments: [item.docsJson] };
      return tree;
    }
    const { node } = item;
    // Sections and their groups open; deeper groups start closed, and so do the redirects (thousands on some sites).
    const state =
      node.childCount === 0
        ? vscode.TreeItemCollapsibleState.None
        : item.depth <= item.openTo && !STARTS_FOLDED.has(node.kind)
          ? vscode.TreeItemCollapsibleState.Expanded
          : vscode.TreeItemCollapsibleState.Collapsed;
    // A page shows as the site shows it, by its title; its path and its kind are in the tooltip, not on the row.
    const title = item.row?.title;
    const label = title ?? (node.label || `(unnamed ${KIND_LABEL[node.kind]})`);
    const tree = new vscode.TreeItem(label, state);
    tree.id = item.id;
    tree.contextValue = `docsJson.${node.kind}`;
    tree.iconPath = iconFor(node.kind, node.errors > 0, node.target !== undefined);
    const problems = problemsText(node);
    const named = node.unnamed ? `${KIND_LABEL[node.kind]} without a name` : undefined;
    const pages = node.kind === 'orphans' ? countText(node.childCount, 'page') : node.kind === 'others' ? countText(node.childCount, 'file') : undefined;
    const alsoIn = node.alsoIn?.length ? `also in ${node.alsoIn.join(', ')}` : undefined;
    const mark = node.operationMark === 'hidden' ? 'x-hidden in its spec' : node.operationMark === 'excluded' ? 'x-excluded in its spec: no page' : node.operationMark;
    const api = apiText(node);
    tree.description = [named, pages, api, node.coverage !== 'none' && node.pagePath && `/${node.pagePath}`, mark, alsoIn, problems].filter(Boolean).join(' · ');
    const tooltip = new vscode.MarkdownString(`**${escapeMarkdown(label)}**\n\n${KIND_LABEL[node.kind]}`);
    if (named) tooltip.appendMarkdown(' without a name, shown by its first page');
    if (title || node.kind === 'orphan' || node.kind === 'other') tooltip.appendMarkdown(` \`${node.label.replace(/`/g, '')}\``);
    if (problems) tooltip.appendMarkdown(`\n\n${node.errors ? '$(error)' : '$(warning)'} ${problems}${node.childCount ? ' here and below' : ''}: see the Problems panel`);
    if (alsoIn) tooltip.appendMarkdown(`\n\nListed ${escapeMarkdown(alsoIn)} too: ${node.countedUnder ? `its problems count once, under ${escapeMarkdown(node.countedUnder)}` : 'its problems count once, here'}`);
    if (node.pagePath && node.coverage !== 'none') tooltip.appendMarkdown(`\n\nIts generated page: \`/${node.pagePath.replace(/`/g, '')}\``);
    if ((node.kind === 'page' || node.kind === 'endpoint') && !node.target) tooltip.appendMarkdown('\n\nNo file found for this entry');
    if (node.kind === 'orphans') tooltip.appendMarkdown('\n\nPage files under the docs folder that no entry of the navigation reaches: the site has no link to them in its sidebar');
    if (node.kind === 'specs') tooltip.appendMarkdown('\n\nThe OpenAPI specs docs.json names, each operation with what gives it a page: an endpoint entry, a generated group, a page with `openapi:` front matter, or nothing');
    if (node.kind === 'operation' && node.coverage === 'none' && node.pagePath) tooltip.appendMarkdown(`\n\nNo page yet: listed, it would be \`/${node.pagePath.replace(/`/g, '')}\``);
    if (node.kind === 'others') tooltip.appendMarkdown('\n\nThe other files with errors or warnings: snippets, OpenAPI specs, `$ref` files, the settings of docs.json');
    tooltip.supportThemeIcons = true;
    tree.tooltip = tooltip;
    // The lists of pages not in the navigation and of other files are nowhere in docs.json: a click only opens them.
    if (node.kind !== 'orphans' && node.kind !== 'others') tree.command = { command: 'docsJson.openNavigationTarget', title: 'Open', arguments: [item] };
    return tree;
  }

  getParent(item: NavigationItem): NavigationItem | undefined {
    if (item.type === 'file') return undefined;
    if (item.depth === 0) return this.known.get(item.docsJson.toString());
    return this.known.get(item.id.slice(0, item.id.lastIndexOf('/')));
  }

  private async topLevel(docsJson: vscode.Uri): Promise<NavigationItem[]> {
    const client = this.client();
    if (!client?.isRunning()) return [];
    // The server answers for the documents it knows: opening one (without an editor) tells it.
    await vscode.workspace.openTextDocument(docsJson);
    // The first tree of a large site waits for its first check: the view shows progress meanwhile.
    const items = await vscode.window.withProgress({ location: { viewId: NAVIGATION_VIEW } }, async () => {
      const top = await this.nodes(docsJson, []);
      if (!top) return undefined;
      const openTo = openDepth(top);
      const root = { docsJson, id: docsJson.toString(), depth: -1, path: [], openTo };
      return this.withRows(top.map((node, index) => element(root, node, index)));
    });
    // Until a tree has come, the view's welcome says it is checking.
    if (items) void vscode.commands.executeCommand('setContext', 'docsJson.navigationReady', true);
    return items ?? [];
  }

  /** The children of the element at `path`, one level (the view asks again for the rows it opens); undefined when the server did not answer. */
  private async nodes(docsJson: vscode.Uri, path: number[]): Promise<NavigationTreeNode[] | undefined> {
    const client = this.client();
    if (!client?.isRunning()) return undefined;
    const params: NavigationTreeParams = { uri: client.code2ProtocolConverter.asUri(docsJson), path, depth: 1 };
    try {
      return (await client.sendRequest<NavigationTreeNode[]>(NAVIGATION_TREE_REQUEST, params)) ?? [];
    } catch (error) {
      client.warn(`Navigation tree of ${docsJson.fsPath} failed`, error, false);
      return undefined;
    }
  }

  /** Fills in the rows of the pages among `items` (one request for all of them); without a server, they stay bare. */
  private async withRows(items: ElementItem[]): Promise<ElementItem[]> {
    const client = this.client();
    const pages = items.filter((item) => (item.node.kind === 'page' || item.node.kind === 'orphan') && item.node.target);
    if (!client?.isRunning() || pages.length === 0) return items;
    try {
      for (let from = 0; from < pages.length; from += MAX_PAGE_ROWS) {
        const slice = pages.slice(from, from + MAX_PAGE_ROWS);
        const params: PageRowsParams = { uri: client.code2ProtocolConverter.asUri(slice[0].docsJson), pages: slice.map((item) => item.node.target!.uri) };
        const rows = await client.sendRequest<PageRow[]>(PAGE_ROWS_REQUEST, params);
        slice.forEach((item, index) => (item.row = rows?.[index]));
      }
    } catch (error) {
      client.warn(`Page rows of ${items[0].docsJson.fsPath} failed`, error, false);
    }
    return items;
  }
}

/** The row of the `index`-th child of `parent` (the root: depth -1, path []). */
function element(parent: Pick<ElementItem, 'docsJson' | 'id' | 'depth' | 'path' | 'openTo'>, node: NavigationTreeNode, index: number): ElementItem {
  const id = parent.depth < 0 ? `${parent.id}#${index}` : `${parent.id}/${index}`;
  return { type: 'element', docsJson: parent.docsJson, node, id, depth: parent.depth + 1, path: [...parent.path, index], openTo: parent.openTo };
}

/** Two clicks on one row within this time are a double-click (VS Code runs a row's command on each click). */
const DOUBLE_CLICK_MS = 500;
let lastClick: { id: string; at: number } | undefined;

/**
 * Opens what a row leads to: a page's file, an endpoint's operation in its spec, else the element in docs.json with
 * its label selected. As a click in VS Code's own views does, it previews and keeps the focus in the view: the
 * next keystroke goes to the view, not into docs.json (a tab's row selected lines 30–251 and "u" replaced them).
 * A double-click opens it as Explorer does: pinned, the focus in the editor.
 */
export async function openNavigationTarget(item: NavigationItem, client: LanguageClient | undefined): Promise<void> {
  const now = Date.now();
  const double = lastClick?.id === item.id && now - lastClick.at <= DOUBLE_CLICK_MS;
  lastClick = double ? undefined : { id: item.id, at: now };
  const how = { preview: !double, preserveFocus: !double };
  if (item.type === 'file') {
    await vscode.window.showTextDocument(item.docsJson, how);
    return;
  }
  const { node } = item;
  const target = node.target ?? { uri: node.uri, range: node.selectionRange };
  await vscode.window.showTextDocument(uriIn(target.uri, client), { selection: target.range && toRange(target.range), ...how });
  // Shown again unpinned, the preview the first click opened stays a preview.
  if (double) await vscode.commands.executeCommand('workbench.action.keepEditor');
}

/**
 * Shows the element of a row in docs.json (or in the `$ref` file it is written in) and goes there, the cursor
 * inside its label (`"Guides|"`): an empty selection, which the next keystroke extends, never replaces.
 */
export async function revealInDocsJson(item: NavigationItem, client: LanguageClient | undefined): Promise<void> {
  if (item.type === 'file') return openNavigationTarget(item, client);
  const { start, end } = item.node.selectionRange;
  const quoted = start.line === end.line && end.character - start.character >= 2;
  const cursor = new vscode.Position(end.line, quoted ? end.character - 1 : start.character);
  await vscode.window.showTextDocument(uriIn(item.node.uri, client), { selection: new vscode.Range(cursor, cursor), preview: true, preserveFocus: false });
}

function uriIn(uri: string, client: LanguageClient | undefined): vscode.Uri {
  return client ? client.protocol2CodeConverter.asUri(uri) : vscode.Uri.parse(uri);
}

function toRange(range: TreeRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

/** `2 errors, 1 warning` for a row and what is below it; empty without any. */
/** What an API section row says of its coverage: per spec, its operations and those without a page; per operation, what gives it one. */
function apiText(node: NavigationTreeNode): string | undefined {
  if (node.kind === 'spec') {
    if (node.unread) return `not read (${node.unread})`;
    return [countText(node.childCount, 'operation') || 'no operations', node.uncovered ? `${node.uncovered} without a page` : ''].filter(Boolean).join(', ');
  }
  if (node.kind !== 'operation' || node.operationMark === 'excluded') return undefined;
  switch (node.coverage) {
    case 'entry':
      return 'listed';
    case 'generated':
      return 'generated';
    case 'page':
      return `page ${node.coveredByPage}`;
    case 'none':
      return node.pagePath ? `no page (once listed: /${node.pagePath})` : 'no page';
  }
  return undefined;
}

function problemsText(counts: { errors: number; warnings: number }): string {
  return [countText(counts.errors, 'error'), countText(counts.warnings, 'warning')].filter(Boolean).join(', ');
}

function countText(count: number, noun: string): string {
  return count === 0 ? '' : `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>$]/g, '\\$&');
}
