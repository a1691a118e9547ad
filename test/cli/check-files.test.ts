// `docs-json check --files <paths…>` (issue 33): findings of the named files only, for pre-commit hooks; the folder is
// still read, so links to pages that were not named are not reported broken.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [BIN, 'check', ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const files = (stdout: string) => [...new Set((JSON.parse(stdout).diagnostics as { file: string }[]).map((d) => d.file))];

function site() {
  return makeDocsRepo({
    'docs/docs.json': { navigation: { pages: ['a', 'b', 'c', 'gone'] } },
    'docs/a.mdx': '[b](/b) [x](/nowhere)\n',
    'docs/b.mdx': '# B\n\n<Card>\n',
    'docs/c.mdx': '[c](/nothing)\n',
    'README.md': '[x](/nowhere)\n',
  });
}

test('--files: findings of the named pages only, the links to pages not named still resolved', () => {
  const root = site();
  // Run from the repository's root, paths are relative to it (issue 47).
  assert.deepEqual(files(run(['docs', '--format', 'json'], root).stdout), ['docs/a.mdx', 'docs/b.mdx', 'docs/c.mdx', 'docs/docs.json']);
  const one = run(['docs', '--format', 'json', '--files', 'docs/a.mdx'], root);
  assert.equal(one.status, 1);
  assert.deepEqual((JSON.parse(one.stdout).diagnostics as { message: string }[]).map((d) => d.message.match(/'([^']+)'|"([^"]+)"/)?.[0]), ['"/nowhere"']);
  // Every argument up to the next option, as pre-commit appends them; MDX syntax of a named page is checked.
  const two = run(['docs', '--files', 'docs/b.mdx', 'docs/c.mdx', '--format', 'json'], root);
  assert.deepEqual(files(two.stdout), ['docs/b.mdx', 'docs/c.mdx']);
  assert.ok((JSON.parse(two.stdout).diagnostics as { code: string }[]).some((d) => d.code === 'mdx-syntax'));
  assert.deepEqual(files(run(['docs', '--format', 'json', '--files=docs/docs.json'], root).stdout), ['docs/docs.json']);
});

test('--files: files outside the docs folder or gone are left out; none left is a pass; no path is a usage error', () => {
  const root = site();
  const outside = run(['docs', '--files', 'README.md', 'docs/deleted.mdx'], root);
  assert.deepEqual([outside.status, outside.stdout, outside.stderr], [0, 'No problems found\n', '']);
  const empty = run(['docs', '--files', '--format', 'json'], root);
  assert.deepEqual([empty.status, empty.stderr], [2, 'docs-json check: --files takes one or more paths\n']);
  // From inside the docs folder, paths are relative to where the command runs.
  assert.deepEqual(files(run(['.', '--format', 'json', '--files', 'c.mdx'], path.join(root, 'docs')).stdout), ['c.mdx']);
});

test('--files X reports exactly the full check\'s lines for X, anchors included (issue 48: a hook must fail what CI fails)', () => {
  const root = makeDocsRepo({
    'docs/docs.json': { navigation: { pages: ['index', 'other', 'third', 'broken', 'api'] } },
    'docs/index.mdx': [
      '---',
      'title: Home',
      '---',
      '',
      '[a](/other#nope) [b](#self-missing) [c](/other#there) [d](/third#snip) [e](/broken#any) [f](./other#there)',
      '<Card title="x" href="/other#card-nope">y</Card>',
      '',
      '## Home heading',
      '',
    ].join('\n'),
    'docs/other.mdx': '---\ntitle: Other\n---\n\n## There\n\n[back](/index#nowhere) [home](/index#home-heading)\n',
    'docs/third.mdx': '---\ntitle: Third\n---\n\nimport S from "/snippets/s.mdx";\n\n<S />\n',
    'docs/snippets/s.mdx': '## Snip\n',
    'docs/broken.mdx': '---\ntitle: Broken\n---\n\n## Any\n\n{a b}\n',
  });
  const lines = (stdout: string) => stdout.split('\n').filter((line) => /^\S+:\d+:\d+ /.test(line));
  const full = lines(run(['docs'], root).stdout);
  assert.ok(full.filter((line) => line.includes('broken-anchor')).length >= 4, full.join('\n'));
  for (const file of ['index.mdx', 'other.mdx', 'broken.mdx', 'third.mdx']) {
    const named = run(['docs', '--files', `docs/${file}`], root);
    assert.deepEqual(lines(named.stdout), full.filter((line) => line.startsWith(`docs/${file}:`)), `--files ${file}`);
  }
  const both = run(['docs', '--files', 'docs/index.mdx', 'docs/other.mdx'], root);
  assert.deepEqual(lines(both.stdout), full.filter((line) => /^docs\/(index|other)\.mdx:/.test(line)));
});
