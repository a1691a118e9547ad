import type { MdxSyntaxError } from '../checker/pages/mdx-parse';
import { mdxParseSkipped } from '../checker/pages/mdx-skipped';
import type { MdxVerdictCache } from './mdx-verdict-cache';
import type { MdxWorkerPool } from './mdx-worker-pool';

/** Parses a text in process (tests: the parser is in the MDX worker's bundle only). */
export type MdxParseNow = (text: string) => MdxSyntaxError | undefined;

interface Verdict {
  /** The text parsed, by hash and length. */
  hash: string;
  length: number;
  error: MdxSyntaxError | undefined;
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

  /** The MDX syntax error of a page's text (undefined: it parses, or, deferred, not known yet). */
  errorOf(page: string, text: string): MdxSyntaxError | undefined {
    if (!this.pool && !this.parseNow) return undefined;
    if (mdxParseSkipped(text)) {
      // Known without the parser: no worker round trip, nothing queued (126,339 such pages in the 100k bench repo).
      this.forget(page);
      return undefined;
    }
    const hash = hashOf(text);
    const kept = this.kept.get(page);
    if (kept && kept.hash === hash && kept.length === text.length) return kept.error;
    const key = `${hash}:${text.length}`;
    if (byText.has(key)) {
      const error = byText.get(key);
      this.kept.set(page, { hash, length: text.length, error });
      return error;
    }
    const cached = this.cache?.get(text);
    if (cached !== undefined) {
      const error = cached ?? undefined;
      this.kept.set(page, { hash, length: text.length, error });
      return error;
    }
    if (this.parseNow && !this.onChanged) {
      const error = parsedNow(this.parseNow, text, key);
      this.cache?.set(text, error);
      this.kept.set(page, { hash, length: text.length, error });
      return error;
    }
    const open = this.isOpen?.(page) ?? false;
    (open ? this.openQueue : this.queue).set(page, this.read ? undefined : text);
    (open ? this.queue : this.openQueue).delete(page);
    this.schedule();
    const stale = kept?.error;
    return stale && stale.offset + stale.length <= text.length ? stale : undefined;
  }

  /** A page removed: its verdict goes. */
  forget(page: string): void {
    this.kept.delete(page);
    this.queue.delete(page);
    this.openQueue.delete(page);
  }

  private get queued(): number {
    return this.queue.size + this.openQueue.size;
  }

  /**
   * The next page to parse, open pages first, taken out of its queue with its text (`open`: the open queue only);
   * undefined text: the page is gone.
   */
  private takeNext(open = this.openQueue.size > 0): [string, string | undefined] {
    const from = open ? this.openQueue : this.queue;
    const [page, queued] = from.entries().next().value as [string, string | undefined];
    from.delete(page);
    return [page, queued ?? this.read?.(page)];
  }

  /** Parses what is queued now in process (tests). */
  flush(): void {
    while (this.queued && this.parseNow) {
      const [page, text] = this.takeNext();
      if (text === undefined) continue;
      const hash = hashOf(text);
      const error = parsedNow(this.parseNow, text, `${hash}:${text.length}`);
      this.cache?.set(text, error);
      this.settle(page, hash, text.length, error);
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
    while (pool && this.queued) {
      const open = this.openQueue.size > 0 && pool.freeFor(true);
      if (!open && !(this.queue.size && pool.freeFor(false))) break;
      const [page, text] = this.takeNext(open);
      if (text === undefined) continue;
      const hash = hashOf(text);
      const key = `${hash}:${text.length}`;
      // Read again, the text may be one parsed meanwhile (another page of the same text).
      if (byText.has(key)) {
        this.settle(page, hash, text.length, byText.get(key));
        continue;
      }
      this.inFlight++;
      pool.parse(text, (error) => {
        this.inFlight--;
        if (byText.size >= MAX_BY_TEXT) byText.clear();
        byText.set(key, error);
        this.cache?.set(text, error);
        // A newer text of the page queued meanwhile: this verdict is of an old text, kept by text only.
        if (!this.queue.has(page) && !this.openQueue.has(page)) this.settle(page, hash, text.length, error);
        if (!this.timer) this.step();
      });
    }
    if (!this.queued && !this.inFlight) for (const resolve of this.settled.splice(0)) resolve();
  }

  private settle(page: string, hash: string, length: number, error: MdxSyntaxError | undefined): void {
    const before = this.kept.get(page)?.error;
    this.kept.set(page, { hash, length, error });
    if (!sameError(before, error)) this.onChanged?.(page);
  }
}

/**
 * Verdicts by text in the whole process, for the pages of other projects of the same texts (the tests open each
 * corpus site several times; a second `PageLinks` of a folder): at most `MAX_BY_TEXT`, then cleared.
 */
const byText = new Map<string, MdxSyntaxError | undefined>();
const MAX_BY_TEXT = 50_000;

function parsedNow(parse: MdxParseNow, text: string, key: string): MdxSyntaxError | undefined {
  if (byText.has(key)) return byText.get(key);
  const error = parse(text);
  if (byText.size >= MAX_BY_TEXT) byText.clear();
  byText.set(key, error);
  return error;
}

/** The pause after the last page text that needed a parse before the deferred parses start. */
export const DEFER_MS = 150;

function sameError(a: MdxSyntaxError | undefined, b: MdxSyntaxError | undefined): boolean {
  return a === b || (!!a && !!b && a.offset === b.offset && a.length === b.length && a.message === b.message);
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
