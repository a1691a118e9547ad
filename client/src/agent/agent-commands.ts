import * as vscode from 'vscode';
import { AgentJob } from '../../../api/src';
import { ServiceConnector } from '../service';
import { ensureSettings } from '../settings';

const LAST_JOB = 'docsJson.lastAgentJob';

/** Agent jobs: create one from a prompt, send it a follow-up, read its status. The last job id is remembered per workspace. */
export class AgentCommands {
  constructor(
    private readonly service: ServiceConnector,
    private readonly state: vscode.Memento,
  ) {}

  /** The view's single "Agent job" action: choose what to do. */
  async choose(): Promise<AgentJob | undefined> {
    const last = this.state.get<string>(LAST_JOB);
    const choice = await vscode.window.showQuickPick(
      [
        { label: '$(add) Create an agent job', action: 'create' as const },
        { label: '$(comment) Send a follow-up', description: last, action: 'followUp' as const },
        { label: '$(info) Show job status', description: last, action: 'status' as const },
      ],
      { title: 'Docs: agent job' },
    );
    if (!choice) return undefined;
    return this[choice.action]();
  }

  async create(prompt?: string): Promise<AgentJob | undefined> {
    const settings = await ensureSettings('Create Agent Job', 'baseUrl', 'projectId');
    if (!settings) return undefined;
    const text = prompt ?? (await vscode.window.showInputBox({ title: 'Docs: create agent job', prompt: 'What should the agent change in the documentation?', ignoreFocusOut: true }));
    if (!text?.trim()) return undefined;
    const client = await this.service.connect('admin', 'Create Agent Job', settings);
    if (!client) return undefined;
    try {
      const job = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Creating agent job…' }, () =>
        client.createAgentJob(settings.projectId, text.trim()),
      );
      await this.state.update(LAST_JOB, job.id);
      this.service.log.info(`Agent job ${job.id} created: ${job.status}`);
      this.announce(job);
      return job;
    } catch (error) {
      this.service.showError(error, 'admin');
      return undefined;
    }
  }

  async followUp(jobId?: string, prompt?: string): Promise<AgentJob | undefined> {
    const settings = await ensureSettings('Send Follow-up to Agent Job', 'baseUrl', 'projectId');
    if (!settings) return undefined;
    const id = jobId ?? (await this.askJobId('send a follow-up to'));
    if (!id) return undefined;
    const text = prompt ?? (await vscode.window.showInputBox({ title: `Docs: follow-up to ${id}`, prompt: 'Your follow-up message for the agent', ignoreFocusOut: true }));
    if (!text?.trim()) return undefined;
    const client = await this.service.connect('admin', 'Send Follow-up to Agent Job', settings);
    if (!client) return undefined;
    try {
      const job = await client.sendAgentMessage(settings.projectId, id, text.trim());
      this.service.log.info(`Follow-up sent to agent job ${job.id}: ${job.status}`);
      this.announce(job);
      return job;
    } catch (error) {
      this.service.showError(error, 'admin');
      return undefined;
    }
  }

  async status(jobId?: string): Promise<AgentJob | undefined> {
    const settings = await ensureSettings('Show Agent Job Status', 'baseUrl', 'projectId');
    if (!settings) return undefined;
    const id = jobId ?? (await this.askJobId('read'));
    if (!id) return undefined;
    const client = await this.service.connect('admin', 'Show Agent Job Status', settings);
    if (!client) return undefined;
    try {
      const job = await client.getAgentJob(settings.projectId, id);
      this.service.log.info(`Agent job ${job.id}: ${job.status}${job.prLink ? ` (${job.prLink})` : ''}`);
      this.announce(job);
      return job;
    } catch (error) {
      this.service.showError(error, 'admin');
      return undefined;
    }
  }

  private async askJobId(purpose: string): Promise<string | undefined> {
    const last = this.state.get<string>(LAST_JOB);
    const id = await vscode.window.showInputBox({ title: 'Docs: agent job', prompt: `Id of the agent job to ${purpose}`, value: last, ignoreFocusOut: true });
    return id?.trim() || undefined;
  }

  private announce(job: AgentJob): void {
    const actions = job.prLink ? ['Open Pull Request'] : job.status === 'active' ? ['Send Follow-up', 'Show Status'] : [];
    const text = `Agent job ${job.id} is ${job.status}.`;
    const shown = job.status === 'failed' ? vscode.window.showErrorMessage(text, ...actions) : vscode.window.showInformationMessage(text, ...actions);
    void shown.then((choice) => {
      if (choice === 'Open Pull Request' && job.prLink) void vscode.env.openExternal(vscode.Uri.parse(job.prLink));
      else if (choice === 'Send Follow-up') void this.followUp(job.id);
      else if (choice === 'Show Status') void this.status(job.id);
    });
  }
}
