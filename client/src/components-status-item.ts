import * as vscode from 'vscode';

/** The setting that decides whether the server checks components (`auto`: not when the official extension is installed). */
export const COMPONENTS_SETTING = 'docsJson.components';

/**
 * One line in the status bar while component checks are left to the official "Mintlify MDX" extension
 * (`docsJson.components: auto` with it installed, as the server was told at start): they went quiet with no word
 * while `docs-json check` still reports them (issue 48). A click opens the setting.
 */
export class ComponentsStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('docsJson.components', vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[] = [];
  private shown = false;

  /** `officialInstalled`: whether the server was told the official extension is installed. */
  constructor(private officialInstalled: boolean) {
    this.item.name = 'Docs: component checks';
    this.item.text = '$(info) Components: Mintlify MDX';
    this.item.command = { title: 'Open the Setting', command: 'workbench.action.openSettings', arguments: [COMPONENTS_SETTING] };
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(COMPONENTS_SETTING)) this.update();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.update()),
    );
    this.update();
  }

  get visible(): boolean {
    return this.shown;
  }

  get text(): string {
    return this.item.text;
  }

  get tooltip(): string {
    return typeof this.item.tooltip === 'string' ? this.item.tooltip : (this.item.tooltip?.value ?? '');
  }

  get command(): vscode.Command | undefined {
    return typeof this.item.command === 'string' ? { title: '', command: this.item.command } : this.item.command;
  }

  /** For a host where the official extension cannot be installed (the tests): what the item shows if it were. */
  setOfficialInstalled(installed: boolean): void {
    this.officialInstalled = installed;
    this.update();
  }

  private update(): void {
    const left = this.officialInstalled ? foldersLeavingComponents() : [];
    if (!left.length) {
      this.item.hide();
      this.shown = false;
      return;
    }
    const where = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders.length > 1 ? ` (in ${left.join(', ')})` : '';
    this.item.tooltip = `Component checks (unknown-component, unknown-prop, invalid-prop-value, missing-prop) are left to the Mintlify MDX extension${where}; \`docs-json check\` still reports them. Click to open the ${COMPONENTS_SETTING} setting ("on" checks them here too).`;
    this.item.show();
    this.shown = true;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.item.dispose();
  }
}

/** The workspace folders (their names) whose `docsJson.components` is `auto`; a window with no folder is one. */
function foldersLeavingComponents(): string[] {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const isAuto = (scope?: vscode.WorkspaceFolder) => vscode.workspace.getConfiguration('docsJson', scope).get<string>('components', 'auto') === 'auto';
  if (!folders.length) return isAuto() ? ['this window'] : [];
  return folders.filter((folder) => isAuto(folder)).map((folder) => folder.name);
}
