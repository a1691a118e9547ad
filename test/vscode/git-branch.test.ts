// The branch Deploy a Preview of This Branch offers, read from git's files (no git process in the user's repository).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { branchPrompt, currentGitBranch, gitBranchState, shownBranch } from '../../client/src/update/git-branch';
import { tempDir } from '../helpers/temp-dir';

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

test('the branch of the repository holding the folder, found upwards; a detached HEAD or no repository gives none', async () => {
  const repo = tempDir('git-branch-');
  write(path.join(repo, '.git/HEAD'), 'ref: refs/heads/docs/new-page\n');
  fs.mkdirSync(path.join(repo, 'docs/guides'), { recursive: true });
  assert.equal(await currentGitBranch(repo), 'docs/new-page');
  assert.equal(await currentGitBranch(path.join(repo, 'docs/guides')), 'docs/new-page', 'a docs folder inside a repository');
  write(path.join(repo, '.git/HEAD'), '3f2a9c1d0b7e4a5f8c6d2e1b0a9f8e7d6c5b4a3f\n');
  assert.equal(await currentGitBranch(repo), undefined, 'detached');
  const plain = tempDir('git-branch-none-');
  assert.equal(await currentGitBranch(plain), undefined);
});

test('a .git file (a worktree or a submodule) points to the folder that holds HEAD, relative or absolute', async () => {
  const root = tempDir('git-branch-worktree-');
  write(path.join(root, 'main/.git/worktrees/wt/HEAD'), 'ref: refs/heads/preview-branch\n');
  write(path.join(root, 'wt/.git'), 'gitdir: ../main/.git/worktrees/wt\n');
  assert.equal(await currentGitBranch(path.join(root, 'wt')), 'preview-branch');
  write(path.join(root, 'abs/.git'), `gitdir: ${path.join(root, 'main/.git/worktrees/wt')}\n`);
  assert.equal(await currentGitBranch(path.join(root, 'abs')), 'preview-branch');
  write(path.join(root, 'broken/.git'), 'not a pointer');
  assert.equal(await currentGitBranch(path.join(root, 'broken')), undefined);
});

const SHA_A = 'a'.repeat(40);
const SHA_B = 'b'.repeat(40);

test('issue 48: the prompt names the branch git has checked out and what the service will not see (no remote branch, commits not pushed, uncommitted changes)', async () => {
  const repo = tempDir('git-branch-state-');
  write(path.join(repo, '.git/HEAD'), 'ref: refs/heads/feature\n');
  write(path.join(repo, '.git/refs/heads/feature'), `${SHA_A}\n`);
  assert.deepEqual(await gitBranchState(repo), { branch: 'feature', remote: 'none' });
  assert.match(branchPrompt({ branch: 'feature', remote: 'none' }, 0), /^The branch checked out here is feature\. feature has no remote branch: push it first/);
  write(path.join(repo, '.git/config'), '[remote "origin"]\n\turl = x\n[branch "feature"]\n\tremote = origin\n');
  write(path.join(repo, '.git/packed-refs'), `# pack-refs with: peeled\n${SHA_B} refs/remotes/origin/feature\n`);
  assert.deepEqual(await gitBranchState(repo), { branch: 'feature', remote: 'differs' });
  assert.match(branchPrompt({ branch: 'feature', remote: 'differs' }, 2), /differs from its remote branch: commits not pushed are not deployed; 2 uncommitted changes here are not deployed\.$/);
  write(path.join(repo, '.git/refs/remotes/origin/feature'), `${SHA_A}\n`);
  assert.deepEqual(await gitBranchState(repo), { branch: 'feature', remote: 'same' });
  assert.equal(branchPrompt({ branch: 'feature', remote: 'same' }, 0), "The branch checked out here is feature. The service deploys the branch as pushed to the repository, not this editor's files.");
  // Not `master` when git says `main`: the name is read from HEAD, never assumed.
  write(path.join(repo, '.git/HEAD'), 'ref: refs/heads/main\n');
  assert.equal((await gitBranchState(repo))?.branch, 'main');
});

test('issue 44: control and bidi characters of a branch name are not shown in the prompt (the name deployed stays as git has it)', () => {
  const hostile = 'fix\u202Etxt.exe\u2066-\u0007x';
  assert.equal(shownBranch(hostile), 'fixtxt.exe-x');
  const prompt = branchPrompt({ branch: hostile, remote: 'same' }, undefined);
  assert.ok(!/[\u0000-\u001f\u202a-\u202e\u2066-\u2069]/.test(prompt), prompt);
  assert.match(prompt, /fixtxt\.exe-x \(its name holds invisible or control characters, not shown\)/);
});
