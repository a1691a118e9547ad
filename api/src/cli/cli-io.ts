/** What the API commands need from their process (cli/src/io.ts's CliIO fits). */
export interface ApiCliIO {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
}

export const EXIT_OK = 0;
/** The service refused, failed, or an update ended in failure. */
export const EXIT_FAILURE = 1;
/** Bad arguments or missing configuration: nothing was sent. */
export const EXIT_USAGE = 2;
