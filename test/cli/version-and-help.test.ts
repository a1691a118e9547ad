// `docs-json --version` and the help texts, run as a real process from the built binary.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { platformMatchLine } from '../../cli/src/platform-release';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/docs-json.js');
const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: REPO, encoding: 'utf8' });

test('--version and -v: the package version, then what the last parity run measured (docs/parity/matched.json), exit 0', () => {
  const { version } = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  const matched = JSON.parse(readFileSync(path.join(REPO, 'docs/parity/matched.json'), 'utf8'));
  const line = platformMatchLine(matched);
  if (matched.release !== undefined) {
    // Written by the harness: its release, the day, every case it ran and what stayed unexplained.
    assert.match(matched.release, /^\d+\.\d+\.\d+$/);
    const cases = Object.values(matched.cases as Record<string, number>).reduce((a, b) => a + b, 0);
    assert.ok(cases > 0);
    assert.equal(line, `checks last compared with @mintlify/cli ${matched.release} on ${matched.date}: ${cases.toLocaleString('en-US')} cases, ${matched.unexplained} difference${matched.unexplained === 1 ? '' : 's'} unexplained`);
  }
  for (const flag of ['--version', '-v']) {
    const result = run([flag]);
    assert.deepEqual([result.status, result.stdout, result.stderr], [0, `${version}\n${line}\n`, ''], flag);
  }
  assert.ok(run(['--help']).stdout.includes(`Parity: ${line}.`));
  assert.ok(run(['check', '--help']).stdout.replace(/\s+/g, ' ').includes(`Parity: ${line} (docs/parity/).`));
});

test('parity line: no release claimed until a harness run wrote one; a run names its release, day and figures', () => {
  assert.equal(platformMatchLine({}), 'checks not yet compared with a release of @mintlify/cli (npm run parity -- --write)');
  assert.equal(platformMatchLine({ release: '4.0.1552', cases: {} }), 'checks not yet compared with a release of @mintlify/cli (npm run parity -- --write)', 'no figures, no claim');
  assert.equal(
    platformMatchLine({ release: '4.0.1591', date: '2026-11-28', cases: { corpusPages: 2229, pageMutations: 10000, snippetImports: 2000 }, differences: 8, unexplained: 1 }),
    'checks last compared with @mintlify/cli 4.0.1591 on 2026-11-28: 14,229 cases, 1 difference unexplained',
  );
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
