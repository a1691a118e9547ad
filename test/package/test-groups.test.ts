// scripts/run-tests.mjs runs small test files several to a process (scripts/test-groups.mjs): every selected file
// runs exactly once, in the order given, the ones that must not share a process alone, and a member that fails to
// load fails the run without hiding the members after it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { tempDir } from '../helpers/temp-dir';

type Groups = {
  runsAlone(file: string, text?: string): boolean;
  groupTests(files: string[], folder: string, options?: { root?: string; alone?: (file: string) => boolean }): string[];
};
const load = async (): Promise<Groups> => (await import(pathToFileURL(path.resolve(__dirname, '../../scripts/test-groups.mjs')).href)) as Groups;

function tree(files: Record<string, string>): string {
  const root = tempDir('test-groups-');
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

const passing = (name: string) => `import { test } from 'node:test';\ntest(${JSON.stringify(name)}, () => {});\n`;

test('files that could see each other run alone: top-level hooks, the key-leak guard, folders that measure or drive the process', async () => {
  const { runsAlone } = await load();
  assert.equal(runsAlone('test/checker/a.test.ts', passing('a')), false);
  assert.equal(runsAlone('test/checker/a.test.ts', `import { after } from 'node:test';\nafter(() => {});\n`), true);
  assert.equal(runsAlone('test/api/a.test.ts', `import { leakGuard } from '../helpers/key-leak-guard';\n`), true);
  assert.equal(runsAlone('test/checker/a.test.ts', `describe('x', () => {\n  after(() => {});\n});\n`), false, 'a hook inside describe stays in it');
  for (const folder of ['vscode', 'package', 'robustness', 'corpus', 'nvim']) assert.equal(runsAlone(`test/${folder}/a.test.ts`, passing('a')), true, folder);
});

test('every file runs once, in the order given; groups stand where their first member was; one file of a folder is not grouped', async () => {
  const { groupTests } = await load();
  const root = tree({
    'test/x/a.test.mjs': passing('a'),
    'test/x/b.test.mjs': passing('b'),
    'test/x/c.test.mjs': passing('c'),
    'test/y/d.test.mjs': passing('d'),
    'test/x/hooks.test.mjs': `import { before } from 'node:test';\nbefore(() => {});\n`,
  });
  const folder = tempDir('test-groups-out-');
  const files = ['test/x/a.test.mjs', 'test/x/hooks.test.mjs', 'test/x/b.test.mjs', 'test/y/d.test.mjs', 'test/x/c.test.mjs'];
  const entries = groupTests(files, folder, { root, alone: (file) => file.endsWith('b.test.mjs') });
  assert.deepEqual(entries, [path.join(folder, 'test-x-1.test.mjs'), 'test/x/hooks.test.mjs', 'test/x/b.test.mjs', 'test/y/d.test.mjs']);
  const group = fs.readFileSync(entries[0], 'utf8');
  const a = group.indexOf(pathToFileURL(path.join(root, 'test/x/a.test.mjs')).href);
  const c = group.indexOf(pathToFileURL(path.join(root, 'test/x/c.test.mjs')).href);
  assert.ok(a > 0 && c > a, group);
  assert.ok(!group.includes('b.test.mjs') && !group.includes('hooks.test.mjs'), group);
});

test('a group runs its members in one process; a member that fails to load is a failing test named for it, and the members after it still run', async () => {
  const { groupTests } = await load();
  const root = tree({
    'test/x/a.test.mjs': passing('first member'),
    'test/x/b.test.mjs': `throw new Error('b is broken');\n`,
    'test/x/c.test.mjs': `import { test } from 'node:test';\ntest('third member', () => { process.stdout.write('pid ' + process.pid + '\\n'); });\n`,
    'test/x/d.test.mjs': `import { test } from 'node:test';\ntest('fourth member', () => { process.stdout.write('pid ' + process.pid + '\\n'); });\n`,
  });
  const folder = tempDir('test-groups-out-');
  const [entry, ...rest] = groupTests(['test/x/a.test.mjs', 'test/x/b.test.mjs', 'test/x/c.test.mjs', 'test/x/d.test.mjs'], folder, { root });
  assert.equal(rest.length, 0);
  // NODE_TEST_CONTEXT would make this node a child of this test's runner, reporting to it instead of printing.
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', entry], { encoding: 'utf8', env });
  assert.equal(run.status, 1, run.stdout);
  assert.match(run.stdout, /^ok \d+ - first member$/m);
  assert.match(run.stdout, new RegExp(`^not ok \\d+ - .*b\\.test\\.mjs loads$`, 'm'));
  assert.match(run.stdout, /b is broken/);
  assert.match(run.stdout, /^ok \d+ - third member$/m);
  assert.match(run.stdout, /^ok \d+ - fourth member$/m);
  const pids = new Set([...run.stdout.matchAll(/pid (\d+)/g)].map((match) => match[1]));
  assert.equal(pids.size, 1, 'the members share one process');
});
