import { ApiError, SETUP_ERROR_KINDS } from '../errors';
import { createRedactor } from '../redact';
import { agentCommand } from './agent-commands';
import { askCommand, searchCommand } from './assistant-commands';
import { ENV } from './cli-config';
import { ApiCliIO, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './cli-io';
import { UsageError } from './cli-options';
import { statusCommand, updateCommand } from './update-commands';

type Command = (args: string[], io: ApiCliIO) => Promise<number>;

const COMMON = `common options:
  --base-url URL      the API's base URL (or ${ENV.baseUrl}); no default host
  --json              machine-readable output
  --timeout SECONDS   per request (default 30; 120 for a streamed answer)
  --verbose           log each request to stderr (keys redacted)
keys come only from the environment: ${ENV.adminKey} (svc_…) for update, status and agent;
${ENV.assistantKey} (svc_dsc_…) for ask and search.
exit status: 0 done, 1 the service refused or failed (or the update failed), 2 bad arguments or configuration.
`;

export const API_COMMAND_HELP: Record<string, string> = {
  update: `usage: docs-json update [--project ID] [--wait] [--interval SECONDS] [--max-wait SECONDS]
  triggers an update of the project (--project or ${ENV.project}); --wait follows it to its end,
  polling every --interval seconds (default 3) for at most --max-wait seconds (default 1800)
`,
  status: 'usage: docs-json status STATUS_ID\n  shows the status and logs of an update\n',
  ask: `usage: docs-json ask [--domain D] "question"\n  asks the assistant of the site D (or ${ENV.domain}); the answer prints as it streams\n`,
  search: `usage: docs-json search [--domain D] [--limit N] "query"\n  searches the documentation of the site D (or ${ENV.domain}); N from 1 to 50 (default 10)\n`,
  agent: `usage: docs-json agent create [--project ID] "prompt"
       docs-json agent get [--project ID] JOB_ID
       docs-json agent message [--project ID] JOB_ID "prompt"
  agent jobs of the project (--project or ${ENV.project})
`,
};

const COMMANDS: Record<string, Command> = {
  update: updateCommand,
  status: statusCommand,
  ask: askCommand,
  search: searchCommand,
  agent: agentCommand,
};

export const API_COMMAND_NAMES = Object.keys(COMMANDS);

export async function runApiCommandWith(command: string, args: string[], io: ApiCliIO): Promise<number> {
  const run = COMMANDS[command];
  if (!run) {
    io.err(`docs-json: unknown command '${command}'\n`);
    return EXIT_USAGE;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.out(`${API_COMMAND_HELP[command]}\n${COMMON}`);
    return EXIT_OK;
  }
  try {
    return await run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`docs-json ${command}: ${error.message} (see docs-json ${command} --help)\n`);
      return EXIT_USAGE;
    }
    if (error instanceof ApiError) {
      io.err(`docs-json ${command}: ${error.message}\n`);
      return SETUP_ERROR_KINDS.includes(error.kind) ? EXIT_USAGE : EXIT_FAILURE;
    }
    const redact = createRedactor([io.env[ENV.adminKey], io.env[ENV.assistantKey]]);
    io.err(redact(`docs-json ${command}: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`));
    return EXIT_FAILURE;
  }
}
