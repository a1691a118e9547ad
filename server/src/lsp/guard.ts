import { Connection } from 'vscode-languageserver';

/** Runs handlers so that a failure is logged to the client, never thrown into the connection. */
export class Guard {
  constructor(private readonly connection: Connection) {}

  run<T>(what: string, run: () => T): T | undefined {
    try {
      const result = run();
      if (result instanceof Promise) result.catch((error: unknown) => this.logError(what, error));
      return result;
    } catch (error) {
      this.logError(what, error);
      return undefined;
    }
  }

  logError(what: string, error: unknown): void {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    this.connection.console.error(`docs.json server: ${what} failed: ${message}`);
  }
}
