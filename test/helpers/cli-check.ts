// `docs-json check` run as a user runs it (the built bin, a new process) on a docs repository made for the test; the
// repositories are removed after the test file.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after } from 'node:test';
import { makeDocsRepo } from './docs-repo';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/docs-json.js');
const made: string[] = [];
after(() => made.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

/** Makes a docs repository of `files` and checks it with `args`: the exit status and the output. */
export function checkRepo(files: Record<string, unknown>, ...args: string[]): { status: number | null; stdout: string } {
  const root = makeDocsRepo(files);
  made.push(root);
  const result = spawnSync(process.execPath, [BIN, 'check', root, ...args], { cwd: REPO, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout };
}
