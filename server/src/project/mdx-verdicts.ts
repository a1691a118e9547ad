import type { FreeName } from '../checker/pages/free-names';
import type { MdxSyntaxError, MdxVerdict } from '../checker/pages/mdx-parse';
import { mayHoldMdx, mdxParseLimit } from '../checker/pages/mdx-skipped';
import type { MdxVerdictCache } from './mdx-verdict-cache';
import { MDX_PARSE_LIMIT_MS, MdxWorkerPool } from './mdx-worker-pool';

/**
 * The MDX parses of one check, in all (the CLI's run; in the language server, each run of parses from a queue that
 * was empty to empty again): past it, the closed pages not parsed yet each get one `mdx-not-checked` finding.
 * 16 kB pages of a shape the parser is slow on held a worker 30 s each, and nothing bounded their sum (issue 44).
 */
export const MDX_BUDGET_MS = 300_000;
/**
 * A closed page's first parse, at most (the worker's CPU): a page that needs more is parsed again, with the full
 * limit, once every other closed page has had its first, so a page waits at most this long (not 30 s) behind each
 * page of a slow shape before it. The largest corpus page takes 4.4 s of CPU; nearly every page a few ms.
 */
export const MDX_FIRST_PARSE_MS = 2_000;

/** Parses a text in process (tests: the parser is in the MDX worker's bundle only): mdxVerdict. */
export type MdxParseNow = (text: string) => MdxVerdict;

interface Verdict {
  /** The text parsed, by hash and length. */
  hash: string;
  length: number;
  verdict: MdxVerdict;
}

/**
 * The MDX syntax verdict of each page, kept with a hash of the text it was parsed from: a page checked again with the
 * same text (a file created or removed, new redirects) is not parsed again. The parse is the costliest page check
 * (the platform's parser, micromark: ~1 ms per 3 kB, the page-link scan ~1 ms per 100 kB; see bench/measure-mdx.ts).
 *
 * With no parser (the CLI with `--no-check-mdx`) pages are not parsed and the rule finds nothing. With a worker pool
 * (the language server; the CLI's check) a page whose text has no verdict yet keeps its earlier one
 * (clamped to its text) and is queued, parsed in a worker after `deferMs` without a new text (open pages first); a
 * newer text of a page replaces its queued one; when its verdict changed, `onChanged` checks the page again.
 * `parseNow` (tests) parses in process, at once, or on `flush` when `onChanged` is set.
 */
export class MdxVerdicts {
  private readonly kept = new Map<string, Verdict>();
  /**
   * Queued pages: open pages apart, so the next page is found at once. Looking for an open page through one queue
   * of the whole folder cost its length at every parse: quadratic on the main thread (126,339 pages in the 100k
   * bench repo). With `read`, a queued page keeps its name only (undefined) and is read again when its parse starts:
   * the 100k bench repo's 126,339 waiting texts took the server's peak from under 200 MB to 205 MB.
   */
  private readonly queue = new Map<string, string | undefined>();
  private readonly openQueue = new Map<string, string | undefined>();
  /** Closed pages whose first parse passed MDX_FIRST_PARSE_MS: parsed again with the full limit, last. */
  private readonly slowQueue = new Map<string, string | undefined>();
  /** The parses running, by the pool's id: their page, and whether it is open (the budget spares open pages). */
  private readonly running = new Map<number, { page: string; open: boolean }>();
  /** The current run of parses: its budget's timer, and whether the budget ran out. */
  private round?: { timer: NodeJS.Timeout; expired: boolean };
  private timer?: NodeJS.Timeout;
  private inFlight = 0;
  private settled: (() => void)[] = [];
  /** Told when a page's verdict changed after a deferred parse. */
  onChanged?: (page: string) => void;
  /** Parses in process (tests). */
  parseNow?: MdxParseNow;
  /** Parses in workers. */
  pool?: MdxWorkerPool;
  /** Open pages are parsed before the rest of the folder. */
  isOpen?: (page: string) => boolean;
  /** A page's current text, read again when its queued parse starts (undefined: gone). Without it, texts are queued. */
  read?: (page: string) => string | undefined;
  /** Verdicts kept between runs (`--cache`, the editor's storage folder). */
  cache?: MdxVerdictCache;
  deferMs = DEFER_MS;
  /** The budget of one run of parses (MDX_BUDGET_MS). */
  budgetMs = MDX_BUDGET_MS;
  /** A closed page's first parse, at most (MDX_FIRST_PARSE_MS). */
  firstParseMs = MDX_FIRST_PARSE_MS;

  /** The MDX syntax error of a page's text (undefined: it parses, or, deferred, not known yet). */
  errorOf(page: string, text: string): MdxSyntaxError | undefined {
    return this.verdictOf(page, text).error;
  }

  /**
   * A page's verdict: its syntax error, or its free names. Deferred, the page's earlier verdict (its error clamped to
   * the text; its names as they were, which their reader checks against the text) until the parse answers.
   */
  verdictOf(page: string, text: string): MdxVerdict {
    if (!this.pool && !this.parseNow) return NONE;
    if (!mayHoldMdx(text)) {
      // Known without the parser: no worker round trip, nothing queued (126,339 such pages in the 100k bench repo).
      this.forget(page);
      return NONE;
    }
    const limit = mdxParseLimit(text);
    if (limit) {
      // Not parsed, and said why (mdx-parse-limit).
      this.forget(page);
      return { error: limit };
    }
    const hash = hashOf(text);
    const kept = this.kept.get(page);
    // A page the budget left unparsed is parsed when it is opened (the budget spares open pages).
    const retry = kept?.verdict.error?.notChecked === 'budget' && (this.isOpen?.(page) ?? false);
    if (kept && kept.hash === hash && kept.length === text.length && !retry) return kept.verdict;
    const key = `${hash}:${text.length}`;
    const known = byText.get(key) ?? this.cache?.get(text);
    if (known) {
      this.kept.set(page, { hash, length: text.length, verdict: known });
      return known;
    }
    if (this.parseNow && !this.onChanged) {
      const verdict = parsedNow(this.parseNow, text, key);
      this.cache?.set(text, verdict);
      this.kept.set(page, { hash, length: text.length, verdict });
      return verdict;
    }
    const open = this.isOpen?.(page) ?? false;
    (open ? this.openQueue : this.queue).set(page, this.read ? undefined : text);
    (open ? this.queue : this.openQueue).delete(page);
    this.slowQueue.delete(page);
    this.schedule();
    if (!kept) return NONE;
    const stale = kept.verdict.error;
    if (stale) return stale.offset + stale.length <= text.length ? { error: stale } : NONE;
    return kept.verdict;
  }

  /** A page removed: its verdict goes. */
  forget(page: string): void {
    this.kept.delete(page);
    this.queue.delete(page);
    this.openQueue.delete(page);
    this.slowQueue.delete(page);
  }

  private get queued(): number {
    return this.queue.size + this.openQueue.size + this.slowQueue.size;
  }

  /**
   * The next page to parse, open pages first, then closed pages' first parses, then the slow ones', taken out of its
   * queue with its text and its lane (`open`: the open queue only); undefined text: the page is gone.
   */
  private takeNext(open = this.openQueue.size > 0): [string, string | undefined, Lane] {
    const lane: Lane = open ? 'open' : this.queue.size ? 'first' : 'slow';
    const from = lane === 'open' ? this.openQueue : lane === 'first' ? this.queue : this.slowQueue;
    const [page, queued] = from.entries().next().value as [string, string | undefined];
    from.delete(page);
    return [page, queued ?? this.read?.(page), lane];
  }

  /** Parses what is queued now in process (tests). */
  flush(): void {
    while (this.queued && this.parseNow) {
      const [page, text] = this.takeNext();
      if (text === undefined) continue;
      const hash = hashOf(text);
      const verdict = parsedNow(this.parseNow, text, `${hash}:${text.length}`);
      this.cache?.set(text, verdict);
      this.settle(page, hash, text.length, verdict);
    }
  }

  /**
   * Resolves when nothing is queued or being parsed (the CLI, then checks again; tests): true when it waited for
   * parses, false when every verdict was known (kept, or in the cache).
   */
  whenSettled(): Promise<boolean> {
    if (!this.queued && !this.inFlight) return Promise.resolve(false);
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.step();
    }
    return new Promise((resolve) => this.settled.push(() => resolve(true)));
  }

  private schedule(): void {
    if (!this.pool) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.step();
    }, this.deferMs);
    this.timer.unref?.();
  }

  private step(): void {
    const pool = this.pool;
    if (this.round?.expired) this.dropClosed();
    while (pool && this.queued) {
      const open = this.openQueue.size > 0 && pool.freeFor(true);
      if (!open && !(this.queue.size + this.slowQueue.size && pool.freeFor(false))) break;
      const [page, text, lane] = this.takeNext(open);
      if (text === undefined) continue;
      const hash = hashOf(text);
      const key = `${hash}:${text.length}`;
      // Read again, the text may be one parsed meanwhile (another page of the same text).
      const known = byText.get(key);
      if (known) {
        this.settle(page, hash, text.length, known);
        continue;
      }
      this.startRound();
      this.inFlight++;
      const id = pool.parse(
        text,
        (error, names) => {
          this.inFlight--;
          this.running.delete(id);
          const newer = this.queue.has(page) || this.openQueue.has(page);
          if (error?.notChecked === 'time' && lane === 'first' && !this.round?.expired) {
            // Slow: parsed again with the full limit once every closed page has had its first parse.
            if (!newer) this.slowQueue.set(page, this.read ? undefined : text);
          } else {
            // A time-out or the budget says nothing of the text: never kept by text, nor in the cache.
            const verdict: MdxVerdict = error ? { error } : names?.length ? { names } : NONE;
            if (!error?.notChecked) {
              if (byText.size >= MAX_BY_TEXT) byText.clear();
              byText.set(key, verdict);
              this.cache?.set(text, verdict);
            }
            // A newer text of the page queued meanwhile: this verdict is of an old text, kept by text only.
            if (!newer) this.settle(page, hash, text.length, verdict);
          }
          if (!this.timer) this.step();
        },
        lane === 'first' ? this.firstParseMs : MDX_PARSE_LIMIT_MS,
      );
      this.running.set(id, { page, open: lane === 'open' });
    }
    if (!this.queued && !this.inFlight) {
      this.endRound();
      // Whoever waits for the parses (the CLI) reads the verdicts next, parsing nothing more for a while.
      if (this.settled.length) this.pool?.release();
      for (const resolve of this.settled.splice(0)) resolve();
    }
  }

  /** A run of parses starts with its first parse: its budget with it. */
  private startRound(): void {
    if (this.round) return;
    // A timer holds at most 2^31-1 ms (24.8 days): a longer budget is no budget.
    const timer = setTimeout(() => this.expire(), Math.min(this.budgetMs, 2 ** 31 - 1));
    timer.unref?.();
    this.round = { timer, expired: false };
  }

  private endRound(): void {
    if (this.round) clearTimeout(this.round.timer);
    this.round = undefined;
  }

  /** The budget ran out: the closed pages' parses running are ended, and every closed page queued is not checked. */
  private expire(): void {
    if (!this.round) return;
    this.round.expired = true;
    for (const [id, { open }] of [...this.running]) if (!open) this.pool?.stop(id, this.outOfTime());
    this.step();
  }

  private dropClosed(): void {
    for (const from of [this.queue, this.slowQueue]) {
      for (const [page, queued] of [...from]) {
        from.delete(page);
        const text = queued ?? this.read?.(page);
        if (text !== undefined) this.settle(page, hashOf(text), text.length, { error: this.outOfTime() });
      }
    }
  }

  private outOfTime(): MdxSyntaxError {
    const seconds = Math.round(this.budgetMs / 100) / 10;
    return { offset: 0, length: 0, message: `MDX not checked: the check's time budget ran out (${seconds} s for the pages' MDX parses).`, notChecked: 'budget' };
  }

  private settle(page: string, hash: string, length: number, verdict: MdxVerdict): void {
    const before = this.kept.get(page)?.verdict ?? NONE;
    this.kept.set(page, { hash, length, verdict });
    if (!sameError(before.error, verdict.error) || !sameNames(before.names, verdict.names)) this.onChanged?.(page);
  }
}

/**
 * Verdicts by text in the whole process, for the pages of other projects of the same texts (the tests open each
 * corpus site several times; a second `PageLinks` of a folder): at most `MAX_BY_TEXT`, then cleared.
 */
const byText = new Map<string, MdxVerdict>();

/** The verdict of a page that parses and reads no free name (one object: most pages). */
const NONE: MdxVerdict = Object.freeze({});
const MAX_BY_TEXT = 50_000;

function parsedNow(parse: MdxParseNow, text: string, key: string): MdxVerdict {
  const known = byText.get(key);
  if (known) return known;
  const parsed = parse(text);
  const verdict = parsed.error || parsed.names?.length ? parsed : NONE;
  if (byText.size >= MAX_BY_TEXT) byText.clear();
  byText.set(key, verdict);
  return verdict;
}

type Lane = 'open' | 'first' | 'slow';

/** The pause after the last page text that needed a parse before the deferred parses start. */
export const DEFER_MS = 150;

function sameError(a: MdxSyntaxError | undefined, b: MdxSyntaxError | undefined): boolean {
  return a === b || (!!a && !!b && a.offset === b.offset && a.length === b.length && a.message === b.message);
}

function sameNames(a: readonly FreeName[] = [], b: readonly FreeName[] = []): boolean {
  return a.length === b.length && a.every((name, i) => name.name === b[i].name && name.line === b[i].line && name.column === b[i].column);
}

/** Two 32-bit hashes of the UTF-16 code units (FNV-1a and a multiply-add), as one key: a 150 kB page in ~0.5 ms. */
function hashOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b + code, 0x5bd1e995) ^ (b >>> 15);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}`;
}
