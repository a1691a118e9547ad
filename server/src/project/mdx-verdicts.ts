import { MdxSyntaxError, mdxSyntaxError } from '../checker/pages/mdx-parse';

interface Verdict {
  /** The text parsed, by hash and length. */
  hash: number;
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
      const error = mdxSyntaxError(text);
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
    const error = mdxSyntaxError(text);
    this.kept.set(page, { hash: hashOf(text), length: text.length, error });
    if (!sameError(before, error)) this.onChanged?.(page);
  }
}

/** The pause after the last page text that needed a parse before the deferred parses start. */
export const DEFER_MS = 150;

function sameError(a: MdxSyntaxError | undefined, b: MdxSyntaxError | undefined): boolean {
  return a === b || (!!a && !!b && a.offset === b.offset && a.length === b.length && a.message === b.message);
}

/** FNV-1a over the UTF-16 code units (a 150 kB page in ~0.3 ms). */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
