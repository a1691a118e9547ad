// Issue 44, MDX: one budget for the whole check (`mdx-not-checked`), per-page limits in the worker thread's CPU time,
// time-outs never cached, cheap pages never queued behind slow ones, and pages the parse skips said so
// (`mdx-parse-limit`). Budgets and limits are injected small; nothing here asserts how long anything took.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { mdxParseLimit, MAX_DELIMITERS_PER_BLOCK, MAX_LINE_PREFIX, MAX_MDX_PARSE, MAX_PIPES } from '../../server/src/checker/pages/mdx-skipped';
import { MdxVerdictCache } from '../../server/src/project/mdx-verdict-cache';
import { MdxVerdicts } from '../../server/src/project/mdx-verdicts';
import { MdxWorkerPool, mdxWorkerScript } from '../../server/src/project/mdx-worker-pool';
import { ownThread, threadCpuMs } from '../../server/src/project/thread-cpu';
import { makeDocsRepo } from '../helpers/docs-repo';
import { siteFindings } from '../helpers/site-findings';
import { tempDir } from '../helpers/temp-dir';

/** Setext heading pairs: the parser is super-linear on them (16,000 pairs: over a minute; 800: under a second). */
const slowPage = (pairs: number, salt: string) => `<a/> {x}\n\n${salt}\n\n${'a\n=\n'.repeat(pairs)}`;
const HOSTILE = (salt: string) => slowPage(16_000, salt);

const parse = (pool: MdxWorkerPool, text: string, limitMs?: number) =>
  new Promise<{ offset: number; message: string; notChecked?: string } | undefined>((resolve) => pool.parse(text, resolve, limitMs));

test('thread CPU time: read from /proc for a thread, growing with its work, undefined for no thread', { skip: ownThread() === undefined && 'no /proc' }, () => {
  const thread = ownThread()!;
  const before = threadCpuMs(thread)!;
  const until = Date.now() + 50;
  while (Date.now() < until); // busy: CPU time of this thread
  assert.ok(threadCpuMs(thread)! > before);
  assert.equal(threadCpuMs('../../etc/passwd'), undefined);
  assert.equal(threadCpuMs('999999999/task/999999999'), undefined);
});

test("a page's limit counts its worker thread's CPU time, not the clock: a starved parse is not timed out", { skip: ownThread() === undefined && 'no /proc' }, async () => {
  // The thread reads as if it never got the CPU (a loaded machine): its 100 ms limit is never passed, whatever the
  // clock says. Before issue 44 the clock timed it: the page was "too slow", and the verdict was cached.
  const pool = new MdxWorkerPool(mdxWorkerScript()!, 1, { limitMs: 100, cpuOf: () => 0 });
  try {
    const verdict = await parse(pool, slowPage(800, 'starved'));
    assert.equal(verdict?.message, undefined, 'it parses: no time-out');
  } finally {
    pool.dispose();
  }
  // Its own CPU time counted, the same page passes a 100 ms limit.
  const real = new MdxWorkerPool(mdxWorkerScript()!, 1, { limitMs: 100 });
  try {
    const verdict = await parse(real, HOSTILE('counted'));
    assert.equal(verdict?.notChecked, 'time');
    assert.match(verdict!.message, /^MDX not checked: parsing it took over 0\.1 s of CPU, the limit for one page\.$/);
  } finally {
    real.dispose();
  }
});

test('a closed page is not queued behind slow pages before it: their first parse is short, their full one comes last', { timeout: 120_000 }, async () => {
  const pool = new MdxWorkerPool(mdxWorkerScript()!, 1, { limitMs: 600_000 });
  try {
    const verdicts = new MdxVerdicts();
    verdicts.pool = pool;
    verdicts.deferMs = 0;
    verdicts.firstParseMs = 300;
    const told: string[] = [];
    const cheapAnswered = new Promise<void>((resolve) => {
      verdicts.onChanged = (page) => {
        told.push(page);
        if (page === 'cheap.mdx') resolve();
      };
    });
    verdicts.errorOf('hostile-1.mdx', HOSTILE('1'));
    verdicts.errorOf('hostile-2.mdx', HOSTILE('2'));
    verdicts.errorOf('cheap.mdx', 'cheap {a b}\n');
    // Before issue 44 it waited for both hostile parses (over a minute each, up to 30 s each under the limit).
    await cheapAnswered;
    assert.deepEqual(told, ['cheap.mdx']);
    assert.equal(verdicts.errorOf('cheap.mdx', 'cheap {a b}\n')?.offset, 8);
  } finally {
    pool.dispose();
  }
});

test('the budget of the whole check: past it, every page not parsed gets one not-checked verdict, and nothing of it is cached', { timeout: 120_000 }, async () => {
  const pool = new MdxWorkerPool(mdxWorkerScript()!, 2, { limitMs: 600_000 });
  const cache = new MdxVerdictCache(path.join(tempDir('mdx-budget-'), 'cache.json'), 'test', Buffer.alloc(32, 7));
  try {
    const verdicts = new MdxVerdicts();
    verdicts.pool = pool;
    verdicts.cache = cache;
    verdicts.deferMs = 0;
    verdicts.budgetMs = 300;
    const pages = Array.from({ length: 12 }, (_, i) => [`hostile-${i}.mdx`, HOSTILE(String(i))] as const);
    for (const [page, text] of pages) verdicts.errorOf(page, text);
    assert.equal(await verdicts.whenSettled(), true);
    assert.equal(cache.size, 0, 'a time-out or a budget run out says nothing of a text: never cached');
    assert.equal(cache.save(), undefined);
    for (const [page, text] of pages) {
      const verdict = verdicts.errorOf(page, text);
      assert.ok(verdict?.notChecked === 'budget' || verdict?.notChecked === 'time', `${page}: ${verdict?.message}`);
    }
    const last = verdicts.errorOf(pages[11][0], pages[11][1]);
    assert.equal(last?.message, "MDX not checked: the check's time budget ran out (0.3 s for the pages' MDX parses).");
    assert.equal(cache.size, 0);
  } finally {
    pool.dispose();
  }
});

test('in the editor, a page the budget left unparsed is parsed when it is opened (the budget spares open pages)', { timeout: 120_000 }, async () => {
  const pool = new MdxWorkerPool(mdxWorkerScript()!, 1, { limitMs: 600_000 });
  try {
    const verdicts = new MdxVerdicts();
    verdicts.pool = pool;
    verdicts.deferMs = 0;
    verdicts.budgetMs = 300;
    let open = false;
    verdicts.isOpen = (page) => open && page === 'later.mdx';
    verdicts.errorOf('hostile.mdx', HOSTILE('editor'));
    verdicts.errorOf('later.mdx', 'later {a b}\n');
    await verdicts.whenSettled();
    assert.equal(verdicts.errorOf('later.mdx', 'later {a b}\n')?.notChecked, 'budget');
    open = true;
    // Queued again as an open page; meanwhile its earlier verdict stands.
    assert.equal(verdicts.errorOf('later.mdx', 'later {a b}\n')?.notChecked, 'budget');
    await verdicts.whenSettled();
    assert.deepEqual(verdicts.errorOf('later.mdx', 'later {a b}\n')?.offset, 8);
  } finally {
    pool.dispose();
  }
});

const BIN = path.resolve(__dirname, '../../bin/docs-json.js');

function runCli(args: string[], cwd: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

test('docs-json check on 100 slow pages ends by its --mdx-budget: one info finding per page not parsed, exit 0, no cache entry', { timeout: 300_000 }, async () => {
  const files: Record<string, unknown> = { 'docs.json': { navigation: { pages: ['index'] } }, 'index.mdx': '# Home\n\n<Card>unclosed\n' };
  for (let i = 0; i < 100; i++) files[`slow/page-${i}.mdx`] = HOSTILE(`page ${i}`);
  const root = makeDocsRepo(files);
  const cacheFile = path.join(tempDir('mdx-budget-cli-'), 'cache');
  const run = await runCli(['check', root, '--format', 'json', '--mdx-budget', '1', '--cache', '--cache-location', cacheFile], root);
  assert.equal(run.status === 0 || run.status === 1, true, run.stderr);
  const found = JSON.parse(run.stdout).diagnostics as { file: string; code: string; severity: string; message: string }[];
  // The hostile pages are also over 50,000 characters: agent-page-size's info (its own test covers it) is left aside.
  const slow = found.filter((d) => d.file.startsWith('slow/') && d.code !== 'agent-page-size');
  assert.deepEqual(new Set(slow.map((d) => `${d.code} ${d.severity}`)), new Set(['mdx-not-checked info']));
  assert.equal(new Set(slow.map((d) => d.file)).size, 100, 'every slow page has a finding');
  assert.equal(slow.length, 100, 'one each');
  assert.ok(slow.some((d) => /time budget ran out \(1 s/.test(d.message)));
  // The budget's findings never fail the check by themselves: only index.mdx's unclosed tag can (if it was parsed).
  const errors = found.filter((d) => d.severity === 'error');
  assert.equal(run.status, errors.length ? 1 : 0);
  assert.ok(errors.every((d) => d.file === 'index.mdx' && d.code === 'mdx-syntax'));
  // The cache file is sealed (issue 44): its first line is the seal, the body follows.
  const body = fs.existsSync(cacheFile) ? fs.readFileSync(cacheFile, 'utf8').split('\n').slice(1).join('\n') : '';
  const cached = body ? (JSON.parse(body) as { entries: Record<string, unknown> }) : { entries: {} };
  assert.ok(Object.keys(cached.entries).length <= 1, 'no slow page cached');
});

test('pages the parse skips say why (mdx-parse-limit), where; pages just under each limit, or without MDX, say nothing', () => {
  const deep = `<a/>\n\n${' '.repeat(MAX_LINE_PREFIX + 1)}x\n`;
  assert.deepEqual({ ...mdxParseLimit(deep), message: undefined }, { offset: 6, length: MAX_LINE_PREFIX + 1, notChecked: 'shape', message: undefined });
  assert.match(mdxParseLimit(deep)!.message, /this line is indented or quoted \(spaces, tabs, '>'\) over 400 characters deep/);
  const starred = `<a/>\n\n${'*a'.repeat(MAX_DELIMITERS_PER_BLOCK + 1)}\n`;
  assert.equal(mdxParseLimit(starred)?.offset, 6 + 2 * MAX_DELIMITERS_PER_BLOCK);
  assert.match(mdxParseLimit(starred)!.message, /this paragraph holds over 2,000 '\*', '_' and '\['/);
  const long = `<a/>\n${'x'.repeat(MAX_MDX_PARSE)}`;
  assert.match(mdxParseLimit(long)!.message, /^MDX not checked: the page is 300,005 characters long, over 300,000/);
  // A 35,840-column table (286 kB): 508 MB of heap in the parser; in the worker, past its heap, an mdx-syntax error.
  const row = (cell: string) => `|${Array.from({ length: 35_840 }, () => cell).join('|')}|`;
  const wide = `<a/>\n\n${row('a')}\n${row('-')}\n${row('b')}\n`;
  assert.equal(mdxParseLimit(wide)?.offset, 6 + 2 * MAX_PIPES);
  assert.match(mdxParseLimit(wide)!.message, /the page holds over 20,000 '\|'/);
  // Quiet twins.
  assert.equal(mdxParseLimit(`<a/>\n\n${'|a'.repeat(MAX_PIPES / 2)}\n${'|-'.repeat(MAX_PIPES / 2)}\n`), undefined);
  assert.equal(mdxParseLimit(`<a/>\n\n${' '.repeat(MAX_LINE_PREFIX)}x\n`), undefined);
  assert.equal(mdxParseLimit(`<a/>\n\n${'*a'.repeat(MAX_DELIMITERS_PER_BLOCK / 2)}\n\n${'*a'.repeat(MAX_DELIMITERS_PER_BLOCK / 2)}\n`), undefined);
  assert.equal(mdxParseLimit(`<a/>\n${'x'.repeat(MAX_MDX_PARSE - 5)}`), undefined);
  assert.equal(mdxParseLimit('x'.repeat(MAX_MDX_PARSE + 1)), undefined, 'no MDX: nothing to parse, the verdict is known');
  assert.equal(mdxParseLimit(`${' '.repeat(MAX_LINE_PREFIX + 1)}x\n`), undefined);

  // Through the check: a warning on the line, once; the page beside it is checked as ever.
  const root = makeDocsRepo({ 'docs.json': { navigation: { pages: ['index', 'deep'] } }, 'index.mdx': '# Home\n\n<Note>fine</Note>\n', 'deep.mdx': deep });
  assert.deepEqual(siteFindings(root), [`deep.mdx:3:1 mdx-parse-limit ${' '.repeat(80)}`]);
});
