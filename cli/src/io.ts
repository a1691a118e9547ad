import { createPrintable } from '../../api/src';

/** What a command needs from its process, so tests can run commands in process. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
  /** Whether stderr is a terminal (progress lines go there); absent: not one. */
  errIsTTY?: boolean;
  cwd: string;
  /**
   * Writes CI workflow command lines made by `githubCommand` to stdout, their leading `::` kept (printableIO sets
   * it; without it they go to `out`, where printableIO makes them inert).
   */
  commands?(text: string): void;
}

/** Erases the terminal line; the one control sequence the CLI writes itself (the spinner's). */
export const CLEAR_LINE = '\r\x1b[2K';

/**
 * The one place the CLI's output leaves it: every write has the API keys of the environment redacted (every
 * form), control characters escaped and CI workflow commands made inert. Only a leading CLEAR_LINE passes, and the workflow
 * commands written through `commands`.
 */
export function printableIO(io: CliIO): CliIO {
  const printable = createPrintable([io.env.DOCS_ADMIN_API_KEY, io.env.DOCS_ASSISTANT_API_KEY]);
  const stream = (write: (text: string) => void) => {
    let atLineStart = true;
    return (text: string) => {
      if (text === '') return;
      const control = text.startsWith(CLEAR_LINE) ? CLEAR_LINE : '';
      const printed = printable(text.slice(control.length), atLineStart || control !== '');
      write(control + printed);
      if (printed !== '') atLineStart = printed.endsWith('\n');
      else if (control) atLineStart = true;
    };
  };
  return { ...io, out: stream(io.out), err: stream(io.err), commands: (text) => io.out(printable(text, true, true)) };
}

/**
 * The process's stdout and stderr. A write that fails (a full disk, a closed pipe as in `check | head`) stops the
 * output, without a stack trace, and sets `outputFailed`: the command then exits EXIT_USAGE, not with a verdict
 * nobody received. A closed pipe says nothing more (its reader has gone); any other failure says why on stderr.
 */
export function processIO(): CliIO & { outputFailed(): boolean } {
  let failed = false;
  let stderrOpen = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (!failed && error.code !== 'EPIPE' && stderrOpen) process.stderr.write(`docs-json: cannot write the output: ${error.code ?? error.message}\n`);
    failed = true;
    process.exitCode = EXIT_USAGE;
  });
  process.stderr.on('error', () => {
    stderrOpen = false;
  });
  return {
    out: (text) => {
      if (!failed) process.stdout.write(text);
    },
    err: (text) => {
      if (stderrOpen) process.stderr.write(text);
    },
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
    errIsTTY: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
    outputFailed: () => failed,
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
/** The command could not run at all: bad arguments or configuration, no docs.json, or its output could not be written. */
export const EXIT_USAGE = 2;
