import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after } from 'node:test';

const made: string[] = [];
after(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder under the system temp folder, removed when the importing test file's tests end. */
export function tempFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-test-'));
  made.push(dir);
  return dir;
}
