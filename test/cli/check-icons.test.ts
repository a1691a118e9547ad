// `docs-json check` reports unknown icons (issue 36) by default, in docs.json and in pages, as the editor does (the
// official MDX extension has no CLI: CI gets them from us only), and `--severity`-free runs stay quiet on known names.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { makeDocsRepo } from '../helpers/docs-repo';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/docs-json.js');
const made: string[] = [];
after(() => made.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

function check(files: Record<string, unknown>, ...args: string[]) {
  const root = makeDocsRepo(files);
  made.push(root);
  const result = spawnSync(process.execPath, [BIN, 'check', root, ...args], { cwd: REPO, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout };
}

const site = (groupIcon: string, cardIcon: string, library?: string) => ({
  'docs.json': { ...(library ? { icons: { library } } : {}), navigation: { groups: [{ group: 'Start', icon: groupIcon, pages: ['index'] }] } },
  'index.mdx': `# Home\n\n<Card title="SDK" icon="${cardIcon}">Python</Card>\n`,
});

test('check: unknown icons of docs.json and of a page are warnings, with the nearest name', () => {
  const { status, stdout } = check(site('rockett', 'python', 'lucide'), '--no-check-mdx');
  assert.equal(status, 0, stdout);
  assert.match(stdout, /docs\.json:\d+:\d+\s+warning\s+unknown-icon\s+'rockett' is not a Lucide icon .*did you mean 'rocket'\?/);
  assert.match(stdout, /index\.mdx:3:\d+\s+warning\s+unknown-icon\s+'python' is not a Lucide icon/);
});

test('check: known names of the site library give no icon finding', () => {
  assert.doesNotMatch(check(site('rocket', 'python'), '--no-check-mdx').stdout, /unknown-icon/);
  assert.doesNotMatch(check(site('rocket', 'code', 'lucide'), '--no-check-mdx').stdout, /unknown-icon/);
});
