import * as vscode from 'vscode';

/** An update or a preview deployment this editor started: its status id, never a key. */
export interface StartedUpdate {
  id: string;
  kind: 'update' | 'preview';
  projectId: string;
  branch?: string;
  /** ISO time. */
  startedAt: string;
}

const STATE_KEY = 'docsJson.startedUpdates';
const KEPT = 20;

/** The status ids this editor started in this workspace, newest first, kept in VS Code's workspace state. */
export class StartedUpdates {
  constructor(private readonly state: vscode.Memento) {}

  list(): StartedUpdate[] {
    const value = this.state.get<unknown>(STATE_KEY);
    return Array.isArray(value) ? value.filter(isStartedUpdate) : [];
  }

  async add(update: StartedUpdate): Promise<void> {
    await this.state.update(STATE_KEY, [update, ...this.list().filter((known) => known.id !== update.id)].slice(0, KEPT));
  }
}

function isStartedUpdate(value: unknown): value is StartedUpdate {
  const entry = value as Partial<StartedUpdate> | null;
  return typeof entry?.id === 'string' && (entry.kind === 'update' || entry.kind === 'preview') && typeof entry.projectId === 'string' && typeof entry.startedAt === 'string';
}
