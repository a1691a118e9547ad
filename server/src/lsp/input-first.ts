/** Turns a background step may wait for in a row, however many messages came: it always goes on. */
const MAX_WAITING = 16;

/**
 * Background work goes after the client's messages. The connection handles one message per turn of the event loop
 * (each on its own `setImmediate`), so a keystroke's `didChange` and the completion sent right after it took two
 * turns, and a slice of the pass over every page (about 8 ms each) ran before each of them: the completion waited for
 * two slices. A step given to `later` waits one more turn for each message received and not yet handled.
 */
export class InputFirst {
  private waiting = 0;

  constructor(private readonly schedule: (run: () => void) => void = (run) => setImmediate(run)) {}

  /** A message came in; the connection handles it on a later turn. */
  received(): void {
    this.waiting = Math.min(this.waiting + 1, MAX_WAITING);
  }

  /** Runs `step` on a later turn, after the messages received so far. */
  later(step: () => void): void {
    const run = () => {
      if (this.waiting === 0) return step();
      this.waiting--;
      this.schedule(run);
    };
    this.schedule(run);
  }
}

/** The language server's: its transport tells it of each message, the pass over every page takes its turns by it. */
export const inputFirst = new InputFirst();
