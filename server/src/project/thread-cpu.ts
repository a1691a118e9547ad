// The CPU time of one worker thread, read from outside it while it is busy: a parse is synchronous, so the worker
// cannot time itself, and the wall clock counts the time a loaded machine gave to other work (a starved run timed
// out pages that parse, issue 44). Node 20 has no per-thread CPU usage (process.cpuUsage counts every thread); Linux
// gives it in /proc: the worker names its thread (`/proc/thread-self`), the pool reads that thread's counters.
import fs = require('node:fs');

/** The worker's thread as /proc names it (`<pid>/task/<tid>`), or undefined where there is no /proc (macOS, Windows). */
export function ownThread(): string | undefined {
  try {
    const link = fs.readlinkSync('/proc/thread-self');
    return /^\d+\/task\/\d+$/.test(link) ? link : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The CPU time a thread has used, in ms, or undefined when it cannot be read (the thread ended, no /proc). From
 * `schedstat` (nanoseconds on CPU), else `stat`'s utime + stime (clock ticks, 100 a second on Linux).
 */
export function threadCpuMs(thread: string): number | undefined {
  if (!/^\d+\/task\/\d+$/.test(thread)) return undefined;
  try {
    const nanoseconds = Number(fs.readFileSync(`/proc/${thread}/schedstat`, 'latin1').split(' ')[0]);
    if (Number.isFinite(nanoseconds) && nanoseconds > 0) return nanoseconds / 1e6;
  } catch {
    // No schedstat (a kernel without CONFIG_SCHED_INFO): stat.
  }
  try {
    const stat = fs.readFileSync(`/proc/${thread}/stat`, 'latin1');
    // The fields after the command name (which may hold spaces and parentheses): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}
