// A purpose-built scanner for the links of one page (.mdx or .md), chosen over a full MDX parser by measurement
// (README, "Links inside pages"): one pass over the text, no tree.
import { frontMatterEnd } from './front-matter';

/** How a link is written. */
export type LinkForm = 'link' | 'image' | 'definition' | 'href' | 'src' | 'import';

export interface PageLink {
  /** The link as written (between its quotes or parentheses). */
  href: string;
  form: LinkForm;
  /** Offsets of `href` in the page's text. */
  start: number;
  end: number;
}

const BACKTICK = 96;
const TILDE = 126;
const NEWLINE = 10;

/** Attributes that take a link or a file, on any element or component. */
const LINK_ATTRIBUTES = /^(href|src)$/;

/**
 * Every internal or external link of a page, in text order: markdown links and images (inline and reference
 * definitions), `href` and `src` attributes with a string value on any element, and `import ... from '...'`.
 * Front matter, code fences, inline code, HTML comments and (in `.mdx`) `{expressions}` are skipped, so nothing
 * inside them counts as a link. Autolinks (`<https://...>`) always name a scheme: external, not listed.
 */
export function scanPageLinks(text: string, mdx = true): PageLink[] {
  const links: PageLink[] = [];
  const length = text.length;
  const next = mdx ? NEXT_MDX : NEXT_MD;
  let i = frontMatterEnd(text);
  let lineStart = true;
  while (i < length) {
    if (lineStart) {
      lineStart = false;
      const end = lineStartEnd(text, i, links, mdx);
      if (end > i) {
        i = end;
        continue;
      }
    }
    // Prose is skipped to the next character that may start something (most of a page is prose).
    next.lastIndex = i;
    if (!next.test(text)) break;
    i = next.lastIndex - 1;
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      lineStart = true;
      i++;
    } else if (c === BACKTICK) {
      i = inlineCodeEnd(text, i);
    } else if (c === 92 /* \ */) {
      i += 2;
    } else if (c === 123 /* { */) {
      i = braceEnd(text, i);
    } else if (c === 60 /* < */) {
      i = text.startsWith('<!--', i) ? commentEnd(text, i) : tagEnd(text, i, links, mdx);
    } else if (c === 93 /* ] */ && text.charCodeAt(i + 1) === 40 /* ( */) {
      i = destination(text, i + 2, links);
    } else i++;
  }
  return links;
}

/** Characters that may start a code span, an escape, an expression, a tag, a link's destination or a new line. */
const NEXT_MDX = /[\n`\\{<\]]/g;
const NEXT_MD = /[\n`\\<\]]/g;
const DEFINITION = / {0,3}\[((?:[^\]\\\n]|\\.)+)\]:[ \t]*(?:\n[ \t]*)?(<[^>\n]*>|\S+)/y;

/** At a line start: past a code fence, a reference definition (recorded) or an import (recorded), else `at`. */
function lineStartEnd(text: string, at: number, links: PageLink[], mdx: boolean): number {
  const fenced = fenceEnd(text, at);
  if (fenced > at) return fenced;
  DEFINITION.lastIndex = at;
  const found = DEFINITION.exec(text);
  if (found && !found[1].startsWith('^')) {
    const raw = found[2];
    const angle = raw.startsWith('<');
    const start = DEFINITION.lastIndex - raw.length + (angle ? 1 : 0);
    links.push({ href: angle ? raw.slice(1, -1) : raw, form: 'definition', start, end: start + raw.length - (angle ? 2 : 0) });
    return DEFINITION.lastIndex;
  }
  return mdx && text.startsWith('import', at) ? importEnd(text, at, links) : at;
}

/** At a line start: the end of the code fence opening here (any indentation: fences sit inside components), or `at`. */
function fenceEnd(text: string, at: number): number {
  let i = at;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  const mark = text.charCodeAt(i);
  if (mark !== BACKTICK && mark !== TILDE) return at;
  let run = 0;
  while (text.charCodeAt(i + run) === mark) run++;
  if (run < 3) return at;
  const infoEnd = lineEnd(text, i + run);
  if (mark === BACKTICK && text.slice(i + run, infoEnd).includes('`')) return at;
  let line = infoEnd + 1;
  while (line < text.length) {
    let j = line;
    while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) j++;
    let close = 0;
    while (text.charCodeAt(j + close) === mark) close++;
    const end = lineEnd(text, j + close);
    if (close >= run && text.slice(j + close, end).trim() === '') return end;
    line = end + 1;
  }
  return text.length;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

/** From a backtick: past the inline code span it opens (a run of backticks closed by a run as long), or past the run. */
function inlineCodeEnd(text: string, at: number): number {
  let run = 0;
  while (text.charCodeAt(at + run) === BACKTICK) run++;
  const marker = '`'.repeat(run);
  let from = at + run;
  for (;;) {
    const close = text.indexOf(marker, from);
    // A span does not run over a blank line (a paragraph's end); looked for up to the close only (a search to the
    // next blank line from every backtick was quadratic on a page without one: 14 ms per keystroke on 1,000 lines).
    if (close < 0 || hasBlankLine(text, at, close)) return at + run;
    let after = close + run;
    if (text.charCodeAt(after) !== BACKTICK) return after;
    while (text.charCodeAt(after) === BACKTICK) after++;
    from = after;
  }
}

function hasBlankLine(text: string, from: number, to: number): boolean {
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) {
    let j = i + 1;
    while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9 || text.charCodeAt(j) === 13) j++;
    if (text.charCodeAt(j) === NEWLINE && j < to) return true;
  }
  return false;
}

/** From `{`: past the balanced `}` (strings and template literals inside read as such), or the text's end. */
function braceEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125) {
      if (--depth === 0) return i + 1;
    } else if (c === 34 || c === 39 || c === BACKTICK) i = stringEnd(text, i) - 1;
    else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 42 /* * */) {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 1;
    }
  }
  return text.length;
}

/** From a quote: past the closing quote (`\` escapes), or the end of the line for an unclosed `'`/`"`. */
function stringEnd(text: string, at: number): number {
  const quote = text.charCodeAt(at);
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === quote) return i + 1;
    else if (c === NEWLINE && quote !== BACKTICK) return i;
  }
  return text.length;
}

function commentEnd(text: string, at: number): number {
  const close = text.indexOf('-->', at + 4);
  return close < 0 ? text.length : close + 3;
}

/** `import X from '...'` (or `import '...'`) at a line start: records the source; the end of the statement, or `at`. */
function importEnd(text: string, at: number, links: PageLink[]): number {
  const statement = /import\s+(?:[\w*{}\s,$]+?\s+from\s+)?(['"])([^'"\n]*)\1;?/y;
  statement.lastIndex = at;
  const found = statement.exec(text);
  if (!found) return at;
  const start = statement.lastIndex - found[2].length - 1 - (found[0].endsWith(';') ? 1 : 0);
  links.push({ href: found[2], form: 'import', start, end: start + found[2].length });
  return statement.lastIndex;
}

/**
 * From `<`: a JSX or HTML tag; records `href="..."` and `src="..."` (also `{"..."}`) values, skips other attribute
 * values and expressions. Returns past the tag, or past `<` when it opens no tag.
 */
function tagEnd(text: string, at: number, links: PageLink[], mdx: boolean): number {
  const name = /<\/?([A-Za-z][\w.:-]*)?/y;
  name.lastIndex = at;
  const opened = name.exec(text);
  if (!opened || (opened[1] === undefined && text.charCodeAt(at + 1) !== 62 /* > */ && text.charCodeAt(at + 1) !== 47)) return at + 1;
  let i = name.lastIndex;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 62 /* > */) return i + 1;
    if (c === 123 /* { */) {
      i = mdx ? braceEnd(text, i) : i + 1;
      continue;
    }
    const attribute = /([A-Za-z_:][\w:.-]*)\s*=\s*/y;
    attribute.lastIndex = i;
    const found = attribute.exec(text);
    if (!found) {
      i++;
      continue;
    }
    i = attribute.lastIndex;
    const q = text.charCodeAt(i);
    const wanted = LINK_ATTRIBUTES.test(found[1]);
    if (q === 34 || q === 39) {
      const end = stringEnd(text, i);
      if (wanted && text.charCodeAt(end - 1) === q) links.push({ href: text.slice(i + 1, end - 1), form: found[1] as LinkForm, start: i + 1, end: end - 1 });
      i = end;
    } else if (q === 123 && mdx) {
      const literal = /\{\s*(['"])([^'"\n]*)\1\s*\}/y;
      literal.lastIndex = i;
      const value = wanted ? literal.exec(text) : null;
      if (value) {
        const start = text.indexOf(value[2], i + 1 + value[0].indexOf(value[1]));
        links.push({ href: value[2], form: found[1] as LinkForm, start, end: start + value[2].length });
      }
      i = braceEnd(text, i);
    }
  }
  return text.length;
}

/** After `](`: an inline link's destination, `<...>` or up to a space or the unbalanced `)`. Returns where to go on. */
function destination(text: string, at: number, links: PageLink[]): number {
  let i = at;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === NEWLINE) i++;
  const opener = openingBracket(text, at - 2);
  if (opener < 0) return at;
  const image = text.charCodeAt(opener - 1) === 33; /* ! */
  if (text.charCodeAt(i) === 60 /* < */) {
    const close = text.indexOf('>', i + 1);
    const newline = text.indexOf('\n', i + 1);
    if (close < 0 || (newline >= 0 && newline < close)) return at;
    links.push({ href: text.slice(i + 1, close), form: image ? 'image' : 'link', start: i + 1, end: close });
    return close + 1;
  }
  const start = i;
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) {
      i++;
      continue;
    }
    if (c <= 32) break;
    if (c === 40) depth++;
    else if (c === 41) {
      if (depth === 0) break;
      depth--;
    }
  }
  if (i > start) links.push({ href: text.slice(start, i), form: image ? 'image' : 'link', start, end: i });
  return i;
}

/** The unescaped `[` the `]` at `close` closes (looking back within a paragraph), or -1. */
function openingBracket(text: string, close: number): number {
  let depth = 0;
  const limit = Math.max(0, close - 2000);
  for (let i = close - 1; i >= limit; i--) {
    const c = text.charCodeAt(i);
    if (c === 93) depth++;
    else if (c === 91 /* [ */) {
      if (text.charCodeAt(i - 1) === 92) continue;
      if (depth === 0) return i;
      depth--;
    } else if (c === NEWLINE && text.charCodeAt(i - 1) === NEWLINE) return -1;
  }
  return -1;
}
