// What one scan of a page learns once and asks again, so that the scanner stays linear in the page's length:
// looked for afresh at every `](`, backtick or `import`, the same stretch of text was read again and again (`](`
// repeated over 10 MB: 27 s; growing backtick runs, 1 MB: 12 s; `import` and 20,000 spaces: never done). A page
// of ordinary prose is still read the quick way (a look back from each `]`, a look ahead from each backtick): the
// indexes below cost a pass over the whole page (the corpus's 2,230 pages: 180 ms scanned, +200 ms with them), so
// they are built only once those looks have read more than twice the page.

const BACKTICK = 96;
const NEWLINE = 10;

/** Per scan (one page's text): built lazily, as most pages need none of it. */
export class ScanMemo {
  private bracketMatcher?: BracketMatcher;
  private spans?: CodeSpanIndex;
  private readonly found = new Map<string, { from: number; at: number }>();
  private clause?: ImportClause;
  /** Characters read by the quick looks, before an index takes over. */
  private bracketWork = 0;
  private spanWork = 0;
  private readonly budget: number;

  constructor(private readonly text: string) {
    this.budget = 2 * text.length + 65536;
  }

  /** The unescaped `[` the `]` at `close` closes (looking back within 2,000 characters and the paragraph), or -1. */
  openingBracket(close: number): number {
    if (this.bracketMatcher || this.bracketWork > this.budget) return (this.bracketMatcher ??= new BracketMatcher(this.text)).opening(close);
    const text = this.text;
    let depth = 0;
    const limit = Math.max(0, close - 2000);
    for (let i = close - 1; i >= limit; i--) {
      const c = text.charCodeAt(i);
      if (c === 93) depth++;
      else if (c === 91 /* [ */) {
        if (text.charCodeAt(i - 1) === 92) continue;
        if (depth === 0) {
          this.bracketWork += close - i;
          return i;
        }
        depth--;
      } else if (c === NEWLINE && text.charCodeAt(i - 1) === NEWLINE) {
        this.bracketWork += close - i;
        return -1;
      }
    }
    this.bracketWork += close - limit;
    return -1;
  }

  /**
   * From the end of a run of `length` backticks (at `from`): the offset of the first run of exactly `length`
   * backticks after it with no blank line between (a span does not run over a paragraph's end), or -1.
   */
  closingRun(from: number, length: number): number {
    if (this.spans || this.spanWork > this.budget) return (this.spans ??= new CodeSpanIndex(this.text)).closingRun(from, length);
    const text = this.text;
    const marker = '`'.repeat(length);
    let checked = from - length;
    for (let at = from; ; ) {
      const close = text.indexOf(marker, at);
      const blank = close >= 0 && this.hasBlankLine(checked, close);
      this.spanWork += (close < 0 ? text.length : close) - at;
      if (close < 0 || blank) return -1;
      let after = close + length;
      if (text.charCodeAt(after) !== BACKTICK) return close;
      while (text.charCodeAt(after) === BACKTICK) after++;
      this.spanWork += after - close;
      at = checked = after;
    }
  }

  /** Whether a blank line starts between `from` and `to` (a paragraph's end). */
  hasBlankLine(from: number, to: number): boolean {
    const text = this.text;
    for (let i = this.next('\n', from); i >= 0 && i < to; i = this.next('\n', i + 1)) {
      let j = i + 1;
      while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9 || text.charCodeAt(j) === 13) j++;
      if (text.charCodeAt(j) === NEWLINE && j < to) return true;
    }
    return false;
  }

  /** `text.indexOf(char, from)`, remembered: asked again from a later offset before the last answer, it is free. */
  next(char: string, from: number): number {
    const last = this.found.get(char);
    if (last && last.from <= from && (last.at < 0 || last.at >= from)) return last.at;
    const at = this.text.indexOf(char, from);
    this.found.set(char, { from, at });
    return at;
  }

  /**
   * From `from` (after `import`): the run of import-clause characters (`\w`, `*`, `{`, `}`, `,`, `$`, spaces) it starts,
   * which a statement's quote must end. Every offset inside one run shares its answer (a run of many `import` lines
   * is read once).
   */
  importClause(from: number): ImportClause {
    const text = this.text;
    const known = this.clause;
    if (known && from >= known.start && from <= known.end) return known;
    let end = from;
    while (end < text.length && isClauseCharacter(text.charCodeAt(end))) end++;
    let spacesFrom = end;
    while (spacesFrom > from && isSpace(text.charCodeAt(spacesFrom - 1))) spacesFrom--;
    const word = spacesFrom - 4;
    const fromWord = spacesFrom < end && word > from && text.startsWith('from', word) && isSpace(text.charCodeAt(word - 1)) ? word : -1;
    const mark = text.charCodeAt(end);
    let sourceEnd = -1;
    if (mark === 34 || mark === 39) {
      let i = end + 1;
      while (i < text.length && text.charCodeAt(i) !== 34 && text.charCodeAt(i) !== 39 && text.charCodeAt(i) !== NEWLINE) i++;
      if (text.charCodeAt(i) === mark) sourceEnd = i;
    }
    return (this.clause = { start: from, end, spacesFrom, fromWord, sourceEnd });
  }
}

/** See `ScanMemo.importClause`. */
export interface ImportClause {
  start: number;
  /** Where the run ends: the opening quote of the source, if it is one. */
  end: number;
  /** Where the spaces that end the run start. */
  spacesFrom: number;
  /** Where a `from` between spaces that ends the run (before those spaces) starts, or -1. */
  fromWord: number;
  /** The closing quote of the source (the same quote, on the same line), or -1. */
  sourceEnd: number;
}

/** What `\s` matches in a regular expression. */
export function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

function isClauseCharacter(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 42 || c === 123 || c === 125 || c === 44 || c === 36 || isSpace(c);
}

/**
 * The `[` each `]` closes, as `ScanMemo.openingBracket` counts back from it, found by one forward pass with a
 * stack: the `]`s are asked about in text order.
 */
class BracketMatcher {
  private at = 0;
  private readonly open: number[] = [];

  constructor(private readonly text: string) {}

  /** The `[` the `]` at `close` closes, or -1. */
  opening(close: number): number {
    const text = this.text;
    for (; this.at < close; this.at++) {
      const c = text.charCodeAt(this.at);
      if (c === 91 /* [ */) {
        if (text.charCodeAt(this.at - 1) !== 92) this.open.push(this.at);
      } else if (c === 93 /* ] */) this.open.pop();
      else if (c === NEWLINE && text.charCodeAt(this.at - 1) === NEWLINE) this.open.length = 0;
    }
    if (this.at === close) this.at++;
    else return -1;
    const opener = this.open.pop() ?? -1;
    return opener >= 0 && close - opener <= 2000 ? opener : -1;
  }
}

/**
 * Every run of backticks of the page, by length, and its blank lines: the run closing a code span is found by a
 * search among the runs of its length, not by reading on to it.
 */
class CodeSpanIndex {
  /** For each run length, the offsets where runs of exactly that length start, ascending. */
  private readonly runs = new Map<number, number[]>();
  /** The offsets of the `\n` that start a blank line (only spaces, tabs or `\r` before the next `\n`), ascending. */
  private readonly blankStarts: number[] = [];
  private readonly blankEnds: number[] = [];

  constructor(text: string) {
    for (let i = text.indexOf('`'); i >= 0; ) {
      let run = 1;
      while (text.charCodeAt(i + run) === BACKTICK) run++;
      const list = this.runs.get(run);
      if (list) list.push(i);
      else this.runs.set(run, [i]);
      i = text.indexOf('`', i + run);
    }
    for (let i = text.indexOf('\n'); i >= 0; ) {
      let j = i + 1;
      while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9 || text.charCodeAt(j) === 13) j++;
      if (text.charCodeAt(j) === NEWLINE) {
        this.blankStarts.push(i);
        this.blankEnds.push(j);
      }
      i = text.indexOf('\n', i + 1);
    }
  }

  /** As `ScanMemo.closingRun`. */
  closingRun(from: number, length: number): number {
    const list = this.runs.get(length);
    if (!list) return -1;
    const close = list[firstAtOrAfter(list, from)];
    if (close === undefined) return -1;
    // A span does not run over a blank line (a paragraph's end).
    const blank = firstAtOrAfter(this.blankStarts, from - length);
    return blank < this.blankStarts.length && this.blankEnds[blank] < close ? -1 : close;
  }
}

/** The index of the first value at or after `value` in an ascending list (its length when none). */
function firstAtOrAfter(list: readonly number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
