// The Docs view's page commands: Rename page… (F2 in the view), Move…, Reveal in Explorer, Reveal in Docs View
// (and the view following the active editor), Find page…. A rename or move is a file rename through VS Code's
// workspace edit, as Explorer's: the language server's willRenameFiles updates docs.json, links and redirects.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { LANGUAGE_GRID_REQUEST, LanguageGrid } from '../../../server/src/protocol';
import { ElementItem, NAVIGATION_VIEW, NavigationItem, NavigationTreeProvider } from './navigation-tree';
import { FileMove, translationMoves } from './translation-moves';

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
      // A page moved in Explorer (or by another extension): its translations are looked up before the move, and
      // offered after it.
      vscode.workspace.onWillRenameFiles((event) => {
        if (this.ownMoves || !event.files.some((f) => PAGE_FILE.test(f.oldUri.path))) return;
        const moved = event.files.map((f) => ({ from: this.protocolUri(f.oldUri), to: this.protocolUri(f.newUri) }));
        const pending = this.translationsOf(moved).catch(() => []);
        this.pendingTranslations = pending;
        event.waitUntil(pending.then(() => undefined));
      }),
      vscode.workspace.onDidRenameFiles(() => {
        const pending = this.pendingTranslations;
        this.pendingTranslations = undefined;
        if (pending) void pending.then((moves) => this.offerTranslations(moves));
      }),
    );
  }

  /** Set while this class moves files itself (it asked already). */
  private ownMoves = 0;
  private pendingTranslations: Promise<FileMove[]> | undefined;
  private readonly didOffer = new vscode.EventEmitter<{ moves: FileMove[]; answer: Promise<boolean> }>();
  /** Fires when a move in Explorer offers its translations' moves (for tests). */
  readonly onDidOfferTranslations = this.didOffer.event;

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
    this.didOffer.dispose();
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
        const target = shown;
        await this.navigation.withoutRedraws(() => this.view.reveal(target, { select: true, focus, expand: false }));
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

  /**
   * Renames a row's page file in its folder (F2 in the view: the selected row); `name` skips the prompt. Its
   * translations follow as on a move.
   */
  async rename(item?: NavigationItem, name?: string, withTranslations?: boolean): Promise<boolean> {
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
    return this.moveWithTranslations(file, vscode.Uri.joinPath(file, '..', `${chosen}${PAGE_FILE.test(chosen) ? '' : extension}`), withTranslations);
  }

  /**
   * Moves a row's page file to another path under its docs folder; `to` (relative to the docs folder) skips the
   * prompt. A page of the default language takes its translations to the same place in their folders after one
   * question whose default is yes (`withTranslations` answers it).
   */
  async move(item?: NavigationItem, to?: string, withTranslations?: boolean): Promise<boolean> {
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
    return this.moveWithTranslations(file, vscode.Uri.joinPath(root, chosen), withTranslations);
  }

  /** Moves a page, and its translations after one question whose default is yes (`withTranslations` answers it). */
  private async moveWithTranslations(file: vscode.Uri, target: vscode.Uri, withTranslations?: boolean): Promise<boolean> {
    const translations = withTranslations === false ? [] : await this.translationsOf([{ from: this.protocolUri(file), to: this.protocolUri(target) }]).catch(() => []);
    let taken = translations;
    if (translations.length && withTranslations === undefined) {
      const all = 'Move with Translations';
      const answer = await vscode.window.showInformationMessage(
        `Move ${path.basename(file.fsPath)} with its ${countText(translations.length, 'translation')}?`,
        { modal: true, detail: `${translations.map((m) => `${this.relativeText(m.from)} → ${this.relativeText(m.to)}`).join('\n')}\n\nLeft behind, each would be a translation missing from its place.` },
        all,
        'Only This Page',
      );
      if (answer === undefined) return false;
      taken = answer === all ? translations : [];
    }
    return this.moveFile(file, target, taken);
  }

  /** The translations of the moved default-language pages and where each goes, except those moved with them. */
  private async translationsOf(moved: FileMove[]): Promise<FileMove[]> {
    const client = this.client();
    if (!client) return [];
    const docsFolders = (await this.navigation.docsJsonList()).map((docsJson) => ({ docsJson, folder: this.protocolUri(vscode.Uri.joinPath(docsJson, '..')) }));
    const exists = (uri: string) => existsSync(this.uriOf(uri).fsPath);
    const movedFrom = new Set(moved.map((m) => m.from));
    const found: FileMove[] = [];
    for (const move of moved) {
      if (!PAGE_FILE.test(move.from)) continue;
      const holder = docsFolders.filter((d) => move.from.startsWith(`${d.folder}/`)).sort((a, b) => b.folder.length - a.folder.length)[0];
      if (!holder) continue;
      const grids = (await client.sendRequest<LanguageGrid[]>(LANGUAGE_GRID_REQUEST, { uri: holder.docsJson.toString() })) ?? [];
      for (const m of translationMoves(grids, holder.folder, move, exists)) if (!movedFrom.has(m.from) && !found.some((f) => f.from === m.from)) found.push(m);
    }
    return found;
  }

  /** After a move in Explorer: one notification offering the translations' moves (they wait for an answer). */
  private async offerTranslations(moves: FileMove[]): Promise<boolean> {
    if (!moves.length) return false;
    const answer = (async () => {
      const label = 'Move Translations';
      const names = moves.map((m) => this.relativeText(m.from)).join(', ');
      const picked = await vscode.window.showInformationMessage(`Also move the page's ${countText(moves.length, 'translation')} (${names}) to the same place?`, label);
      return picked === label && this.moveFiles(moves);
    })();
    this.didOffer.fire({ moves, answer });
    return answer;
  }

  /** Shows a row's page file in Explorer. */
  async revealInExplorer(item?: NavigationItem): Promise<void> {
    const file = this.pageFileOf(item);
    if (file) await vscode.commands.executeCommand('revealInExplorer', file);
  }

  private async moveFile(from: vscode.Uri, to: vscode.Uri, translations: FileMove[] = []): Promise<boolean> {
    const done = await this.moveFiles([{ from: this.protocolUri(from), to: this.protocolUri(to) }, ...translations]);
    if (!done) void vscode.window.showErrorMessage(`${path.basename(from.fsPath)} was not moved: ${vscode.workspace.asRelativePath(to)} may exist already.`);
    return done;
  }

  /** One workspace edit for all the moves: the server's willRenameFiles updates the entries and redirects of each. */
  private async moveFiles(moves: FileMove[]): Promise<boolean> {
    const edit = new vscode.WorkspaceEdit();
    for (const move of moves) edit.renameFile(this.uriOf(move.from), this.uriOf(move.to), { overwrite: false });
    this.ownMoves++;
    try {
      return await vscode.workspace.applyEdit(edit);
    } finally {
      this.ownMoves--;
    }
  }

  private protocolUri(uri: vscode.Uri): string {
    const client = this.client();
    return client ? client.code2ProtocolConverter.asUri(uri) : uri.toString();
  }

  private relativeText(uri: string): string {
    return vscode.workspace.asRelativePath(this.uriOf(uri));
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

function countText(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
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
