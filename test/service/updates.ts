export type UpdateOutcome = 'success' | 'failure';

export interface UpdateTiming {
  /** How long an update stays `queued`. */
  queuedMs: number;
  /** How long it then stays `in_progress` before ending. */
  inProgressMs: number;
}

export interface UpdateRecord {
  id: string;
  organization: string;
  projectId: string;
  createdAt: number;
  outcome: UpdateOutcome;
  /** Where it deploys: the project's site, or a preview's own URL. */
  siteUrl: string;
}

/** Updates whose state follows from the clock: queued → in_progress → success | failure, logs growing with it. */
export class UpdateStore {
  private readonly updates = new Map<string, UpdateRecord>();
  private counter = 0;

  constructor(private readonly timing: UpdateTiming) {}

  create(organization: string, projectId: string, outcome: UpdateOutcome, now: number, siteUrl = `https://${projectId}.docs.test`): string {
    const id = `upd_${String(++this.counter).padStart(4, '0')}_${projectId}`;
    this.updates.set(id, { id, organization, projectId, createdAt: now, outcome, siteUrl });
    return id;
  }

  find(id: string): UpdateRecord | undefined {
    return this.updates.get(id);
  }

  view(record: UpdateRecord, now: number): Record<string, unknown> {
    const elapsed = now - record.createdAt;
    const endsAt = record.createdAt + this.timing.queuedMs + this.timing.inProgressMs;
    const status = elapsed < this.timing.queuedMs ? 'queued' : now < endsAt ? 'in_progress' : record.outcome;
    const logs = [`Update queued for ${record.projectId}`];
    if (status !== 'queued') logs.push('Cloning repository', 'Reading docs.json', 'Building 8 pages');
    if (status === 'success') logs.push(`Deployed to ${record.siteUrl}`);
    if (status === 'failure') logs.push('Error: navigation.tabs[0].groups[1].pages[2]: page guides/missing does not exist');
    const ended = status === 'success' || status === 'failure';
    return {
      _id: record.id,
      projectId: record.projectId,
      createdAt: new Date(record.createdAt).toISOString(),
      endedAt: ended ? new Date(endsAt).toISOString() : null,
      status,
      summary: status === 'success' ? 'Deployed 8 pages' : status === 'failure' ? 'Build failed: 1 missing page' : '',
      logs,
      subdomain: record.projectId,
      author: 'docs-json-tools',
      commit: {
        sha: '3f2a9c1d0b7e4a5f8c6d2e1b0a9f8e7d6c5b4a3f',
        ref: 'main',
        message: 'Update documentation',
        filesChanged: { added: [], modified: ['docs.json'], removed: [] },
      },
      source: 'api',
    };
  }
}
