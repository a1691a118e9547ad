/** Collects garbage before a timed run when node runs with --expose-gc, so one run's garbage is not billed to the next. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export type Task = (run: number) => unknown;

async function timeOne(task: Task, run: number): Promise<number> {
  collectGarbage();
  const start = performance.now();
  const result = task(run);
  if (result instanceof Promise) await result;
  return performance.now() - start;
}

/**
 * Milliseconds of each run of each task. The tasks take turns within every round, so a slow spell of the
 * machine (other processes on the same cores) falls on all of them alike and their ratios stay fair.
 */
export async function timeInterleaved<K extends string>(tasks: Record<K, Task>, runs: number, warmup = 1): Promise<Record<K, number[]>> {
  const names = Object.keys(tasks) as K[];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let run = -warmup; run < runs; run++) {
    for (const name of names) {
      const ms = await timeOne(tasks[name], Math.max(run, 0));
      if (run >= 0) times[name].push(ms);
    }
  }
  return times;
}

/** CPU time (user and system) of `run`, in ms: other work on the machine does not bill it, as wall time does. */
export function cpuMs(run: () => unknown): number {
  collectGarbage();
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
