import { ApiError, KEY_PREFIX_HINT, oneLine, PLATFORM_API_HOST, SETUP_ERROR_KINDS } from '../../../api/src';
import { CliIO, Command, EXIT_FAILURE, EXIT_USAGE } from '../io';
import { UsageError } from '../options';
import { agentCommand } from './agent-commands';
import { ENV } from './api-context';
import { askCommand, searchCommand } from './assistant-commands';
import { previewCommand, statusCommand, updateCommand } from './update-commands';

type Run = Command['run'];

const COMMON = `common options:
  --base-url URL      the API's base URL (or ${ENV.baseUrl}); no default host
  --api-form FORM     spec (one base URL) or published (the platform's main and discovery servers), or
                      ${ENV.apiForm}; default: published on ${PLATFORM_API_HOST}, spec elsewhere
  --json              machine-readable output
  --timeout SECONDS   per request (default 30; 120 for a streamed answer)
  --verbose           log each request to stderr (keys redacted)
keys come only from the environment: ${ENV.adminKey} (${KEY_PREFIX_HINT.admin}) for update, preview,
status and agent; ${ENV.assistantKey} (${KEY_PREFIX_HINT.assistant}) for ask and search.
exit status: 0 done, 1 the service refused or failed (or the update failed), 2 bad arguments or configuration.
`;

const UPDATE_HELP = `usage: docs-json update [--project ID] [--wait] [--interval SECONDS] [--max-wait SECONDS]
  triggers an update of the project (--project or ${ENV.project}); --wait follows it to its end,
  polling every --interval seconds (default 3) for at most --max-wait seconds (default 1800)
`;
const PREVIEW_HELP = `usage: docs-json preview --branch BRANCH [--project ID] [--wait] [--interval SECONDS] [--max-wait SECONDS]
  deploys BRANCH of the project (--project or ${ENV.project}) to a preview site and prints its URL;
  --wait follows the deployment to its end as update --wait does (exit 1 when it fails);
  --json prints { statusId, previewUrl } (with --wait, and the final status)
`;
const STATUS_HELP = 'usage: docs-json status STATUS_ID\n  shows the status and logs of an update\n';
const ASK_HELP = `usage: docs-json ask [--domain D] "question"\n  asks the assistant of the site D (or ${ENV.domain}); the answer prints as it streams\n`;
const SEARCH_HELP = `usage: docs-json search [--domain D] [--limit N] "query"\n  searches the documentation of the site D (or ${ENV.domain}); N from 1 to 50 (default 10)\n`;
const AGENT_HELP = `usage: docs-json agent create [--project ID] "prompt"
       docs-json agent get [--project ID] JOB_ID
       docs-json agent message [--project ID] JOB_ID "prompt"
  agent jobs of the project (--project or ${ENV.project})
`;

/** update, preview, status, ask, search and agent: the REST API from the command line. */
export const API_COMMANDS: Record<string, Command> = {
  update: apiCommand('update', UPDATE_HELP, updateCommand),
  preview: apiCommand('preview', PREVIEW_HELP, previewCommand),
  status: apiCommand('status', STATUS_HELP, statusCommand),
  ask: apiCommand('ask', ASK_HELP, askCommand),
  search: apiCommand('search', SEARCH_HELP, searchCommand),
  agent: apiCommand('agent', AGENT_HELP, agentCommand),
};

/** A command whose failures print as one line: usage and setup errors exit 2, refusals and failures 1. */
function apiCommand(name: string, help: string, run: Run): Command {
  return { help: `${help}\n${COMMON}`, run: (args, io) => run(args, io).catch((error: unknown) => failed(name, error, io)) };
}

function failed(command: string, error: unknown, io: CliIO): number {
  if (error instanceof UsageError) {
    io.err(`docs-json ${command}: ${error.message} (see docs-json ${command} --help)\n`);
    return EXIT_USAGE;
  }
  if (error instanceof ApiError) {
    io.err(`docs-json ${command}: ${oneLine(error.message)}\n`);
    return SETUP_ERROR_KINDS.includes(error.kind) ? EXIT_USAGE : EXIT_FAILURE;
  }
  io.err(`docs-json ${command}: unexpected error: ${oneLine(error instanceof Error ? error.message : String(error))}\n`);
  return EXIT_FAILURE;
}
