/** What a command needs from its process, so tests can run commands in process. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
  cwd: string;
}

export function processIO(): CliIO {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
    cwd: process.cwd(),
  };
}

/** One `docs-json` command: what `docs-json <command> --help` prints, and the command itself. */
export interface Command {
  help: string;
  run(args: string[], io: CliIO): Promise<number>;
}

export const EXIT_OK = 0;
/** Errors found, the service refused or failed, or an update ended in failure. */
export const EXIT_FAILURE = 1;
/** The command could not run at all: bad arguments or configuration, no docs.json. Nothing was sent. */
export const EXIT_USAGE = 2;
