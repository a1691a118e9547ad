// npm ci's postinstall builds dist/, then npm test would build the same again: scripts/run-tests.mjs skips a build
// whose inputs (scripts/build-stamp.mjs: every file esbuild read, and the build's own scripts and manifests) are
// all as they were, and builds when one changed, when the last build was a production one, or when no stamp is there.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { tempDir } from '../helpers/temp-dir';

const STAMP_SCRIPT = pathToFileURL(path.resolve(__dirname, '../../scripts/build-stamp.mjs')).href;

/** Runs `code` (an ES module body with `stamp` imported) in `cwd`, where the stamp's relative paths point. */
function inFolder(cwd: string, code: string): string {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', `import * as stamp from ${JSON.stringify(STAMP_SCRIPT)};\n${code}`], { cwd, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.trim();
}

test('the build stamp: unchanged inputs need no build; a changed input, a production build or no stamp do', () => {
  const root = tempDir('build-stamp-');
  fs.mkdirSync(path.join(root, 'dist'));
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{}\n');
  const reason = `console.log(stamp.staleReason('development') ?? 'fresh')`;
  assert.equal(inFolder(root, reason), 'no stamp of a build');
  inFolder(root, `stamp.writeStamp([{ inputs: { 'src/a.ts': {} } }], 'development')`);
  assert.equal(inFolder(root, reason), 'fresh');
  fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 22;\n');
  assert.equal(inFolder(root, reason), 'src/a.ts changed');
  inFolder(root, `stamp.writeStamp([{ inputs: { 'src/a.ts': {} } }], 'development')`);
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{ "lockfileVersion": 3 }\n');
  assert.equal(inFolder(root, reason), 'package-lock.json changed', 'the icon packages it pins make the name lists');
  inFolder(root, `stamp.writeStamp([{ inputs: { 'src/a.ts': {} } }], 'production')`);
  assert.equal(inFolder(root, reason), 'the last build was production');
  fs.rmSync(path.join(root, 'src', 'a.ts'));
  inFolder(root, `stamp.writeStamp([{ inputs: { 'src/a.ts': {} } }], 'development')`);
  fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'back\n');
  assert.equal(inFolder(root, reason), 'src/a.ts changed', 'a file made where none was');
});

test('this checkout: a build writes the stamp of its own inputs, the sources among them', () => {
  const stamp = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../dist/.build-inputs.json'), 'utf8')) as { mode: string; inputs: Record<string, unknown> };
  assert.equal(stamp.mode, 'development');
  for (const file of ['server/src/server.ts', 'cli/src/main.ts', 'client/src/extension.ts', 'scripts/build.mjs', 'package-lock.json']) assert.ok(file in stamp.inputs, file);
});
