// `docs-json check` on a multi-language site (issue 37): the language findings as the editor has them, and one line per
// language after the summary in text output (none in the machine formats, none without `languages`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { makeDocsRepo, repoWith } from '../helpers/docs-repo';

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

const NAV = {
  languages: [
    { language: 'en', pages: ['en/a', 'en/b', 'en/c'] },
    { language: 'ja', pages: ['ja/a', 'en/b'] },
  ],
};

test('check: language findings and a line per language; not an error (exit 0)', () => {
  const { status, stdout } = check(repoWith(NAV, ['en/a', 'en/b', 'en/c', 'ja/a', 'ja/b']));
  assert.equal(status, 0, stdout);
  assert.match(stdout, /docs\.json:\d+:\d+\s+warning\s+translation-fallback\s+"en\/b" is a page of 'en' listed in the 'ja' navigation/);
  assert.match(stdout, /info\s+translation-missing\s+The 'ja' navigation has no counterpart of "en\/c"/);
  assert.match(stdout, /\nLanguages: en 3 pages \(default\); ja 2 pages \(1 missing, 1 from another language\)\n$/);
});

test('check: no language line without languages, nor in JSON output', () => {
  assert.doesNotMatch(check(repoWith({ pages: ['a'] }, ['a'])).stdout, /Languages:/);
  const json = check(repoWith(NAV, ['en/a', 'en/b', 'en/c', 'ja/a']), '--format', 'json').stdout;
  assert.ok(JSON.parse(json).diagnostics.some((d: { code: string }) => d.code === 'translation-missing'));
});
