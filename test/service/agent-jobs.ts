export type AgentOutcome = 'completed' | 'failed';

export interface JobRecord {
  id: string;
  projectId: string;
  createdAt: number;
  outcome: AgentOutcome;
  prompts: string[];
}

/** Agent jobs: `active` for `runMs`, then `completed` (with a PR link) or `failed`. */
export class AgentJobStore {
  private readonly jobs = new Map<string, JobRecord>();
  private counter = 0;

  constructor(private readonly runMs: number) {}

  create(projectId: string, prompt: string, outcome: AgentOutcome, now: number): JobRecord {
    const id = `job_${String(++this.counter).padStart(4, '0')}`;
    const job = { id, projectId, createdAt: now, outcome, prompts: [prompt] };
    this.jobs.set(id, job);
    return job;
  }

  find(projectId: string, id: string): JobRecord | undefined {
    const job = this.jobs.get(id);
    return job && job.projectId === projectId ? job : undefined;
  }

  /** A project's jobs, oldest first. */
  all(projectId: string): JobRecord[] {
    return [...this.jobs.values()].filter((job) => job.projectId === projectId);
  }

  status(job: JobRecord, now: number): string {
    return now - job.createdAt < this.runMs ? 'active' : job.outcome;
  }

  view(job: JobRecord, now: number): Record<string, unknown> {
    const status = this.status(job, now);
    return {
      id: job.id,
      projectId: job.projectId,
      status,
      prLink: status === 'completed' ? `https://git.example.test/acme/docs/pull/${Number(job.id.slice(4))}` : null,
      createdAt: new Date(job.createdAt).toISOString(),
      messages: job.prompts.map((prompt) => ({ role: 'user', content: prompt })),
    };
  }
}
