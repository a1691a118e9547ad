import * as vscode from 'vscode';

/** A choice of where a typed setting goes. */
export interface TargetChoice extends vscode.QuickPickItem {
  target: vscode.ConfigurationTarget;
}

/** One command's answer, kept so that a command asking two settings asks where to write them once. */
export interface SettingsFlow {
  target?: vscode.ConfigurationTarget;
}

const asked = new vscode.EventEmitter<vscode.QuickPick<TargetChoice>>();
/** Fires when a command asks where to write a setting, so that tests in the extension host can answer. */
export const onDidAskSettingsTarget = asked.event;

/**
 * Where `section.name` is written: the user's settings unless the writer chooses the workspace's. The workspace's
 * `.vscode/settings.json` is a file of the repository the writer may commit, so it is never written without asking,
 * except for a setting it already holds (a user value would be hidden behind it). Undefined when dismissed.
 */
export async function settingsTarget(section: string, name: string, flow: SettingsFlow): Promise<vscode.ConfigurationTarget | undefined> {
  if (!vscode.workspace.workspaceFolders?.length) return vscode.ConfigurationTarget.Global;
  const held = vscode.workspace.getConfiguration(section).inspect(name);
  if (held?.workspaceValue !== undefined) return vscode.ConfigurationTarget.Workspace;
  flow.target ??= await askTarget();
  return flow.target;
}

function askTarget(): Promise<vscode.ConfigurationTarget | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<TargetChoice>();
    pick.title = 'Docs: Where to keep the service settings?';
    pick.placeholder = 'User settings stay on this machine; the workspace settings are a file of the repository.';
    const user: TargetChoice = { label: '$(account) User settings', description: 'this machine, every workspace', target: vscode.ConfigurationTarget.Global };
    const workspace: TargetChoice = {
      label: '$(repo) Workspace settings',
      description: '.vscode/settings.json',
      detail: 'A file of the repository: whoever commits it shares these settings with everyone who clones it.',
      target: vscode.ConfigurationTarget.Workspace,
    };
    pick.items = [user, workspace];
    pick.activeItems = [user];
    pick.ignoreFocusOut = true;
    let chosen: vscode.ConfigurationTarget | undefined;
    pick.onDidAccept(() => {
      chosen = (pick.selectedItems[0] ?? pick.activeItems[0])?.target;
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(chosen);
    });
    pick.show();
    asked.fire(pick);
  });
}
