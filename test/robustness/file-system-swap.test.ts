// A page file swapped for a FIFO between the check of what it is and the read: the read must not block (it hung
// the whole server). The swap is simulated in a child, where `stat` by name still reports the regular file.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../helpers/temp-dir';
import { test } from 'node:test';

test('file system: a file swapped for a FIFO between stat and read is not read, and the read does not block', { skip: process.platform === 'win32' }, (t) => {
  const dir = tempDir('fifo-swap-');
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const fifo = path.join(dir, 'page.mdx');
  const regular = path.join(dir, 'other.mdx');
  execFileSync('mkfifo', [fifo]);
  fs.writeFileSync(regular, '# other');
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'file-system-swap-child.ts'), fifo, regular], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(run.signal, null, `the read blocked (killed by the timeout)\n${run.stderr}`);
  assert.deepEqual(JSON.parse(run.stdout), { text: null, regular: '# other' });
});
