import * as vscode from 'vscode';
import { UpdateStatus } from '../../../api/src';

const STATE_TEXT: Record<string, { icon: string; text: string }> = {
  starting: { icon: '$(sync~spin)', text: 'starting' },
  queued: { icon: '$(sync~spin)', text: 'queued' },
  in_progress: { icon: '$(sync~spin)', text: 'in progress' },
  success: { icon: '$(check)', text: 'succeeded' },
  failure: { icon: '$(error)', text: 'failed' },
  error: { icon: '$(warning)', text: 'could not be followed' },
  'not-started': { icon: '$(warning)', text: 'did not start' },
};

/** The status bar item that shows the last update; clicking it opens the details (Show Update Status). */
export class UpdateStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('docsJson.update', vscode.StatusBarAlignment.Left, 10);
  private shown = false;
  /** The last status read, for the details view. */
  last: UpdateStatus | undefined;
  statusId: string | undefined;

  constructor() {
    this.item.name = 'Docs Update';
    this.item.command = 'docsJson.showUpdateStatus';
  }

  get text(): string {
    return this.item.text;
  }

  get visible(): boolean {
    return this.shown;
  }

  starting(): void {
    this.last = undefined;
    this.statusId = undefined;
    this.show('starting', 'Starting an update of the documentation site');
  }

  update(status: UpdateStatus): void {
    this.last = status;
    this.statusId = status._id || this.statusId;
    const summary = status.summary ? `: ${status.summary}` : '';
    this.show(status.status, `Update ${this.statusId ?? ''} ${status.status}${summary}. Click for details.`);
  }

  /** An update that started, and whose end could not be read. */
  error(message: string): void {
    this.show('error', `${message}. Click for details.`);
  }

  /** An update the service did not start (refused, or not reached): the last update's status, if any, is gone. */
  notStarted(message: string): void {
    this.show('not-started', message);
  }

  private show(state: string, tooltip: string): void {
    const look = STATE_TEXT[state] ?? { icon: '$(info)', text: state };
    this.item.text = `${look.icon} Docs: update ${look.text}`;
    this.item.tooltip = tooltip;
    // A click shows this update's status, not a list to choose from.
    this.item.command = this.statusId ? { title: 'Show Update Status', command: 'docsJson.showUpdateStatus', arguments: [this.statusId] } : 'docsJson.showUpdateStatus';
    this.item.backgroundColor = state === 'failure' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    this.item.show();
    this.shown = true;
  }

  dispose(): void {
    this.item.dispose();
  }
}
