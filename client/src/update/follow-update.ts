import * as vscode from 'vscode';
import { DocsApiClient, newLogLines, UpdateStatus } from '../../../api/src';
import { ServiceLog } from '../service';

/**
 * Polls an update (or a preview deployment) to its end: each new log line into the Docs log, each status into the
 * progress notification and to `onStatus`. Answers the final status.
 */
export function followUpdate(
  client: DocsApiClient,
  statusId: string,
  how: { signal: AbortSignal; log: ServiceLog; progress: vscode.Progress<{ message?: string }>; onStatus?: (status: UpdateStatus) => void },
): Promise<UpdateStatus> {
  let loggedLines: readonly string[] = [];
  return client.waitForUpdate(statusId, {
    signal: how.signal,
    // 30 reads a minute leave most of the admin limit (100 a minute) to other commands.
    intervalMs: 2000,
    onStatus: (current) => {
      for (const line of newLogLines(loggedLines, current.logs)) how.log.info(`[${statusId}] ${line}`);
      loggedLines = current.logs;
      how.onStatus?.(current);
      how.progress.report({ message: `${current.status.replace('_', ' ')}${current.summary ? `: ${current.summary}` : ''}` });
    },
  });
}
