// The branch checked out in a folder, read from git's files: no git process runs in the user's repository.
import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** The branch of the repository holding `folder` (its `.git` found upwards), or undefined: no repository, or a detached HEAD. */
export async function currentGitBranch(folder: string): Promise<string | undefined> {
  for (let dir = resolve(folder); ; dir = dirname(dir)) {
    const gitDir = await gitDirIn(dir);
    if (gitDir) return branchOf(await readText(join(gitDir, 'HEAD')));
    if (dirname(dir) === dir) return undefined;
  }
}

/** `dir/.git` as a folder, or the folder a `.git` file points to (`gitdir: …`, a worktree or a submodule). */
async function gitDirIn(dir: string): Promise<string | undefined> {
  const dotGit = join(dir, '.git');
  const info = await stat(dotGit).catch(() => undefined);
  if (info?.isDirectory()) return dotGit;
  if (!info?.isFile()) return undefined;
  const pointer = /^gitdir:\s*(.+?)\s*$/m.exec((await readText(dotGit)) ?? '')?.[1];
  if (!pointer) return undefined;
  return isAbsolute(pointer) ? pointer : resolve(dir, pointer);
}

function branchOf(head: string | undefined): string | undefined {
  return /^ref:\s*refs\/heads\/(.+?)\s*$/m.exec(head ?? '')?.[1];
}

async function readText(file: string): Promise<string | undefined> {
  try {
    // HEAD is one line; a larger file is not git's.
    const info = await stat(file);
    return info.isFile() && info.size < 4096 ? await readFile(file, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}
