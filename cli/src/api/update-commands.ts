import { newLogLines, oneLine, UpdateStatus } from '../../../api/src';
import { CliIO, EXIT_FAILURE, EXIT_OK } from '../io';
import { expectPositionals, secondsOption } from '../options';
import { commandContext, ENV, parseApiOptions, requiredSetting } from './api-context';
import { createProgress } from './progress';
import { logLine, renderUpdateStatus, toJson } from './render';

export async function updateCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseApiOptions(args, {
    project: { type: 'string' },
    wait: { type: 'boolean' },
    interval: { type: 'string' },
    'max-wait': { type: 'string' },
  });
  expectPositionals(positionals, []);
  const projectId = requiredSetting(io, values, 'project', ENV.project, 'project id');
  const intervalMs = secondsOption(values, 'interval');
  const maxWaitMs = secondsOption(values, 'max-wait');
  const { client, json } = commandContext(io, values, 'admin');

  const { statusId } = await client.triggerUpdate(projectId);
  if (!values.wait) {
    io.out(json ? toJson({ statusId }) : `${started(projectId, statusId)}Follow it with: docs-json status ${oneLine(statusId)}\n`);
    return EXIT_OK;
  }
  if (!json) io.out(started(projectId, statusId));
  const progress = json ? undefined : createProgress(io);
  let seenLogs: readonly string[] = [];
  const show = (status: UpdateStatus) => {
    if (!progress) return;
    progress.status(oneLine(status.status));
    newLogLines(seenLogs, status.logs).forEach((line) => progress.line(logLine(line)));
    seenLogs = status.logs;
  };
  let final: UpdateStatus;
  try {
    final = await client.waitForUpdate(statusId, { intervalMs, maxWaitMs, onStatus: show });
  } finally {
    progress?.stop();
  }
  const succeeded = final.status === 'success';
  if (json) io.out(toJson(final));
  else io.out(`Update ${succeeded ? 'succeeded' : 'failed'}${final.summary ? `: ${oneLine(final.summary)}` : ''}\n`);
  return succeeded ? EXIT_OK : EXIT_FAILURE;
}

export async function statusCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseApiOptions(args, {});
  const [statusId] = expectPositionals(positionals, ['STATUS_ID']);
  const { client, json } = commandContext(io, values, 'admin');
  const status = await client.getUpdateStatus(statusId);
  io.out(json ? toJson(status) : renderUpdateStatus(status));
  return EXIT_OK;
}

function started(projectId: string, statusId: string): string {
  return `Update started for ${oneLine(projectId)} (status id: ${oneLine(statusId)})\n`;
}
