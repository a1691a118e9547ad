import { CliIO, EXIT_OK } from '../io';
import { expectPositionals, UsageError } from '../options';
import { commandContext, ENV, parseApiOptions, requiredSetting } from './api-context';
import { renderAgentJob, toJson } from './render';

const ACTIONS: Record<string, string[]> = {
  create: ['the prompt'],
  get: ['JOB_ID'],
  message: ['JOB_ID', 'the prompt'],
};

export async function agentCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseApiOptions(args, { project: { type: 'string' } });
  const [action, ...rest] = positionals;
  if (!action || !ACTIONS[action]) throw new UsageError(`agent takes create, get or message${action ? ` (got '${action}')` : ''}`);
  const operands = expectPositionals(rest, ACTIONS[action]);
  const projectId = requiredSetting(io, values, 'project', ENV.project, 'project id');
  const { client, json } = commandContext(io, values, 'admin');
  const job =
    action === 'create'
      ? await client.createAgentJob(projectId, operands[0])
      : action === 'get'
        ? await client.getAgentJob(projectId, operands[0])
        : await client.sendAgentMessage(projectId, operands[0], operands[1]);
  io.out(json ? toJson(job) : renderAgentJob(job));
  return EXIT_OK;
}
