import { MdxSyntaxError, mdxSyntaxError } from '../checker/pages/mdx-parse';

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
 * Deferred (the language server): a page whose text has no verdict yet keeps its earlier one (clamped to its text)
 * and is parsed later, one page per turn of the event loop after `DEFER_MS` without a new one, so a keystroke is
 * never behind a parse; when its verdict changed, `onChanged` checks the page again.
 */
export class MdxVerdicts {
  private readonly kept = new Map<string, Verdict>();
  private readonly queue = new Map<string, string>();
  private timer?: NodeJS.Timeout;
  /** Set in the language server: parses are deferred, and a changed verdict is told here. */
  onChanged?: (page: string) => void;

  /** The MDX syntax error of a page's text (undefined: it parses, or, deferred, not known yet). */
  errorOf(page: string, text: string): MdxSyntaxError | undefined {
    const hash = hashOf(text);
    const kept = this.kept.get(page);
    if (kept && kept.hash === hash && kept.length === text.length) return kept.error;
    if (!this.onChanged) {
      const error = parsed(text, hash);
      this.kept.set(page, { hash, length: text.length, error });
      return error;
    }
    this.queue.set(page, text);
    this.schedule();
    const stale = kept?.error;
    return stale && stale.offset + stale.length <= text.length ? stale : undefined;
  }

  /** A page removed: its verdict goes. */
  forget(page: string): void {
    this.kept.delete(page);
    this.queue.delete(page);
  }

  /** Parses what is queued now (tests, and a server stopping). */
  flush(): void {
    while (this.queue.size) this.parseOne();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.step(), DEFER_MS);
    this.timer.unref?.();
  }

  private step(): void {
    this.timer = undefined;
    if (!this.queue.size) return;
    this.parseOne();
    if (this.queue.size) setImmediate(() => (this.timer ? undefined : this.step()));
  }

  private parseOne(): void {
    const [page, text] = this.queue.entries().next().value as [string, string];
    this.queue.delete(page);
    const before = this.kept.get(page)?.error;
    const hash = hashOf(text);
    const error = parsed(text, hash);
    this.kept.set(page, { hash, length: text.length, error });
    if (!sameError(before, error)) this.onChanged?.(page);
  }
}

/**
 * Verdicts by text in the whole process, for the pages of other projects of the same texts (the tests open each
 * corpus site several times; a second `PageLinks` of a folder): at most `MAX_BY_TEXT`, then cleared.
 */
const byText = new Map<string, MdxSyntaxError | undefined>();
const MAX_BY_TEXT = 50_000;

function parsed(text: string, hash: string): MdxSyntaxError | undefined {
  const key = `${hash}:${text.length}`;
  if (byText.has(key)) return byText.get(key);
  const error = mdxSyntaxError(text);
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
