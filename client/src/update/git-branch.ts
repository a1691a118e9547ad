// The branch checked out in a folder, read from git's files: no git process runs in the user's repository.
import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** The branch of the repository holding `folder` (its `.git` found upwards), or undefined: no repository, or a detached HEAD. */
export async function currentGitBranch(folder: string): Promise<string | undefined> {
  return (await gitBranchState(folder))?.branch;
}

/** A branch and where it stands against the remote branch it tracks, as git's files say (no git process). */
export interface GitBranchState {
  branch: string;
  /**
   * `none`: no remote branch is configured or fetched (the service cannot build it); `differs`: the local branch
   * and its remote one point at different commits (commits not pushed, or not pulled); `same`: pushed.
   */
  remote: 'none' | 'differs' | 'same';
}

/** The branch checked out in the repository holding `folder`, and whether it is pushed; undefined as `currentGitBranch`. */
export async function gitBranchState(folder: string): Promise<GitBranchState | undefined> {
  for (let dir = resolve(folder); ; dir = dirname(dir)) {
    const gitDir = await gitDirIn(dir);
    if (gitDir) {
      const branch = branchOf(await readText(join(gitDir, 'HEAD')));
      if (!branch) return undefined;
      // A worktree's git folder holds HEAD; refs, packed-refs and config are in the common folder it names.
      const common = (await readText(join(gitDir, 'commondir')))?.trim();
      const shared = common ? resolve(gitDir, common) : gitDir;
      const config = (await readText(join(shared, 'config'), 1 << 20)) ?? '';
      const remote = remoteOf(config, branch);
      const local = await refOf(shared, `refs/heads/${branch}`);
      const pushed = remote === undefined ? undefined : await refOf(shared, `refs/remotes/${remote}/${branch}`);
      return { branch, remote: pushed === undefined ? 'none' : pushed === local ? 'same' : 'differs' };
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The remote a branch tracks (`[branch "x"] remote = origin`), else `origin` when the repository has one. */
function remoteOf(config: string, branch: string): string | undefined {
  let section = '';
  let tracked: string | undefined;
  let origin = false;
  for (const line of config.split(/\r?\n/)) {
    const header = /^\s*\[\s*([^\]]+?)\s*\]/.exec(line);
    if (header) {
      section = header[1];
      if (section === 'remote "origin"') origin = true;
      continue;
    }
    const remote = /^\s*remote\s*=\s*(\S+)/.exec(line);
    if (remote && section === `branch "${branch}"`) tracked = remote[1];
  }
  return tracked ?? (origin ? 'origin' : undefined);
}

/** The commit a ref names: its loose file, else its line of packed-refs. */
async function refOf(gitDir: string, ref: string): Promise<string | undefined> {
  const loose = (await readText(join(gitDir, ...ref.split('/'))))?.trim();
  if (loose && /^[0-9a-f]{40,64}$/.test(loose)) return loose;
  const packed = (await readText(join(gitDir, 'packed-refs'), 64 << 20)) ?? '';
  for (const line of packed.split('\n')) {
    const [sha, name] = line.trim().split(' ');
    if (name === ref && /^[0-9a-f]{40,64}$/.test(sha)) return sha;
  }
  return undefined;
}

/**
 * A branch name as shown to the user: control and bidirectional-formatting characters removed (a name holding
 * U+202E read backwards in the prompt, issue 44). The name deployed stays as git has it.
 */
export function shownBranch(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '');
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

async function readText(file: string, limit = 4096): Promise<string | undefined> {
  try {
    // HEAD is one line; a larger file is not git's (config and packed-refs get a larger limit).
    const info = await stat(file);
    return info.isFile() && info.size < limit ? await readFile(file, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

/** The prompt naming the branch as git has it (shown without control or bidi characters) and what is not pushed. */
export function branchPrompt(state: GitBranchState, uncommitted: number | undefined): string {
  const shown = shownBranch(state.branch);
  const name = shown === state.branch ? shown : `${shown} (its name holds invisible or control characters, not shown)`;
  const notes = [
    state.remote === 'none' ? `${shown} has no remote branch: push it first, the service builds from the repository` : undefined,
    state.remote === 'differs' ? `${shown} differs from its remote branch: commits not pushed are not deployed` : undefined,
    uncommitted ? `${uncommitted} uncommitted change${uncommitted === 1 ? '' : 's'} here ${uncommitted === 1 ? 'is' : 'are'} not deployed` : undefined,
  ].filter((note): note is string => note !== undefined);
  return `The branch checked out here is ${name}. ${notes.length ? `${notes.join('; ')}.` : "The service deploys the branch as pushed to the repository, not this editor's files."}`;
}
