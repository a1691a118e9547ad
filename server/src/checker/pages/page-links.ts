import { frontMatterBlock } from '../text/front-matter-block';
import { linkContent } from './link-content';
import { fenceLine, opensFence } from './fence-lines';
import { isSpace, ScanMemo } from './scan-memo';

// A purpose-built scanner for the links of one page (.mdx or .md), chosen over a full MDX parser by measurement
// (README, "Links inside pages"): one pass over the text, no tree.

/** How a link is written. */
export type LinkForm = 'link' | 'image' | 'definition' | 'href' | 'src' | 'import';

export interface PageLink {
  /** The link as written (between its quotes or parentheses). */
  href: string;
  form: LinkForm;
  /** Offsets of `href` in the page's text. */
  start: number;
  end: number;
  /** A reference definition that no `[text][label]`, `[label][]` or `[label]` uses: it renders nothing. */
  unused?: boolean;
  /** An `href` or `src` attribute's element or component, as written (`img`, `Card`, `Link`). */
  tag?: string;
}

/**
 * An image or video of a page with no text alternative (issue 26, as `mint a11y` reads them): a markdown image
 * with blank alt text (`![](x.png)`, range `![]`), or an `<img>`/`<video>` element without a non-blank `alt`,
 * `aria-label`, `aria-labelledby` or `title` (range `<img`); `emptyAlt` when it is written `alt=""`.
 */
/** An `icon` attribute's string value, and where it is written (quotes excluded). */
export interface PageIcon {
  value: string;
  start: number;
  end: number;
}

/** `link` (issue 45): an `<a href>` whose attributes and content give it no accessible name (range `<a`). */
export interface UnnamedMedia {
  form: 'image' | 'img' | 'video' | 'link';
  start: number;
  end: number;
  emptyAlt?: boolean;
}

const BACKTICK = 96;
const TILDE = 126;
const NEWLINE = 10;

/** Attributes that take a link or a file, on any element or component. */
const LINK_ATTRIBUTES = /^(href|src)$/;

/** What else the pass reads, told where (component-tags.ts reads component tags and the page's own names this way). */
export interface TagReader {
  /** At the `<` of an opening tag whose name starts with a capital letter, outside what the pass skips. */
  tag(at: number): void;
  /** At a line start that begins with `import` or `export`. */
  esm(at: number): void;
}

/**
 * Every internal or external link of a page, in text order: markdown links and images (inline and reference
 * definitions), `href` and `src` attributes with a string value on any element, and `import ... from '...'`.
 * Front matter, code fences, inline code, HTML comments and (in `.mdx`) `{expressions}` are skipped, so nothing
 * inside them counts as a link. Autolinks (`<https://...>`) always name a scheme: external, not listed.
 * Given `unnamed`, the same pass adds to it the images and videos without a text alternative, in text order; given
 * `icons`, the string values of `icon` attributes of any element (`<Card icon="rocket">`); given `reader` (`.mdx`),
 * it tells it of component tags and `import`/`export` lines.
 */
export function scanPageLinks(text: string, mdx = true, unnamed?: UnnamedMedia[], icons?: PageIcon[], reader?: TagReader): PageLink[] {
  const links: PageLink[] = [];
  const length = text.length;
  const next = mdx ? NEXT_MDX : NEXT_MD;
  const scan = new ScanMemo(text);
  let i = frontMatterBlock(text)?.after ?? 0;
  let lineStart = true;
  while (i < length) {
    if (lineStart) {
      lineStart = false;
      if (reader && (text.startsWith('import', i) || text.startsWith('export', i))) reader.esm(i);
      const end = lineStartEnd(text, i, links, mdx, scan);
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
      i = inlineCodeEnd(text, i, scan);
    } else if (c === 92 /* \ */) {
      i += 2;
    } else if (c === 123 /* { */) {
      i = braceEnd(text, i);
    } else if (c === 60 /* < */) {
      i = text.startsWith('<!--', i) ? commentEnd(text, i) : tagEnd(text, i, links, mdx, unnamed, icons, reader);
    } else if (c === 93 /* ] */ && text.charCodeAt(i + 1) === 40 /* ( */) {
      i = destination(text, i + 2, links, scan, unnamed);
    } else i++;
  }
  if (links.some((link) => link.form === 'definition')) markUnusedDefinitions(text, links);
  return links;
}

const MAX_NAMING_LABEL = 1_000;

/**
 * At a link's `](`: drops the blank-alt images just found inside its label when it has text of its own
 * (`[![](logo.png) Open the app](/app)`): the text names the link, and an image beside it is rightly silent (WCAG
 * technique H2). `mint a11y` flags them.
 */
function keepImagesOfUnnamedLinks(text: string, unnamed: UnnamedMedia[], open: number, close: number): void {
  // A link's text beside its image is short; a longer label is not read, so that nested labels cost no more.
  if (close - open > MAX_NAMING_LABEL) return;
  let first = unnamed.length;
  while (first > 0 && unnamed[first - 1].start > open) first--;
  if (first === unnamed.length || !unnamed.slice(first).some((media) => media.form === 'image') || !labelHasText(text, open, close)) return;
  let kept = first;
  for (let i = first; i < unnamed.length; i++) if (unnamed[i].form !== 'image') unnamed[kept++] = unnamed[i];
  unnamed.length = kept;
}

/** Whether a link's label holds text beside its images: brackets, `!`, white space and images' `(destination)` aside. */
function labelHasText(text: string, open: number, close: number): boolean {
  for (let i = open + 1; i < close; i++) {
    const c = text.charCodeAt(i);
    if (c === 93 /* ] */ && text.charCodeAt(i + 1) === 40 /* ( */) {
      i += 2;
      while (i < close && text.charCodeAt(i) !== 41 /* ) */) i++;
    } else if (!(isSpace(c) || c === 91 /* [ */ || c === 93 || (c === 33 /* ! */ && text.charCodeAt(i + 1) === 91))) return true;
  }
  return false;
}

/** A reference label as markdown matches it: case and runs of white space do not count. */
function labelKey(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Marks the definitions whose label no bracketed text of the page names. Every `[...]` counts as a use (a full,
 * collapsed or shortcut reference), the definitions' own labels aside: a use is never missed, at worst one inside
 * code is taken for one.
 */
function markUnusedDefinitions(text: string, links: PageLink[]): void {
  const used = new Map<string, number>();
  for (const match of text.matchAll(/\[((?:[^\[\]\\\n]|\\.)+)\]/g)) {
    const key = labelKey(match[1]);
    used.set(key, (used.get(key) ?? 0) + 1);
  }
  for (const link of links) {
    if (link.form !== 'definition') continue;
    const line = text.lastIndexOf('\n', link.start) + 1;
    const label = /^ {0,3}\[((?:[^\]\\\n]|\\.)+)\]:/.exec(text.slice(line, link.start))?.[1];
    // Its own `[label]:` is one of the bracketed texts counted.
    if (label !== undefined && (used.get(labelKey(label)) ?? 0) < 2) link.unused = true;
  }
}

/** Characters that may start a code span, an escape, an expression, a tag, a link's destination or a new line. */
const NEXT_MDX = /[\n`\\{<\]]/g;
const NEXT_MD = /[\n`\\<\]]/g;

/** At a line start: past a code fence, a reference definition (recorded) or an import (recorded), else `at`. */
function lineStartEnd(text: string, at: number, links: PageLink[], mdx: boolean, scan: ScanMemo): number {
  const fenced = fenceEnd(text, at);
  if (fenced > at) return fenced;
  const defined = definitionEnd(text, at, links);
  if (defined > at) return defined;
  return mdx && text.startsWith('import', at) ? importEnd(text, at, links, scan) : at;
}

/**
 * At a line start: a reference definition (`[label]: destination`, up to 3 spaces before it; not a footnote's
 * `[^1]:`), recorded; its end, or `at`. Read by hand: as a regular expression, a 10 MB line of `[` overflowed its
 * backtracking stack ("Maximum call stack size exceeded", and no findings at all).
 */
function definitionEnd(text: string, at: number, links: PageLink[]): number {
  let i = at;
  while (i < at + 3 && text.charCodeAt(i) === 32) i++;
  if (text.charCodeAt(i) !== 91 /* [ */ || text.charCodeAt(i + 1) === 94 /* ^ */) return at;
  const labelStart = ++i;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 93 /* ] */ || c === NEWLINE) break;
    if (c === 92 /* \ */) {
      if (i + 1 >= text.length || isLineTerminator(text.charCodeAt(i + 1))) return at;
      i++;
    }
  }
  if (i === labelStart || text.charCodeAt(i) !== 93 || text.charCodeAt(i + 1) !== 58 /* : */) return at;
  i += 2;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  if (text.charCodeAt(i) === NEWLINE) {
    i++;
    while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  }
  if (text.charCodeAt(i) === 60 /* < */) {
    let close = i + 1;
    while (close < text.length && text.charCodeAt(close) !== 62 && text.charCodeAt(close) !== NEWLINE) close++;
    if (text.charCodeAt(close) === 62 /* > */) {
      links.push({ href: text.slice(i + 1, close), form: 'definition', start: i + 1, end: close });
      return close + 1;
    }
  }
  const start = i;
  while (i < text.length && !isSpace(text.charCodeAt(i))) i++;
  if (i === start) return at;
  links.push({ href: text.slice(start, i), form: 'definition', start, end: i });
  return i;
}

/** What `.` does not match in a regular expression. */
function isLineTerminator(c: number): boolean {
  return c === NEWLINE || c === 13 || c === 0x2028 || c === 0x2029;
}

/**
 * At a line start: the end of the code fence opening here, or `at`. Any indentation (MDX has no indented code:
 * fences sit inside components), after block-quote and list-item markers; the fence ends with its container.
 */
export function fenceEnd(text: string, at: number): number {
  let i = at;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  const lead = text.charCodeAt(i);
  // ` ~ > - * + or a digit: anything else opens no fence (most lines).
  if (!(lead === BACKTICK || lead === TILDE || lead === 62 || lead === 45 || lead === 42 || lead === 43 || (lead >= 48 && lead <= 57))) return at;
  const first = lineEnd(text, at);
  const fence = opensFence(text.slice(at, first));
  if (!fence) return at;
  for (let line = first + 1; line < text.length; ) {
    const end = lineEnd(text, line);
    const inFence = fenceLine(text.slice(line, end), fence);
    if (inFence === 'closes') return end;
    // The container ended: the line is read again, as a line of its own.
    if (inFence === 'ends') return line - 1;
    line = end + 1;
  }
  return text.length;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

/** From a backtick: past the inline code span it opens (a run of backticks closed by a run as long), or past the run. */
export function inlineCodeEnd(text: string, at: number, scan: ScanMemo): number {
  let run = 0;
  while (text.charCodeAt(at + run) === BACKTICK) run++;
  const close = scan.closingRun(at + run, run);
  return close < 0 ? at + run : close + run;
}

/** From `{`: past the balanced `}` (strings and template literals inside read as such), or the text's end. */
export function braceEnd(text: string, at: number): number {
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
export function stringEnd(text: string, at: number): number {
  const quote = text.charCodeAt(at);
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === quote) return i + 1;
    else if (c === NEWLINE && quote !== BACKTICK) return i;
  }
  return text.length;
}

export function commentEnd(text: string, at: number): number {
  const close = text.indexOf('-->', at + 4);
  return close < 0 ? text.length : close + 3;
}

/**
 * `import X from '...'` (or `import '...'`) at a line start, read as `import\s+(?:[\w*{}\s,$]+?\s+from\s+)?(['"])([^'"\n]*)\1;?`
 * would read it: records the source; the end of the statement, or `at`. As that regular expression, `import` and
 * 4,000 spaces took 18 s (cubic), 20,000 spaces never ended.
 */
function importEnd(text: string, at: number, links: PageLink[], scan: ScanMemo): number {
  const after = at + 6;
  if (!isSpace(text.charCodeAt(after))) return at;
  const clause = scan.importClause(after);
  if (clause.sourceEnd < 0) return at;
  // Spaces only (`import '...'`), or a clause of at least one character between spaces and `from`.
  if (clause.spacesFrom > after && !(clause.fromWord >= 0 && clause.fromWord - after >= 3)) return at;
  const start = clause.end + 1;
  links.push({ href: text.slice(start, clause.sourceEnd), form: 'import', start, end: clause.sourceEnd });
  return text.charCodeAt(clause.sourceEnd + 1) === 59 /* ; */ ? clause.sourceEnd + 2 : clause.sourceEnd + 1;
}

/**
 * From `<`: a JSX or HTML tag; records `href="..."` and `src="..."` (also `{"..."}`) values, skips other attribute
 * values and expressions. Returns past the tag, or past `<` when it opens no tag.
 */
function tagEnd(text: string, at: number, links: PageLink[], mdx: boolean, unnamed?: UnnamedMedia[], icons?: PageIcon[], reader?: TagReader): number {
  const name = /<\/?([A-Za-z][\w.:-]*)?/y;
  name.lastIndex = at;
  const opened = name.exec(text);
  if (!opened || (opened[1] === undefined && text.charCodeAt(at + 1) !== 62 /* > */ && text.charCodeAt(at + 1) !== 47)) return at + 1;
  if (reader && isCapital(text.charCodeAt(at + 1))) reader.tag(at);
  let i = name.lastIndex;
  const media = unnamed && (opened[1] === 'img' || opened[1] === 'video' || opened[1] === 'a') && text.charCodeAt(at + 1) !== 47 ? new MediaName(opened[1]) : undefined;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 62 /* > */) {
      if (media?.element === 'a') {
        // Named by its content unless written `<a … />`; an image without alt inside it is image-alt's finding.
        if (media.isLink() && !media.named() && (text.charCodeAt(i - 1) === 47 || linkContent(text, i + 1, mdx) === 'empty')) unnamed!.push({ form: 'link', start: at, end: name.lastIndex });
      } else if (media && !media.named()) unnamed!.push({ form: media.element, start: at, end: name.lastIndex, ...(media.emptyAlt() ? { emptyAlt: true } : {}) });
      return i + 1;
    }
    if (c === 123 /* { */) {
      // `{...props}` may hold the name.
      if (media && mdx) media.unknown();
      i = mdx ? braceEnd(text, i) : i + 1;
      continue;
    }
    if (!isNameStart(c)) {
      i++;
      continue;
    }
    // An attribute's name, then `=` (spaces around it). A name without `=` is passed whole: tried from each of its
    // characters, `<a ` and a 200 KB word took 40 s.
    const nameStart = i;
    while (i < text.length && isNameCharacter(text.charCodeAt(i))) i++;
    const attribute = text.slice(nameStart, i);
    while (isSpace(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) !== 61 /* = */) {
      media?.attribute(attribute, '');
      continue;
    }
    i++;
    while (isSpace(text.charCodeAt(i))) i++;
    const q = text.charCodeAt(i);
    const wanted = LINK_ATTRIBUTES.test(attribute);
    const named = media && MediaName.READ.has(attribute);
    const icon = icons && attribute === 'icon' && opened[1] !== undefined && text.charCodeAt(at + 1) !== 47;
    if (q === 34 || q === 39) {
      const end = stringEnd(text, i);
      if (wanted && text.charCodeAt(end - 1) === q) links.push({ href: text.slice(i + 1, end - 1), form: attribute as LinkForm, start: i + 1, end: end - 1, tag: opened[1] });
      if (icon && text.charCodeAt(end - 1) === q) icons.push({ value: text.slice(i + 1, end - 1), start: i + 1, end: end - 1 });
      if (named) media.attribute(attribute, text.slice(i + 1, text.charCodeAt(end - 1) === q ? end - 1 : end));
      i = end;
    } else if (q === 123 && mdx) {
      const literal = /\{\s*(['"])([^'"\n]*)\1\s*\}/y;
      literal.lastIndex = i;
      const value = wanted || named || icon ? literal.exec(text) : null;
      const start = value ? text.indexOf(value[2], i + 1 + value[0].indexOf(value[1])) : -1;
      if (value && wanted) links.push({ href: value[2], form: attribute as LinkForm, start, end: start + value[2].length, tag: opened[1] });
      if (value && icon) icons.push({ value: value[2], start, end: start + value[2].length });
      // An expression other than a string is not read: it may well give a name (`alt={props.alt}`).
      if (named) media.attribute(attribute, value ? value[2] : undefined);
      i = braceEnd(text, i);
    } else if (named && q !== 62) {
      // An unquoted HTML value (`alt=logo`).
      const start = i;
      while (i < text.length && !isSpace(text.charCodeAt(i)) && text.charCodeAt(i) !== 62) i++;
      media.attribute(attribute, text.slice(start, i));
    }
  }
  return text.length;
}

/**
 * After `](`: an inline link's destination, `<...>` or up to a space or the unbalanced `)`, recorded when a `)` closes
 * it (after an optional title). Without one, markdown reads `](` as text: `![](https://x.png"` shows as written, no
 * image and no link (issue 35). Returns where to go on.
 */
function destination(text: string, at: number, links: PageLink[], scan: ScanMemo, unnamed?: UnnamedMedia[]): number {
  let i = at;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === NEWLINE) i++;
  const opener = scan.openingBracket(at - 2);
  if (opener < 0) return at;
  const image = text.charCodeAt(opener - 1) === 33; /* ! */
  let start = i;
  let end: number;
  let after: number;
  if (text.charCodeAt(i) === 60 /* < */) {
    const close = scan.next('>', i + 1);
    const newline = scan.next('\n', i + 1);
    if (close < 0 || (newline >= 0 && newline < close)) return at;
    start = i + 1;
    end = close;
    after = close + 1;
  } else {
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
    end = after = i;
  }
  if (!closesLink(text, after, scan)) return after;
  if (!image && unnamed?.length) keepImagesOfUnnamedLinks(text, unnamed, opener, at - 2);
  // Blank alt text: the look stops at its first other character, so it reads each character once.
  if (image && unnamed) {
    let c = opener + 1;
    while (c < at - 2 && isSpace(text.charCodeAt(c))) c++;
    if (c === at - 2) unnamed.push({ form: 'image', start: opener - 1, end: at - 1 });
  }
  if (end > start) links.push({ href: text.slice(start, end), form: image ? 'image' : 'link', start, end });
  return after;
}

/** The longest link title read; past it, the link is taken as closed (as every link was read before issue 35). */
const MAX_TITLE = 200;

/** Whether a `)` closes an inline link at `at` (past its destination): blanks, one line break, an optional title. */
function closesLink(text: string, at: number, scan: ScanMemo): boolean {
  const i = skipBlanks(text, at);
  const c = text.charCodeAt(i);
  if (c === 41 /* ) */) return true;
  // A title is one in quotes or parentheses, after a blank, within its paragraph.
  if ((c !== 34 && c !== 39 && c !== 40) || i === at) return false;
  const close = scan.next(c === 40 ? ')' : String.fromCharCode(c), i + 1);
  if (close < 0) return false;
  if (close - i > MAX_TITLE) return true;
  return !scan.hasBlankLine(i, close) && text.charCodeAt(skipBlanks(text, close + 1)) === 41;
}

/** Past spaces and tabs, with at most one line break among them. */
function skipBlanks(text: string, at: number): number {
  let i = at;
  let breaks = 0;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 13) i++;
    else if (c === NEWLINE && breaks++ === 0) i++;
    else return i;
  }
}

function isCapital(c: number): boolean {
  return c >= 65 && c <= 90;
}

/** `[A-Za-z_:]`, the first character of an attribute's name. */
function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 58;
}

/** `[\w:.-]`, the other characters of an attribute's name. */
function isNameCharacter(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 45;
}

/** What the attributes of one `<img>`, `<video>` or `<a>` tag say of its text alternative (and whether an `<a>` is a link). */
class MediaName {
  /** The attributes read: those that name it, those that hide it (`role`, `aria-hidden`), and an `<a>`'s `href`. */
  static readonly READ = new Set(['alt', 'aria-label', 'aria-labelledby', 'title', 'role', 'aria-hidden', 'href']);
  private hasName = false;
  private hidden = false;
  private blankAlt = false;
  private hasHref = false;

  constructor(readonly element: 'img' | 'video' | 'a') {}

  /** An attribute and its value (`''` when it has none, undefined when it is an expression not read). */
  attribute(attribute: string, value: string | undefined): void {
    if (!MediaName.READ.has(attribute)) return;
    // An `<a>` without `href` is a target (`<a id="x"></a>`), not a link; `alt` names no link.
    if (attribute === 'href') return void (this.hasHref = true);
    if (this.element === 'a' && attribute === 'alt') return;
    if (value === undefined) return this.unknown();
    const blank = value.trim() === '';
    if (attribute === 'role') this.hidden ||= value === 'presentation' || value === 'none';
    else if (attribute === 'aria-hidden') this.hidden ||= value === 'true';
    else if (!blank) this.hasName = true;
    else if (attribute === 'alt') this.blankAlt = true;
  }

  /** Something not read (a spread, an expression) may name it. */
  unknown(): void {
    this.hasName = true;
  }

  /** Named, or hidden from assistive technology as decoration (`aria-hidden="true"`, or an image's `role="presentation"`). */
  named(): boolean {
    return this.hasName || this.hidden;
  }

  emptyAlt(): boolean {
    return this.blankAlt;
  }

  isLink(): boolean {
    return this.hasHref;
  }
}
