// `docs-json --version` and the help texts, run as a real process from the built binary.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/docs-json.js');
const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: REPO, encoding: 'utf8' });

test('--version and -v: the package version, then the platform release the checks were matched with (docs/parity/matched.json), exit 0', () => {
  const { version } = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  const { release } = JSON.parse(readFileSync(path.join(REPO, 'docs/parity/matched.json'), 'utf8'));
  assert.match(release, /^\d+\.\d+\.\d+$/);
  for (const flag of ['--version', '-v']) {
    const result = run([flag]);
    assert.deepEqual([result.status, result.stdout, result.stderr], [0, `${version}\nmatched with @mintlify/cli ${release}\n`, ''], flag);
  }
  assert.match(run(['--help']).stdout, new RegExp(`Matched with @mintlify/cli ${release.replace(/\./g, '\\.')}\\.`));
});

test('every help text ends with a newline, so the shell prompt starts on its own line', () => {
  for (const args of [['--help'], [], ['check', '--help'], ['update', '--help'], ['status', '--help'], ['ask', '--help'], ['search', '--help'], ['agent', '--help']]) {
    const result = run(args);
    const text = args.length === 0 ? result.stderr : result.stdout;
    assert.match(text, /^usage: docs-json/, args.join(' '));
    assert.ok(text.endsWith('\n') && !text.endsWith('\n\n'), `${args.join(' ') || '(no arguments)'} ends with one newline`);
  }
  assert.match(run(['--help']).stdout, /^docs-json --version: /m);
});
