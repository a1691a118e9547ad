// The scans of a page line for what makes `#anchor` ids (page-anchors.ts): HTML headings and id-making attributes,
// by hand in time linear in the line (the expressions they replace re-read the rest of the line at every `<h1` with
// no `>`, every unclosed quote, and every attribute looked back for its tag: a 320 kB line took seconds to minutes).

/** Where the next `search` is from a position that only grows: the last answer holds until it is passed. */
class NextIndex {
  private found = -1;
  private searched = false;

  constructor(
    private readonly line: string,
    private readonly search: (line: string, from: number) => number,
  ) {}

  /** The first index at or after `from` (never less than an earlier `from`), or -1. */
  at(from: number): number {
    if (!this.searched || (this.found >= 0 && from > this.found)) {
      this.searched = true;
      this.found = this.search(this.line, from);
    }
    return this.found;
  }
}

const indexOf = (what: string) => (line: string, from: number) => line.indexOf(what, from);
const matching = (pattern: RegExp) => (line: string, from: number) => {
  pattern.lastIndex = from;
  return pattern.exec(line)?.index ?? -1;
};
const isWordChar = (c: string | undefined) => c !== undefined && /\w/.test(c);
const isBlank = (c: string | undefined) => c !== undefined && /\s/.test(c);

/**
 * The contents of the headings `/<h([1-4])\b[^>]*>(.*?)<\/h\1\s*>/g` matches on a line: a `<h1`-`<h4` tag, its `>`,
 * and the first `</hN>` of its level after it, with no line break between.
 */
export function htmlHeadings(line: string): string[] {
  const found: string[] = [];
  const nextGt = new NextIndex(line, indexOf('>'));
  const nextBreak = new NextIndex(line, matching(/[\r\u2028\u2029]/g));
  const closes = [1, 2, 3, 4].map((level) => new NextIndex(line, (text, from) => closingTag(text, from, level)));
  for (let open = line.indexOf('<h'); open >= 0; ) {
    const level = line.charCodeAt(open + 2) - 48;
    const gt = level >= 1 && level <= 4 && !isWordChar(line[open + 3]) ? nextGt.at(open + 3) : -1;
    const close = gt < 0 ? -1 : closes[level - 1].at(gt + 1);
    const lineBreak = close < 0 ? -1 : nextBreak.at(gt + 1);
    if (close >= 0 && (lineBreak < 0 || lineBreak >= close)) {
      found.push(line.slice(gt + 1, close));
      open = line.indexOf('<h', line.indexOf('>', close) + 1);
    } else open = line.indexOf('<h', open + 1);
  }
  return found;
}

/** Where the next `</hN\s*>` starts, from `from`, or -1. */
function closingTag(line: string, from: number, level: number): number {
  const tag = `</h${level}`;
  for (let at = line.indexOf(tag, from); at >= 0; at = line.indexOf(tag, at + 1)) {
    let end = at + tag.length;
    while (isBlank(line[end])) end++;
    if (line[end] === '>') return at;
  }
  return -1;
}

/** Attributes whose value makes an id: `id`, a title, or a field's name. */
const NAMES = new Set(['id', 'title', 'label', 'name', 'path', 'query', 'body', 'header', 'field']);

export interface AnchorAttribute {
  name: string;
  value: string;
  /** The tag the last `<` before the attribute opens (`/<([A-Za-z][\w.]*)[^<]*$/`), if any. */
  tag: string | undefined;
}

/**
 * The attributes `/\b(id|title|…)=(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})/g` matches on a line, each
 * with its tag.
 */
export function anchorAttributes(line: string): AnchorAttribute[] {
  const found: AnchorAttribute[] = [];
  const quotes = { '"': new NextIndex(line, indexOf('"')), "'": new NextIndex(line, indexOf("'")) };
  const anyQuote = new NextIndex(line, matching(/["'`]/g));
  let lastLt = -1;
  let tagName: string | undefined;
  let seenTo = 0;
  for (let equals = line.indexOf('='); equals >= 0; ) {
    let start = equals;
    while (start > 0 && isWordChar(line[start - 1])) start--;
    const name = line.slice(start, equals);
    const value = NAMES.has(name) ? valueAfter(line, equals + 1, quotes, anyQuote) : undefined;
    if (!value) {
      equals = line.indexOf('=', equals + 1);
      continue;
    }
    for (; seenTo < start; seenTo++) {
      if (line[seenTo] === '<') {
        lastLt = seenTo;
        tagName = tagAt(line, lastLt);
      }
    }
    // The name as the text before the attribute has it (`<title=…`: none).
    const tag = tagName && line.slice(lastLt + 1, Math.min(lastLt + 1 + tagName.length, start));
    found.push({ name, value: value.text, tag: tag || undefined });
    equals = line.indexOf('=', value.end);
  }
  return found;
}

function valueAfter(line: string, at: number, quotes: Record<'"' | "'", NextIndex>, anyQuote: NextIndex): { text: string; end: number } | undefined {
  const quote = line[at];
  if (quote === '"' || quote === "'") {
    const close = quotes[quote].at(at + 1);
    return close < 0 ? undefined : { text: line.slice(at + 1, close), end: close + 1 };
  }
  if (quote !== '{') return undefined;
  let open = at + 1;
  while (isBlank(line[open])) open++;
  if (!'"\'`'.includes(line[open] ?? 'x')) return undefined;
  const close = anyQuote.at(open + 1);
  if (close < 0) return undefined;
  let end = close + 1;
  while (isBlank(line[end])) end++;
  return line[end] === '}' ? { text: line.slice(open + 1, close), end: end + 1 } : undefined;
}

/** The name after the `<` at `lt`. */
function tagAt(line: string, lt: number): string | undefined {
  if (!/[A-Za-z]/.test(line.charAt(lt + 1))) return undefined;
  let end = lt + 2;
  while (end < line.length && /[\w.]/.test(line[end])) end++;
  return line.slice(lt + 1, end);
}
