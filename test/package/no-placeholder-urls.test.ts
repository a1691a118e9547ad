// No file of the repository names a host where this project is not: a placeholder repository URL in the manifest,
// SARIF or a README sent users and code-scanning links to a page that does not exist.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';

const REPO = path.resolve(__dirname, '../..');
// Written in two parts so that this file does not name it either.
const PLACEHOLDER = ['github.com', 'docs-json-tools'].join('/');

test('no tracked file names the placeholder repository (manifest, SARIF, READMEs, pictures\' links)', () => {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' });
  assert.equal(listed.status, 0, listed.stderr);
  const files = listed.stdout.split('\0').filter(Boolean);
  assert.ok(files.includes('package.json') && files.length > 100, `${files.length} tracked files`);
  const naming = files.filter((file) => {
    const full = path.join(REPO, file);
    return fs.existsSync(full) && fs.statSync(full).isFile() && fs.readFileSync(full, 'latin1').toLowerCase().includes(PLACEHOLDER);
  });
  assert.deepEqual(naming, []);
});
