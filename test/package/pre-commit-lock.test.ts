// Issue 44: the pre-commit hook's first run installs the dependencies and builds in the hook's clone; two hooks
// started at once both installed in the same folder. Now one installs under a lock and the other waits for it; a
// lock whose process is gone is taken over. The hook script runs in a copy of its folder whose install steps are
// stand-ins (a fake build that says when it runs), so no npm and no real build.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../helpers/temp-dir';

const SCRIPTS = path.resolve(__dirname, '../../scripts');

/** A hook clone: the real hook script, a build that logs its start and waits (up to 3 s) for a second one, a bin. */
function clone(): string {
  const root = tempDir('hook-clone-');
  fs.mkdirSync(path.join(root, 'scripts'));
  for (const name of ['pre-commit-hook.mjs', 'hook-arguments.mjs', 'npm-env.mjs']) fs.copyFileSync(path.join(SCRIPTS, name), path.join(root, 'scripts', name));
  fs.mkdirSync(path.join(root, 'node_modules', 'esbuild'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'scripts', 'build.mjs'),
    `import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
const log = new URL('../build.log', import.meta.url);
appendFileSync(log, 'start\\n');
const until = Date.now() + 3000;
while (Date.now() < until && readFileSync(log, 'utf8').split('start').length - 1 < 2) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
mkdirSync(new URL('../dist', import.meta.url), { recursive: true });
appendFileSync(log, 'end\\n');
`,
  );
  fs.mkdirSync(path.join(root, 'bin'));
  fs.writeFileSync(path.join(root, 'bin', 'docs-json.js'), "process.stdout.write('checked\\n');\n");
  return root;
}

function hook(root: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'pre-commit-hook.mjs')], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

test('two first runs at once: one builds, the other waits for it; both then check', async () => {
  const root = clone();
  const [a, b] = await Promise.all([hook(root), hook(root)]);
  for (const run of [a, b]) assert.deepEqual([run.status, run.stdout], [0, 'checked\n'], run.stderr);
  assert.equal(fs.readFileSync(path.join(root, 'build.log'), 'utf8'), 'start\nend\n', 'one build');
  assert.ok(fs.existsSync(path.join(root, 'dist', '.pre-commit-built')));
  assert.equal(fs.existsSync(path.join(root, '.pre-commit-install.lock')), false, 'the lock is released');
  // Later runs build nothing.
  assert.equal((await hook(root)).stdout, 'checked\n');
  assert.equal(fs.readFileSync(path.join(root, 'build.log'), 'utf8'), 'start\nend\n');
});

test('a lock left by a process that is gone is taken over, not waited on', async () => {
  const root = clone();
  fs.mkdirSync(path.join(root, '.pre-commit-install.lock'));
  // A process id that is not running: a finished child's.
  const gone = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('close', () => resolve(child.pid!));
  });
  fs.writeFileSync(path.join(root, '.pre-commit-install.lock', 'pid'), String(gone));
  const run = await hook(root);
  assert.deepEqual([run.status, run.stdout], [0, 'checked\n'], run.stderr);
  assert.equal(fs.readFileSync(path.join(root, 'build.log'), 'utf8'), 'start\nend\n');
});
