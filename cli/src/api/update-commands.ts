import { DocsApiClient, newLogLines, oneLine, UpdateStatus } from '../../../api/src';
import { CliIO, EXIT_FAILURE, EXIT_OK } from '../io';
import { expectPositionals, OptionSpec, ParsedOptions, secondsOption, stringOption, UsageError } from '../options';
import { commandContext, ENV, parseApiOptions, requiredSetting } from './api-context';
import { createProgress } from './progress';
import { logLine, renderUpdateStatus, toJson } from './render';

/** The options of a command that may follow an update to its end. */
const FOLLOW_OPTIONS = {
  project: { type: 'string' },
  wait: { type: 'boolean' },
  interval: { type: 'string' },
  'max-wait': { type: 'string' },
} as const satisfies OptionSpec;

export async function updateCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseApiOptions(args, FOLLOW_OPTIONS);
  expectPositionals(positionals, []);
  const projectId = requiredSetting(io, values, 'project', ENV.project, 'project id');
  const follow = followOptions(values);
  const { client, json } = commandContext(io, values, 'admin');

  const { statusId } = await client.triggerUpdate(projectId);
  if (!values.wait) {
    io.out(json ? toJson({ statusId }) : `${started(projectId, statusId)}Follow it with: docs-json status ${oneLine(statusId)}\n`);
    return EXIT_OK;
  }
  if (!json) io.out(started(projectId, statusId));
  const final = await followUpdate(client, statusId, io, json, follow);
  const succeeded = final.status === 'success';
  if (json) io.out(toJson(final));
  else io.out(`Update ${succeeded ? 'succeeded' : 'failed'}${final.summary ? `: ${oneLine(final.summary)}` : ''}\n`);
  return succeeded ? EXIT_OK : EXIT_FAILURE;
}

/** Deploys a branch to a preview site, prints its URL (for a CI job summary) and, with --wait, follows it as update does. */
export async function previewCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseApiOptions(args, { ...FOLLOW_OPTIONS, branch: { type: 'string' } });
  expectPositionals(positionals, []);
  const branch = stringOption(values, 'branch')?.trim();
  if (!branch) throw new UsageError('no branch: pass --branch BRANCH (in a pull request job: --branch "$GITHUB_HEAD_REF")');
  const projectId = requiredSetting(io, values, 'project', ENV.project, 'project id');
  const follow = followOptions(values);
  const { client, json } = commandContext(io, values, 'admin');

  const { statusId, previewUrl } = await client.deployPreview(projectId, branch);
  if (!json) io.out(`Preview of branch ${oneLine(branch)} started for ${oneLine(projectId)} (status id: ${oneLine(statusId)})\nPreview URL: ${oneLine(previewUrl)}\n`);
  if (!values.wait) {
    io.out(json ? toJson({ statusId, previewUrl }) : `Follow it with: docs-json status ${oneLine(statusId)}\n`);
    return EXIT_OK;
  }
  const final = await followUpdate(client, statusId, io, json, follow);
  const succeeded = final.status === 'success';
  if (json) io.out(toJson({ statusId, previewUrl, status: final }));
  else io.out(succeeded ? `Preview deployed: ${oneLine(previewUrl)}\n` : `Preview failed${final.summary ? `: ${oneLine(final.summary)}` : ''}\n`);
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

interface Follow {
  intervalMs?: number;
  maxWaitMs?: number;
}

function followOptions(values: ParsedOptions['values']): Follow {
  return { intervalMs: secondsOption(values, 'interval'), maxWaitMs: secondsOption(values, 'max-wait') };
}

/** Polls the update to its end, showing each status and each new log line (a spinner on a terminal); answers the final status. */
async function followUpdate(client: DocsApiClient, statusId: string, io: CliIO, json: boolean, follow: Follow): Promise<UpdateStatus> {
  const progress = json ? undefined : createProgress(io);
  let seenLogs: readonly string[] = [];
  const show = (status: UpdateStatus) => {
    if (!progress) return;
    progress.status(oneLine(status.status));
    newLogLines(seenLogs, status.logs).forEach((line) => progress.line(logLine(line)));
    seenLogs = status.logs;
  };
  try {
    return await client.waitForUpdate(statusId, { ...follow, onStatus: show });
  } finally {
    progress?.stop();
  }
}

function started(projectId: string, statusId: string): string {
  return `Update started for ${oneLine(projectId)} (status id: ${oneLine(statusId)})\n`;
}
