// Issue 44: the one guarded write (server/src/project/data-file.ts): no link followed at the file or on its way
// inside the repository, new files created exclusively, a replaced file renamed whole over the old one.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { appendDataFile, makeDataFolder, writeDataFile } from '../../server/src/project/data-file';
import { tempDir } from '../helpers/temp-dir';

function place(): { repo: string; outside: string } {
  return { repo: tempDir('guard-repo-'), outside: tempDir('guard-outside-') };
}

test('writeDataFile: a link at the name (live or dangling) is refused and left; a link to a folder on the way inside is refused', () => {
  const { repo, outside } = place();
  fs.writeFileSync(path.join(outside, 'file'), 'keep');
  fs.symlinkSync(path.join(outside, 'file'), path.join(repo, 'live'));
  fs.symlinkSync(path.join(outside, 'none'), path.join(repo, 'dangling'));
  fs.symlinkSync(outside, path.join(repo, 'dir'));
  const inside = [repo];
  assert.match(writeDataFile(path.join(repo, 'live'), 'x', { inside })!, /symbolic link/);
  assert.match(writeDataFile(path.join(repo, 'dangling'), 'x', { inside })!, /symbolic link/);
  assert.match(writeDataFile(path.join(repo, 'dir', 'f'), 'x', { inside })!, /dir is a symbolic link/);
  assert.match(appendDataFile(path.join(repo, 'live'), 'x', { inside })!, /symbolic link/);
  assert.match(appendDataFile(path.join(repo, 'dir', 'f'), 'x', { inside })!, /symbolic link/);
  assert.match(makeDataFolder(path.join(repo, 'dir', 'sub'), { inside })!, /symbolic link/);
  // Without `inside` the final name is still never followed.
  assert.match(writeDataFile(path.join(repo, 'live'), 'x')!, /symbolic link/);
  assert.equal(fs.readFileSync(path.join(outside, 'file'), 'utf8'), 'keep');
  assert.deepEqual(fs.readdirSync(outside).sort(), ['file']);
});

test('a place outside `inside` (named by the user) may be reached through a link above the file, never at it', () => {
  const { repo, outside } = place();
  fs.mkdirSync(path.join(outside, 'real'));
  fs.symlinkSync(path.join(outside, 'real'), path.join(outside, 'named'));
  assert.equal(writeDataFile(path.join(outside, 'named', 'a'), 'a', { inside: [repo] }), undefined);
  assert.equal(appendDataFile(path.join(outside, 'named', 'b'), 'b', { inside: [repo] }), undefined);
  assert.equal(appendDataFile(path.join(outside, 'named', 'b'), 'c', { inside: [repo] }), undefined);
  assert.equal(fs.readFileSync(path.join(outside, 'real', 'a'), 'utf8'), 'a');
  assert.equal(fs.readFileSync(path.join(outside, 'real', 'b'), 'utf8'), 'bc');
});

test('writeDataFile replaces whole (a new inode, no temporary left), creates with the mode asked; append refuses a FIFO without waiting', () => {
  const { repo } = place();
  const file = path.join(repo, 'f');
  assert.equal(writeDataFile(file, 'one', { mode: 0o600 }), undefined);
  if (process.platform !== 'win32') assert.equal(fs.statSync(file).mode & 0o777, 0o600);
  const before = fs.statSync(file).ino;
  assert.equal(writeDataFile(file, Buffer.from('two')), undefined);
  assert.equal(fs.readFileSync(file, 'utf8'), 'two');
  assert.notEqual(fs.statSync(file).ino, before);
  assert.deepEqual(fs.readdirSync(repo), ['f']);
  if (process.platform === 'win32') return;
  const fifo = path.join(repo, 'fifo');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  assert.match(appendDataFile(fifo, 'x', { inside: [repo] })!, /not a regular file/);
});
