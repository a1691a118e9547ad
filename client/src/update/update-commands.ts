import * as vscode from 'vscode';
import { UpdateStatus } from '../../../api/src';
import { ServiceConnector, signalOf } from '../service';
import { ensureSettings } from '../settings';
import { confirmUpdate, PublishChoice } from './confirm-update';
import { followUpdate } from './follow-update';
import { StartedUpdate, StartedUpdates } from './started-updates';
import { UpdateStatusItem } from './update-status-item';

export type UpdateOutcome = { outcome: 'success' | 'failure'; status: UpdateStatus } | { outcome: 'cancelled' | 'error' };

const DETAILS_SCHEME = 'docs-update';

/** A row of Show Update Status's list: a started update, or (no id) typing another id. */
export interface StartedChoice extends vscode.QuickPickItem {
  id: string | undefined;
}

/** Trigger Update and Show Update Status. */
export class UpdateCommands implements vscode.Disposable {
  private readonly details = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  private readonly registration: vscode.Disposable;
  private readonly asked = new vscode.EventEmitter<vscode.QuickPick<PublishChoice>>();
  /** Fires when Trigger Update asks whether to publish, so that tests in the extension host can answer. */
  readonly onDidAskToPublish = this.asked.event;
  private readonly listed = new vscode.EventEmitter<vscode.QuickPick<StartedChoice>>();
  /** Fires when Show Update Status lists the updates this editor started, so that tests can answer. */
  readonly onDidListUpdates = this.listed.event;

  constructor(
    private readonly service: ServiceConnector,
    readonly statusItem: UpdateStatusItem,
    readonly started: StartedUpdates,
  ) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(DETAILS_SCHEME, {
      onDidChange: this.changed.event,
      provideTextDocumentContent: (uri) => this.details.get(uri.path) ?? 'No update has been read yet.',
    });
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
    this.asked.dispose();
    this.listed.dispose();
  }

  /** Starts an update, follows it in a progress notification until it ends, and leaves the result in the status bar. */
  async trigger(): Promise<UpdateOutcome> {
    const settings = await ensureSettings('Trigger Update', 'baseUrl', 'projectId');
    if (!settings) return { outcome: 'cancelled' };
    const client = await this.service.connect('admin', 'Trigger Update', settings);
    if (!client) return { outcome: 'cancelled' };
    if (!(await confirmUpdate(settings.projectId, (pick) => this.asked.fire(pick)))) return { outcome: 'cancelled' };
    const log = this.service.log;
    log.info(`Trigger Update: project ${settings.projectId}`);
    this.statusItem.starting();
    let started = false;
    try {
      const status = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Docs update', cancellable: true },
        async (progress, token) => {
          const signal = signalOf(token);
          progress.report({ message: 'starting…' });
          const { statusId } = await client.triggerUpdate(settings.projectId, { signal });
          started = true;
          this.statusItem.statusId = statusId;
          void this.started.add({ id: statusId, kind: 'update', projectId: settings.projectId, startedAt: new Date().toISOString() });
          log.info(`Update ${statusId} started`);
          return followUpdate(client, statusId, { signal, log, progress, onStatus: (current) => this.statusItem.update(current) });
        },
      );
      const outcome = status.status === 'success' ? 'success' : 'failure';
      log.info(`Update ${status._id} ended: ${status.status}${status.summary ? ` (${status.summary})` : ''}`);
      this.announce(status);
      return { outcome, status };
    } catch (error) {
      const message = this.service.printable(error instanceof Error ? error.message : String(error));
      // An update the service refused never started: there is nothing that "could not be followed".
      if (started) this.statusItem.error(message);
      else this.statusItem.notStarted(message);
      // After a refused key, the update goes on once a new one is stored (it asks again first).
      this.service.showError(error, 'admin', () => vscode.commands.executeCommand('docsJson.triggerUpdate'));
      return { outcome: 'error' };
    }
  }

  /**
   * Reads the status of an update and opens its details: the id given (the status bar gives its update's), else one
   * chosen among the updates and previews this editor started, else one the user types.
   */
  async showStatus(statusId?: string): Promise<UpdateStatus | undefined> {
    const id = statusId ?? (await this.chooseStatusId());
    if (!id) return undefined;
    const settings = await ensureSettings('Show Update Status', 'baseUrl');
    if (!settings) return undefined;
    const client = await this.service.connect('admin', 'Show Update Status', settings);
    if (!client) return undefined;
    try {
      const status = await client.getUpdateStatus(id);
      if (id === this.statusItem.statusId || !this.statusItem.statusId) this.statusItem.update(status);
      await this.openDetails(status);
      return status;
    } catch (error) {
      this.service.showError(error, 'admin');
      return undefined;
    }
  }

  private async chooseStatusId(): Promise<string | undefined> {
    const started = this.started.list();
    const chosen = started.length ? await this.pickStarted(started) : { typed: true };
    if (!chosen || !chosen.typed) return chosen?.id;
    const typed = await vscode.window.showInputBox({ title: 'Docs: update status', prompt: 'Status id of the update (as Trigger Update answered it)', ignoreFocusOut: true });
    return typed?.trim() || undefined;
  }

  private pickStarted(started: StartedUpdate[]): Promise<{ id?: string; typed: boolean } | undefined> {
    return new Promise((resolve) => {
      const pick = vscode.window.createQuickPick<StartedChoice>();
      pick.title = 'Docs: Show Update Status';
      pick.placeholder = 'The updates and previews started from this editor, newest first';
      pick.items = [
        ...started.map((update) => ({
          label: update.id,
          description: `${update.kind === 'preview' ? `preview of ${update.branch ?? 'a branch'}` : 'update'} of ${update.projectId}`,
          detail: `started ${new Date(update.startedAt).toLocaleString()}`,
          id: update.id,
        })),
        { label: '$(edit) Another status id…', id: undefined },
      ];
      pick.ignoreFocusOut = true;
      let chosen: { id?: string; typed: boolean } | undefined;
      pick.onDidAccept(() => {
        const item = pick.selectedItems[0] ?? pick.activeItems[0];
        chosen = item && { id: item.id, typed: item.id === undefined };
        pick.hide();
      });
      pick.onDidHide(() => {
        pick.dispose();
        resolve(chosen);
      });
      pick.show();
      this.listed.fire(pick);
    });
  }

  private announce(status: UpdateStatus): void {
    const text = `Docs update ${status.status === 'success' ? 'succeeded' : 'failed'}${status.summary ? `: ${status.summary}` : ''}`;
    const shown = status.status === 'success' ? vscode.window.showInformationMessage(text, 'Show Details') : vscode.window.showErrorMessage(text, 'Show Details');
    void shown.then((choice) => choice && this.openDetails(status));
  }

  async openDetails(status: UpdateStatus): Promise<void> {
    const uri = vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/Update ${status._id || 'status'}.md` });
    this.details.set(uri.path, describeUpdate(status));
    this.changed.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    await vscode.window.showTextDocument(document, { preview: true });
  }
}

export function describeUpdate(status: UpdateStatus): string {
  const lines = [`# Update ${status._id}`, '', `- Status: **${status.status}**`];
  if (status.summary) lines.push(`- Summary: ${status.summary}`);
  if (status.projectId) lines.push(`- Project: ${status.projectId}`);
  if (status.createdAt) lines.push(`- Started: ${status.createdAt}`);
  if (status.endedAt) lines.push(`- Ended: ${status.endedAt}`);
  if (status.author) lines.push(`- Author: ${status.author}`);
  if (status.commit?.sha) lines.push(`- Commit: ${status.commit.sha.slice(0, 12)}${status.commit.ref ? ` on ${status.commit.ref}` : ''}${status.commit.message ? `: ${status.commit.message}` : ''}`);
  if (status.subdomain) lines.push(`- Site: ${status.subdomain}`);
  lines.push('', '## Logs', '', '```text', ...(status.logs.length ? status.logs : ['(none)']), '```', '');
  return lines.join('\n');
}
