import { CliIO, EXIT_USAGE, processIO } from './io';
import { runCheckCommand } from './check-command';
import { API_COMMANDS, runApiCommand } from './api-commands';

const USAGE = `usage: docs-json <command> [options]

commands:
  check [DIR] [--format text|json|sarif]   check DIR/docs.json (default: the current folder)
  update [--project ID] [--wait]           trigger an update of the documentation project
  status STATUS_ID                         show the status of an update
  ask --domain D "question"                ask the assistant (the answer streams)
  search --domain D "query"                search the documentation
  agent create|get|message ...             agent jobs
`;

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command === undefined ? io.err : io.out)(USAGE);
    return command === undefined ? EXIT_USAGE : 0;
  }
  if (command === 'check') return runCheckCommand(rest, io);
  if (API_COMMANDS.includes(command)) return runApiCommand(command, rest, io);
  io.err(`docs-json: unknown command '${command}' (try 'docs-json --help')\n`);
  return EXIT_USAGE;
}

/** Entry point of the `docs-json` binary. */
export function runFromProcess(): void {
  main(process.argv.slice(2), processIO()).then(
    (code) => { process.exitCode = code; },
    (error: unknown) => {
      process.stderr.write(`docs-json: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = EXIT_USAGE;
    },
  );
}
