import { AgentJob, oneLine, SearchResult, UpdateStatus } from '../../../api/src';

// Each value the service sends stays on its line (oneLine); keys and control characters are the output's concern (printableIO).

export function renderUpdateStatus(status: UpdateStatus): string {
  const lines = [`Update ${oneLine(status._id || '(no id)')}${status.projectId ? ` of ${oneLine(status.projectId)}` : ''}: ${oneLine(status.status)}`];
  if (status.summary) lines.push(`Summary: ${oneLine(status.summary)}`);
  if (status.createdAt) lines.push(`Created: ${oneLine(status.createdAt)}${status.endedAt ? `   Ended: ${oneLine(status.endedAt)}` : ''}`);
  const { commit } = status;
  if (commit?.sha) lines.push(oneLine(`Commit: ${commit.sha.slice(0, 7)}${commit.ref ? ` (${commit.ref})` : ''}${commit.message ? ` ${commit.message}` : ''}`));
  if (status.logs.length > 0) {
    lines.push('Logs:');
    for (const log of status.logs) lines.push(logLine(log));
  }
  return `${lines.join('\n')}\n`;
}

/** One log line of an update, indented. */
export function logLine(line: string): string {
  return `  ${oneLine(line)}`;
}

export function renderSearchResults(query: string, results: SearchResult[]): string {
  if (results.length === 0) return `No results for "${oneLine(query)}".\n`;
  return results
    .map((result, index) => {
      const title = oneLine(typeof result.metadata.title === 'string' ? result.metadata.title : result.path);
      const content = oneLine(result.content.replace(/\s+/g, ' ').trim());
      return `${index + 1}. ${title} — ${oneLine(result.path)}\n${content ? `   ${content.length > 160 ? `${content.slice(0, 160)}…` : content}\n` : ''}`;
    })
    .join('');
}

export function renderAgentJob(job: AgentJob): string {
  const lines = [`Job ${oneLine(job.id)}: ${oneLine(job.status)}`];
  if (job.prLink) lines.push(`Pull request: ${oneLine(job.prLink)}`);
  if (job.createdAt) lines.push(`Created: ${oneLine(job.createdAt)}`);
  return `${lines.join('\n')}\n`;
}

export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
