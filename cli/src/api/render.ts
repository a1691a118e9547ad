import { AgentJob, Redactor, SearchResult, UpdateStatus } from '../../../api/src';

/** Service text is passed through the redactor too: a key echoed by the service is not printed. */
export function renderUpdateStatus(status: UpdateStatus, redact: Redactor): string {
  const lines = [`Update ${status._id || '(no id)'}${status.projectId ? ` of ${status.projectId}` : ''}: ${status.status}`];
  if (status.summary) lines.push(`Summary: ${status.summary}`);
  if (status.createdAt) lines.push(`Created: ${status.createdAt}${status.endedAt ? `   Ended: ${status.endedAt}` : ''}`);
  if (status.commit?.sha) lines.push(`Commit: ${status.commit.sha.slice(0, 7)}${status.commit.ref ? ` (${status.commit.ref})` : ''}${status.commit.message ? ` ${status.commit.message}` : ''}`);
  if (status.logs.length > 0) lines.push('Logs:', ...status.logs.map((line) => `  ${line}`));
  return `${redact(lines.join('\n'))}\n`;
}

export function renderSearchResults(query: string, results: SearchResult[]): string {
  if (results.length === 0) return `No results for "${query}".\n`;
  return results
    .map((result, index) => {
      const title = typeof result.metadata.title === 'string' ? result.metadata.title : result.path;
      const content = result.content.replace(/\s+/g, ' ').trim();
      return `${index + 1}. ${title} — ${result.path}\n${content ? `   ${content.length > 160 ? `${content.slice(0, 160)}…` : content}\n` : ''}`;
    })
    .join('');
}

export function renderAgentJob(job: AgentJob): string {
  const lines = [`Job ${job.id}: ${job.status}`];
  if (job.prLink) lines.push(`Pull request: ${job.prLink}`);
  if (job.createdAt) lines.push(`Created: ${job.createdAt}`);
  return `${lines.join('\n')}\n`;
}

export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
