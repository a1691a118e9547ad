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

/** Exit status of a command that could not run at all (bad arguments, no docs.json). */
export const EXIT_USAGE = 2;
