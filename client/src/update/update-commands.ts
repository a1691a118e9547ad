import * as vscode from 'vscode';
import { UpdateStatus } from '../../../api/src';
import { ServiceConnector, signalOf } from '../service';
import { ensureSettings } from '../settings';
import { confirmUpdate, PublishChoice } from './confirm-update';
import { followUpdate } from './follow-update';
import { UpdateStatusItem } from './update-status-item';

export type UpdateOutcome = { outcome: 'success' | 'failure'; status: UpdateStatus } | { outcome: 'cancelled' | 'error' };

const DETAILS_SCHEME = 'docs-update';

/** Trigger Update and Show Update Status. */
export class UpdateCommands implements vscode.Disposable {
  private readonly details = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  private readonly registration: vscode.Disposable;
  private readonly asked = new vscode.EventEmitter<vscode.QuickPick<PublishChoice>>();
  /** Fires when Trigger Update asks whether to publish, so that tests in the extension host can answer. */
  readonly onDidAskToPublish = this.asked.event;

  constructor(
    private readonly service: ServiceConnector,
    readonly statusItem: UpdateStatusItem,
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

  /** Reads the status of the last update (or of an id the user gives) and opens its details. */
  async showStatus(statusId?: string): Promise<UpdateStatus | undefined> {
    let id = statusId ?? this.statusItem.statusId;
    if (!id) {
      id = (await vscode.window.showInputBox({ title: 'Docs: update status', prompt: 'Status id of the update (as Trigger Update answered it)', ignoreFocusOut: true }))?.trim();
      if (!id) return undefined;
    }
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
