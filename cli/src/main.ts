import { version } from '../../package.json';
import { PLATFORM_MATCH } from './platform-release';
import { API_COMMANDS } from './api/api-commands';
import { CHECK_COMMAND } from './check-command';
import { LLMS_TXT_COMMAND } from './llms-txt-command';
import { CliIO, Command, EXIT_OK, EXIT_USAGE, printableIO, processIO } from './io';

const USAGE = `usage: docs-json <command> [options]

commands:
  check [DIR] [--format FORMAT]                   check DIR/docs.json (default: the current folder, or the one
                                                  folder below it that has one); FORMAT: text, json, sarif,
                                                  github, summary, gitlab
  llms-txt [DIR] [--url URL]                      print the llms.txt the platform will generate (or check
                                                  the repository's own llms.txt)
  update [--project ID] [--wait]                  trigger an update of the documentation project
  preview --branch B [--wait]                     deploy a branch to a preview site, print its URL
  status STATUS_ID                                show the status of an update
  ask --domain D "question"                       ask the assistant (the answer streams)
  search --domain D "query"                       search the documentation
  agent create|get|message ...                    agent jobs

docs-json <command> --help: the options of one command
docs-json --version: the version of this package, and the release of the platform's CLI its checks were
                     last compared with by the parity harness, with that run's figures (docs/parity/)

"Deploys" here: the platform's build parses every page with its CLI release's MDX parser and resolves its
snippet imports; \`check\` flags what it refuses or warns about (mdx-syntax, snippet-*), and what compiles
but breaks the page when it renders (undefined-identifier, ignored-children).
Parity: ${PLATFORM_MATCH}.
`;

const COMMANDS: Record<string, Command> = { check: CHECK_COMMAND, 'llms-txt': LLMS_TXT_COMMAND, ...API_COMMANDS };

export async function main(argv: string[], processIo: CliIO): Promise<number> {
  const io = printableIO(processIo);
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.err : io.out)(USAGE);
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (name === '--version' || name === '-v') {
    io.out(`${version}\n${PLATFORM_MATCH}\n`);
    return EXIT_OK;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(`docs-json: unknown command '${name}' (try 'docs-json --help')\n`);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.help);
    return EXIT_OK;
  }
  return command.run(rest, io);
}

/** Entry point of the `docs-json` binary. */
export function runFromProcess(): void {
  const io = processIO();
  main(process.argv.slice(2), io).then(
    (code) => exitWhenWritten(() => (io.outputFailed() ? EXIT_USAGE : code)),
    (error: unknown) => {
      printableIO(io).err(`docs-json: ${error instanceof Error ? error.message : String(error)}\n`);
      exitWhenWritten(() => EXIT_USAGE);
    },
  );
}

/**
 * Exits once stdout and stderr have taken every byte, without waiting for the event loop to drain: at its end Node
 * waits for V8's background compile jobs, 10-35 ms after the last line of `check` on a 300-page site (an idle tail in
 * its CPU profile). A write's callback comes after the writes before it, so no output is cut short (macOS pipes
 * are asynchronous). The exit waits one turn more, for a failed write's 'error' (processIO says it and counts it);
 * stdout that failed (a reader gone: `| head`) exits 2 as processIO would have it.
 */
function exitWhenWritten(code: () => number): void {
  let waiting = 2;
  let stdoutFailed = false;
  const written = () => {
    if (--waiting === 0) process.exit(stdoutFailed ? EXIT_USAGE : code());
  };
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.destroyed || !stream.writable) {
      if (stream === process.stdout) stdoutFailed = true;
      written();
      continue;
    }
    stream.write('', (error) => {
      if (error && stream === process.stdout) stdoutFailed = true;
      setImmediate(written);
    });
  }
}
