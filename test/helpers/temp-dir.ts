import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// Every temp folder a test process makes goes into one folder of that process, removed when the process ends,
// tests failed or not (runs used to leave thousands of docs repos and corpus copies in the system temp folder).
// A process killed outright cannot clean up: the next one removes the folders of processes that are gone.
const PREFIX = 'docs-json-test-';
let processFolder: string | undefined;

/** A fresh folder `prefix`XXXXXX, removed with the test process. */
export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(ownFolder(), prefix));
}

function ownFolder(): string {
  if (processFolder && fs.existsSync(processFolder)) return processFolder;
  removeAbandoned();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`));
  processFolder = folder;
  process.once('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      fs.rmSync(folder, { recursive: true, force: true });
      process.exit(128 + os.constants.signals[signal]);
    });
  }
  return folder;
}

/** Removes the folders of test processes that no longer run. */
function removeAbandoned(): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const pid = name.startsWith(PREFIX) ? Number(name.slice(PREFIX.length).split('-')[0]) : NaN;
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
