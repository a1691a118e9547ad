import * as fs from 'node:fs';
import { after } from 'node:test';
import { makeDocsRepo } from './docs-repo';

// Kept apart from docs-repo.ts: importing node:test starts a test run, which child processes must not do.
const disposable: string[] = [];
after(() => {
  for (const repo of disposable.splice(0)) fs.rmSync(repo, { recursive: true, force: true });
});

/** makeDocsRepo, removed when the importing test file's tests end. */
export function tempRepo(files: Record<string, unknown>): string {
  const root = makeDocsRepo(files);
  disposable.push(root);
  return root;
}
