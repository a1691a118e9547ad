// The branch Deploy a Preview of This Branch offers, read from git's files (no git process in the user's repository).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { currentGitBranch } from '../../client/src/update/git-branch';
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
