import { CLEAR_LINE, CliIO } from '../io';

export interface Progress {
  /** The state being waited on; shown by the spinner, or printed once per change. */
  status(label: string): void;
  /** A line of output above the spinner. */
  line(text: string): void;
  stop(): void;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A spinner on a terminal; plain lines otherwise (CI logs, pipes). */
export function createProgress(io: CliIO, now: () => number = Date.now): Progress {
  return io.isTTY ? spinner(io, now) : plain(io);
}

function plain(io: CliIO): Progress {
  let last: string | undefined;
  return {
    status(label) {
      if (label !== last) io.out(`status: ${label}\n`);
      last = label;
    },
    line: (text) => io.out(`${text}\n`),
    stop() {},
  };
}

function spinner(io: CliIO, now: () => number): Progress {
  const started = now();
  let label = 'waiting';
  let frame = 0;
  const draw = () => io.out(`${CLEAR_LINE}${FRAMES[frame++ % FRAMES.length]} ${label} · ${Math.floor((now() - started) / 1000)} s`);
  const timer = setInterval(draw, 100);
  draw();
  return {
    status(next) {
      label = next;
      draw();
    },
    line(text) {
      io.out(`${CLEAR_LINE}${text}\n`);
      draw();
    },
    stop() {
      clearInterval(timer);
      io.out(CLEAR_LINE);
    },
  };
}
