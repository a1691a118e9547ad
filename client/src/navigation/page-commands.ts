// The Docs view's page commands: Rename page… (F2 in the view), Move…, Reveal in Explorer, Reveal in Docs View
// (and the view following the active editor), Find page…. A rename or move is a file rename through VS Code's
// workspace edit, as Explorer's: the language server's willRenameFiles updates docs.json, links and redirects.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ElementItem, NAVIGATION_VIEW, NavigationItem, NavigationTreeProvider } from './navigation-tree';

const PAGE_FILE = /\.mdx?$/i;

export class PageCommands implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly navigation: NavigationTreeProvider,
    private readonly view: vscode.TreeView<NavigationItem>,
    private readonly client: () => LanguageClient | undefined,
  ) {
    // The view follows the active editor while it shows: the page's row selected, its groups opened.
    this.disposables.push(
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        // A reveal while the view redraws may not find the row: the next editor change tries again.
        if (editor && this.view.visible && PAGE_FILE.test(editor.document.uri.path)) this.reveal(editor.document.uri, false).catch(() => false);
      }),
    );
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }

  private revealing: Promise<unknown> = Promise.resolve();

  /** Selects the row of `page` (default: the active editor's file); `focus` also shows the view and moves the focus there. */
  reveal(page = vscode.window.activeTextEditor?.document.uri, focus = true): Promise<boolean> {
    // One at a time: two reveals at once (the editor followed while the command runs) fetch the same folded rows
    // together inside VS Code, and one of them fails ("Cannot resolve tree item", logged as the extension's error).
    const next = this.revealing.then(() => this.revealNow(page, focus));
    this.revealing = next.catch(() => false);
    return next;
  }

  private async revealNow(page: vscode.Uri | undefined, focus: boolean): Promise<boolean> {
    if (!page) return false;
    const row = await this.navigation.rowOf(page);
    if (!row) {
      if (focus) void vscode.window.showInformationMessage(`${path.basename(page.fsPath)} is in no docs.json of this workspace.`);
      return false;
    }
    // Not while the view redraws, nor before VS Code has drawn it: revealing a row it has not drawn fails inside VS
    // Code, logged as the extension's error. Then wait for the drawn view (the command shows it first) and find the
    // row again among the rows drawn; a redraw that begins just before the reveal gets one more try.
    let shown: ElementItem | undefined = row;
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt > 0 || !this.navigation.settled) {
        if (focus && !this.view.visible) await vscode.commands.executeCommand(`${NAVIGATION_VIEW}.focus`);
        shown = (await this.navigation.whenSettled()) ? await this.navigation.rowOf(page) : undefined;
        if (!shown) return false;
      }
      try {
        await this.view.reveal(shown, { select: true, focus, expand: false });
        return true;
      } catch {
        // Redrawn meanwhile.
      }
    }
    return false;
  }

  /**
   * A quick pick over every page (title and path) of every docs.json, folded groups included; the pick opens.
   * `query` (a keybinding's argument) opens the first page with that title or path without asking.
   */
  async findPage(query?: string): Promise<void> {
    type Pick = vscode.QuickPickItem & { uri: string };
    const picks: Pick[] = [];
    for (const docsJson of await this.navigation.docsJsonList()) {
      const folder = path.dirname(docsJson.fsPath);
      for (const { node, title, trail } of await this.navigation.allPages(docsJson)) {
        const file = this.uriOf(node.target!.uri);
        const relative = path.relative(folder, file.fsPath).split(path.sep).join('/');
        picks.push({ label: title ?? relative, description: relative, detail: trail.join(' › ') || undefined, uri: node.target!.uri });
      }
    }
    const picked =
      query !== undefined
        ? picks.find((pick) => pick.label === query || pick.description === query)
        : await vscode.window.showQuickPick(picks, { title: 'Find page', placeHolder: 'A page title or path', matchOnDescription: true, matchOnDetail: true });
    if (picked) await vscode.window.showTextDocument(this.uriOf(picked.uri), { preview: false });
  }

  /** Renames a row's page file in its folder (F2 in the view: the selected row); `name` skips the prompt. */
  async rename(item?: NavigationItem, name?: string): Promise<boolean> {
    const file = this.pageFileOf(item);
    if (!file) return false;
    const extension = path.extname(file.path);
    const stem = path.basename(file.path, extension);
    const chosen =
      name ??
      (await vscode.window.showInputBox({
        title: 'Rename page',
        prompt: 'The new file name: the page URL, docs.json entries and links follow, and a redirect keeps the old URL',
        value: stem,
        validateInput: (value) => fileNameProblem(value),
      }));
    if (chosen === undefined || chosen === stem || fileNameProblem(chosen)) return false;
    return this.moveFile(file, vscode.Uri.joinPath(file, '..', `${chosen}${PAGE_FILE.test(chosen) ? '' : extension}`));
  }

  /** Moves a row's page file to another path under its docs folder; `to` (relative to the docs folder) skips the prompt. */
  async move(item?: NavigationItem, to?: string): Promise<boolean> {
    const file = this.pageFileOf(item);
    const row = item ?? this.view.selection[0];
    if (!file || !row) return false;
    const root = vscode.Uri.joinPath(row.docsJson, '..');
    const relative = path.relative(root.fsPath, file.fsPath).split(path.sep).join('/');
    const folderEnd = relative.lastIndexOf('/') + 1;
    const chosen =
      to ??
      (await vscode.window.showInputBox({
        title: 'Move page',
        prompt: 'The new path, from the docs folder: the page URL, docs.json entries and links follow, and a redirect keeps the old URL',
        value: relative,
        valueSelection: [0, folderEnd],
        validateInput: (value) => movePathProblem(value),
      }));
    if (chosen === undefined || chosen === relative || movePathProblem(chosen)) return false;
    return this.moveFile(file, vscode.Uri.joinPath(root, chosen));
  }

  /** Shows a row's page file in Explorer. */
  async revealInExplorer(item?: NavigationItem): Promise<void> {
    const file = this.pageFileOf(item);
    if (file) await vscode.commands.executeCommand('revealInExplorer', file);
  }

  private async moveFile(from: vscode.Uri, to: vscode.Uri): Promise<boolean> {
    const edit = new vscode.WorkspaceEdit();
    edit.renameFile(from, to, { overwrite: false });
    const done = await vscode.workspace.applyEdit(edit);
    if (!done) void vscode.window.showErrorMessage(`${path.basename(from.fsPath)} was not moved: ${vscode.workspace.asRelativePath(to)} may exist already.`);
    return done;
  }

  /** The page file of a row (default: the view's selected row), or undefined with a message for a row without one. */
  private pageFileOf(item = this.view.selection[0]): vscode.Uri | undefined {
    const uri = item?.type === 'element' ? pageTarget(item) : undefined;
    if (uri === undefined) {
      void vscode.window.showInformationMessage(item ? 'This row has no page file.' : 'Select a page in the Docs view first.');
      return undefined;
    }
    return this.uriOf(uri);
  }

  private uriOf(uri: string): vscode.Uri {
    const client = this.client();
    return client ? client.protocol2CodeConverter.asUri(uri) : vscode.Uri.parse(uri);
  }
}

function pageTarget(item: ElementItem): string | undefined {
  const target = item.node.target?.uri;
  return target && PAGE_FILE.test(target) ? target : undefined;
}

function fileNameProblem(name: string): string | undefined {
  if (!name.trim()) return 'A name is needed.';
  if (/[\\/]/.test(name)) return 'A name without "/": Move… changes the folder.';
  return undefined;
}

function movePathProblem(to: string): string | undefined {
  if (!PAGE_FILE.test(to)) return 'A page path ends with .mdx or .md.';
  if (to.startsWith('/') || to.split(/[\\/]/).some((part) => part === '..' || part === '')) return 'A path inside the docs folder, such as guides/setup.mdx.';
  return undefined;
}
