import * as vscode from 'vscode';
import { UpdateStatus } from '../../../api/src';
import { ServiceConnector, signalOf } from '../service';
import { ensureSettings } from '../settings';
import { followUpdate } from './follow-update';
import { sep } from 'node:path';
import { branchPrompt, gitBranchState, shownBranch } from './git-branch';
import { StartedUpdates } from './started-updates';

export type PreviewOutcome = { outcome: 'success' | 'failure'; previewUrl: string; status: UpdateStatus } | { outcome: 'cancelled' | 'error'; previewUrl?: string };

const OPERATION = 'Deploy a Preview';

/**
 * Docs: Deploy a Preview of This Branch: the branch (the workspace's current one, shown to confirm or change) deployed
 * to a preview site of its own; its URL printed in the Docs log, the deployment followed as Trigger Update follows an
 * update, and the site opened once it is deployed.
 */
export class PreviewCommand implements vscode.Disposable {
  private readonly asked = new vscode.EventEmitter<vscode.InputBox>();
  /** Fires when the branch is asked for, so that tests in the extension host can answer. */
  readonly onDidAskBranch = this.asked.event;
  /** How the deployed site is opened; tests put their own here. */
  openUrl: (url: vscode.Uri) => Thenable<boolean> = (url) => vscode.env.openExternal(url);

  constructor(
    private readonly service: ServiceConnector,
    private readonly started: StartedUpdates,
  ) {}

  dispose(): void {
    this.asked.dispose();
  }

  async run(branchGiven?: string): Promise<PreviewOutcome> {
    const settings = await ensureSettings(OPERATION, 'baseUrl', 'projectId');
    if (!settings) return { outcome: 'cancelled' };
    const branch = branchGiven?.trim() || (await this.askBranch());
    if (!branch) return { outcome: 'cancelled' };
    const client = await this.service.connect('admin', OPERATION, settings);
    if (!client) return { outcome: 'cancelled' };
    const log = this.service.log;
    let previewUrl: string | undefined;
    try {
      const status = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Docs preview of ${branch}`, cancellable: true },
        async (progress, token) => {
          const signal = signalOf(token);
          progress.report({ message: 'starting…' });
          const preview = await client.deployPreview(settings.projectId, branch, { signal });
          previewUrl = preview.previewUrl;
          void this.started.add({ id: preview.statusId, kind: 'preview', projectId: settings.projectId, branch, startedAt: new Date().toISOString() });
          log.info(`Preview of branch ${branch} (project ${settings.projectId}): ${preview.previewUrl} (status id ${preview.statusId})`);
          return followUpdate(client, preview.statusId, { signal, log, progress });
        },
      );
      const url = previewUrl!;
      const succeeded = status.status === 'success';
      log.info(`Preview of branch ${branch} ${succeeded ? 'deployed' : 'failed'}: ${url}${status.summary ? ` (${status.summary})` : ''}`);
      if (succeeded) {
        const link = webUrl(url);
        if (link) void this.openUrl(link);
        // The URL stays: in the Docs log (above), and in a notification kept in the notification center.
        void vscode.window.showInformationMessage(`Docs preview of ${shownBranch(branch)} deployed: ${this.service.printable(url)}`, ...(link ? ['Open'] : []), 'Copy URL').then((choice) => {
          if (choice === 'Open' && link) void this.openUrl(link);
          if (choice === 'Copy URL') void vscode.env.clipboard.writeText(url);
        });
      } else {
        void vscode.window.showErrorMessage(`Docs preview of ${branch} failed${status.summary ? `: ${this.service.printable(status.summary)}` : ''}`, 'Show Log').then((choice) => choice && log.show(true));
      }
      return { outcome: succeeded ? 'success' : 'failure', previewUrl: url, status };
    } catch (error) {
      this.service.showError(error, 'admin', () => vscode.commands.executeCommand('docsJson.deployPreview', branch));
      return { outcome: 'error', previewUrl };
    }
  }

  /**
   * The branch to deploy: the one git has checked out where the writer works (the active editor's file, else the
   * workspace folder holding docs.json, else the first folder), for the user to confirm or change, with what the
   * service will not see (a branch not pushed, commits not pushed, uncommitted changes).
   */
  private async askBranch(): Promise<string | undefined> {
    const folder = await this.workingFolder();
    const state = folder ? await gitBranchState(folder) : undefined;
    const current = state?.branch;
    return new Promise((resolve) => {
      const input = vscode.window.createInputBox();
      input.title = 'Docs: Deploy a Preview of This Branch';
      input.prompt = current ? branchPrompt(state!, folder ? uncommittedCount(folder) : undefined) : 'No checked-out branch was found here. The service deploys the branch as pushed to the repository.';
      input.placeholder = 'branch name';
      input.value = current ?? '';
      input.ignoreFocusOut = true;
      let accepted: string | undefined;
      const problem = (value: string) => (/\s/.test(value.trim()) ? 'A branch name has no spaces.' : undefined);
      input.onDidChangeValue((value) => (input.validationMessage = problem(value)));
      input.onDidAccept(() => {
        const value = input.value.trim();
        input.validationMessage = value === '' ? 'Type the branch to deploy, or press Escape.' : problem(value);
        if (input.validationMessage) return;
        accepted = value;
        input.hide();
      });
      input.onDidHide(() => {
        input.dispose();
        resolve(accepted);
      });
      input.show();
      this.asked.fire(input);
    });
  }
  /** The folder the writer works in: the active editor's file's, else the workspace folder holding docs.json, else the first. */
  private async workingFolder(): Promise<string | undefined> {
    const active = vscode.window.activeTextEditor?.document.uri;
    if (active?.scheme === 'file') return vscode.Uri.joinPath(active, '..').fsPath;
    const folders = (vscode.workspace.workspaceFolders ?? []).filter((candidate) => candidate.uri.scheme === 'file');
    const [docs] = await vscode.workspace.findFiles('**/docs.json', '**/node_modules/**', 1);
    const holding = docs && folders.find((f) => docs.fsPath.startsWith(f.uri.fsPath));
    return (holding ?? folders[0])?.uri.fsPath;
  }
}

/** Uncommitted changes of the repository holding `folder`, as VS Code's git extension counts them; undefined when it is not there. */
function uncommittedCount(folder: string): number | undefined {
  type Repository = { rootUri: vscode.Uri; state: { workingTreeChanges: unknown[]; indexChanges: unknown[] } };
  const git = vscode.extensions.getExtension<{ getAPI(version: 1): { repositories: Repository[] } }>('vscode.git');
  if (!git?.isActive) return undefined;
  try {
    const repository = git.exports.getAPI(1).repositories.find((r) => folder === r.rootUri.fsPath || folder.startsWith(r.rootUri.fsPath + sep));
    return repository ? repository.state.workingTreeChanges.length + repository.state.indexChanges.length : undefined;
  } catch {
    return undefined;
  }
}

/** The preview URL as a link to open: http(s) only, so a service cannot have the editor open a `command:` or `file:` URI. */
function webUrl(text: string): vscode.Uri | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? vscode.Uri.parse(url.href) : undefined;
  } catch {
    return undefined;
  }
}
