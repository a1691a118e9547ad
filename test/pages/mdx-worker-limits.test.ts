// Hostile MDX pages (issue 34): 16-64 kB shapes that the platform's parser takes seconds to never over, or runs out
// of memory on. A parse has a time limit (the worker ended and another started, the page reported as not checked),
// one worker is kept for open pages, and the workers' memory does not grow with the core count. Limits are injected
// so that the tests run fast; nothing here measures time.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { MdxVerdicts } from '../../server/src/project/mdx-verdicts';
import { MAX_MDX_WORKERS, MDX_WORKER_HEAP_MB, MDX_WORKER_YOUNG_MB, MdxWorkerPool, mdxWorkerScript } from '../../server/src/project/mdx-worker-pool';

/**
 * Each forces a parse (`<a/>`, `{x}`) and then takes the parser seconds to never: on a quiet 2-core machine 7.9 s (the
 * nested lists, 294 kB), 67 s, over 120 s and 84 s (2026-11-26), against a 1.5 s limit here.
 */
const HOSTILE: Record<string, string> = {
  'nested - lists': `<a/> {x}\n\n${Array.from({ length: 12_800 }, (_, i) => `${'  '.repeat(i % 20)}- x`).join('\n')}`,
  'setext heading pairs': `<a/> {x}\n\n${'a\n=\n'.repeat(16_000)}`,
  // With a tag in its paragraph: inline text without `<` nor `{` is not tokenized (mdx-quick-parse.ts).
  'a run of ]': `<a/> {x}\n\n<b/>${']'.repeat(64_000)}`,
  '1. 1. 1. …': `<a/> {x}\n\n${'1. '.repeat(21_000)}`,
};

const parse = (pool: MdxWorkerPool, text: string) => new Promise<{ offset: number; message: string } | undefined>((resolve) => pool.parse(text, resolve));

test('a parse over its time limit: the worker is ended, the page reported as not checked, and the next page is parsed', async () => {
  const pool = new MdxWorkerPool(mdxWorkerScript()!, 1, { limitMs: 1_500 });
  try {
    for (const [what, text] of Object.entries(HOSTILE)) {
      assert.match((await parse(pool, text))?.message ?? 'parsed', /^MDX not checked: parsing it took over 1\.5 s of CPU, the limit for one page\.$/, what);
      // A new worker answers the next page with its own verdict.
      assert.equal((await parse(pool, 'w {a b}\n'))?.offset, 4, `after ${what}`);
      assert.equal(await parse(pool, 'fine <a/>\n'), undefined, `after ${what}`);
    }
  } finally {
    pool.dispose();
  }
});

test('an open page is never queued behind hostile pages of the folder: one worker is kept for open pages', async () => {
  const pool = new MdxWorkerPool(mdxWorkerScript()!, 2, { keepOneForOpen: true, limitMs: 600_000 });
  try {
    const verdicts = new MdxVerdicts();
    verdicts.pool = pool;
    verdicts.deferMs = 0;
    verdicts.isOpen = (page) => page === 'open.mdx';
    const told: string[] = [];
    const openAnswered = new Promise<void>((resolve) => {
      verdicts.onChanged = (page) => {
        told.push(page);
        if (page === 'open.mdx') resolve();
      };
    });
    verdicts.errorOf('hostile-1.mdx', HOSTILE['setext heading pairs']);
    verdicts.errorOf('hostile-2.mdx', HOSTILE['1. 1. 1. …']);
    await new Promise((resolve) => setTimeout(resolve, 10)); // the deferred parses start
    verdicts.errorOf('open.mdx', 'open {a b}\n');
    await openAnswered;
    assert.deepEqual(told, ['open.mdx'], 'answered while the hostile pages are still parsing or queued');
    assert.equal(verdicts.errorOf('open.mdx', 'open {a b}\n')?.offset, 7);
  } finally {
    pool.dispose();
  }
});

test('the workers: at most two, whatever the core count asked for, each with a bounded heap', () => {
  assert.equal(new MdxWorkerPool(mdxWorkerScript()!, 16).size, MAX_MDX_WORKERS);
  assert.ok(MAX_MDX_WORKERS <= 2 && MDX_WORKER_HEAP_MB <= 256);
  assert.equal(new MdxWorkerPool(mdxWorkerScript()!, 0).size, 1);
});

test('each worker starts with its old and young generations capped (the young one below V8\'s default 48 MB)', async () => {
  // A stand-in worker that answers each page with the limits it was started with.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mdx-limits-'));
  const script = path.join(dir, 'limits-worker.js');
  fs.writeFileSync(
    script,
    `const { parentPort, resourceLimits } = require('node:worker_threads');
parentPort.on('message', ({ id }) => parentPort.postMessage({ id, error: { offset: 0, length: 0, message: JSON.stringify(resourceLimits) } }));`,
  );
  const pool = new MdxWorkerPool(script, 1);
  try {
    const limits = JSON.parse((await parse(pool, '<a/>'))!.message) as { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number };
    assert.equal(limits.maxOldGenerationSizeMb, MDX_WORKER_HEAP_MB);
    assert.equal(limits.maxYoungGenerationSizeMb, MDX_WORKER_YOUNG_MB);
    assert.ok(MDX_WORKER_YOUNG_MB < 48);
  } finally {
    pool.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('waited for, the parses once settled end the workers at once (the CLI then writes its report); the server keeps them', async () => {
  const pool = new MdxWorkerPool(mdxWorkerScript()!, 2);
  try {
    const verdicts = new MdxVerdicts();
    verdicts.pool = pool;
    verdicts.deferMs = 0;
    verdicts.errorOf('a.mdx', 'a {a b}\n');
    verdicts.errorOf('b.mdx', 'b <x/>\n');
    assert.equal(await verdicts.whenSettled(), true);
    assert.equal(pool.workers, 0, 'no idle worker left');
    assert.equal(verdicts.errorOf('a.mdx', 'a {a b}\n')?.offset, 4);
    assert.equal(verdicts.errorOf('b.mdx', 'b <x/>\n'), undefined);
    // The next page starts a worker again.
    verdicts.errorOf('c.mdx', 'c {d e}\n');
    assert.equal(await verdicts.whenSettled(), true);
    assert.equal(verdicts.errorOf('c.mdx', 'c {d e}\n')?.offset, 4);
    // The language server does not wait: its idle workers stay for the next keystroke's page (ended after a pause).
    const server = new MdxVerdicts();
    server.pool = pool;
    server.deferMs = 0;
    const changed = new Promise<void>((resolve) => (server.onChanged = () => resolve()));
    server.errorOf('d.mdx', 'd {e f}\n');
    await changed;
    assert.equal(pool.workers, 1, 'the idle worker is kept');
  } finally {
    pool.dispose();
  }
});
