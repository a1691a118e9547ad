import { execFileSync } from 'node:child_process';
import { checkDocs, DocsWorkspace } from '../server/src/checker';
import { oneCharEdits } from './one-char-edits';
import { SeededRandom } from './seeded-random';

export const CHILD_FLAG = '--child-check-memory';

/** In a child process: scan the repo, check it, then check `edits` one-character edits; print the peak RSS. */
export function runCheckerMemoryChild(root: string, edits = 3): void {
  const workspace = new DocsWorkspace(root);
  let result = checkDocs(workspace);
  for (const text of oneCharEdits(result.model, edits, new SeededRandom(11))) result = checkDocs(workspace, text);
  process.stdout.write(JSON.stringify({ peakRssMb: process.resourceUsage().maxRSS / 1024, diagnostics: result.diagnostics.length }) + '\n');
}

/** Peak RSS of a fresh node process that checks the repo as the server would, without the server around it. */
export function measureCheckerMemory(benchScript: string, root: string): number {
  const output = execFileSync(process.execPath, [benchScript, CHILD_FLAG, root], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return Math.round((JSON.parse(output.trim().split('\n').pop()!) as { peakRssMb: number }).peakRssMb * 10) / 10;
}
