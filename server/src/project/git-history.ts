import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path = require('node:path');

/**
 * When each file of a docs folder was last committed, read from git history (issue 51: a translation older than
 * its source). Git runs with nothing of the repository's that runs code: no hooks, no fsmonitor, no external diff
 * or textconv (a name list reads no content), no signature check, no pager, no prompt; `log` neither writes nor
 * takes locks. Read once per HEAD (a commit or a checkout re-reads it); no git, no repository, a refusal (a
 * repository owned by another user) or more than `GIT_TIMEOUT_MS`: no history, and the finding is off.
 */
export class GitHistory {
  private head: string | undefined;
  private times: Map<string, number> | undefined;
  private headCheckedAt = -1;

  constructor(
    private readonly root: string,
    /** Counts calls: HEAD is looked at once per change of it (the folder's check tells). */
    private readonly generation: () => number = () => 0,
  ) {}

  /** The file's last commit time (seconds), by its path relative to the docs folder. */
  lastCommitted(relative: string): number | undefined {
    const generation = this.generation();
    if (generation !== this.headCheckedAt) {
      this.headCheckedAt = generation;
      const head = headOf(this.root);
      if (head !== this.head || !this.times) {
        this.head = head;
        this.times = head === undefined ? new Map() : readCommitTimes(this.root);
      }
    }
    return this.times!.get(relative);
  }
}

/** How long the one `git log` may take. */
export const GIT_TIMEOUT_MS = 5_000;

/** The repository's HEAD, as its files say (no git run): the ref's commit, or undefined outside a repository. */
export function headOf(root: string): string | undefined {
  const gitDir = findGitDir(root);
  if (!gitDir) return undefined;
  try {
    const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    const ref = /^ref: (.+)$/.exec(head)?.[1];
    if (!ref) return head;
    // A loose ref's mtime and text; packed refs' mtime: either changes on a commit.
    const stamp = (file: string) => {
      try {
        return `${statSync(file).mtimeMs}:${readFileSync(file, 'utf8').trim()}`;
      } catch {
        return '';
      }
    };
    return `${ref}@${stamp(path.join(gitDir, ref))}@${stamp(path.join(gitDir, 'packed-refs'))}`;
  } catch {
    return undefined;
  }
}

function findGitDir(start: string): string | undefined {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, '.git');
    try {
      const stat = statSync(candidate);
      if (stat.isDirectory()) return candidate;
      // A worktree's or submodule's `.git` file: `gitdir: <path>`.
      const target = /^gitdir: (.+)$/m.exec(readFileSync(candidate, 'utf8'))?.[1]?.trim();
      return target ? path.resolve(dir, target) : undefined;
    } catch {
      // not here
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Every file's latest commit time under `root`, by its path relative to it. */
export function readCommitTimes(root: string): Map<string, number> {
  const times = new Map<string, number>();
  let out: string;
  try {
    out = execFileSync(
      'git',
      [
        '-c', 'core.hooksPath=/dev/null',
        '-c', 'core.fsmonitor=false',
        '-c', 'log.showSignature=false',
        '-c', 'diff.external=',
        '-C', root,
        'log', '--no-show-signature', '--no-ext-diff', '--no-textconv', '--no-renames', '--relative',
        '--format=%x01%ct', '--name-only', '-z', '--', '.',
      ],
      { encoding: 'utf8', timeout: GIT_TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_PAGER: 'cat', PAGER: 'cat' } },
    );
  } catch {
    return times;
  }
  // `-z`: each commit is `\x01<time>\n` then its names, each ended by NUL (the first after a blank line).
  let time = 0;
  for (const field of out.split('\0')) {
    let name = field;
    const mark = name.lastIndexOf('\x01');
    if (mark >= 0) {
      const line = name.slice(mark + 1);
      const newline = line.indexOf('\n');
      time = Number(newline < 0 ? line : line.slice(0, newline));
      name = newline < 0 ? '' : line.slice(newline + 1);
    }
    name = name.replace(/^\n+/, '');
    if (name && !times.has(name)) times.set(name, time);
    else if (name && times.get(name)! < time) times.set(name, time);
  }
  return times;
}
