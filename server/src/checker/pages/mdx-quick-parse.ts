// A cheaper first pass of the platform's page parser: whether a page surely parses, found without building its tree,
// without reading its fenced code and without tokenizing inline text that holds neither `<` nor `{`. Only "surely
// parses" is trusted; anything else goes to the full parser (mdx-parse.ts), which also says where the error is. On
// Portkey's 1,046 parsed pages (7.6 MB, taking turns page by page on a loaded machine): full parse 30.7 s, this 14.4 s;
// on the five corpus sites it answered every page that parses (test/pages/mdx-quick-parse.test.ts).
import type { Event, Extension, Token } from 'micromark-util-types';
import { parse, preprocess } from 'micromark';
import { subtokenize } from 'micromark-util-subtokenize';

/** A fenced code block whose content lines were emptied: 1-based lines of its opening and closing fences. */
interface Fence {
  open: number;
  close: number;
}

/**
 * The page with the content lines of its fenced code blocks emptied (line count and every other line kept), where
 * the fence is plain to see: its opening line has only spaces before the fence, a closing line follows, and either
 * the fence starts the line or every content line is indented at least as far (then no list item the fence is in
 * can end inside it). Whether these are fenced code blocks at all is the parser's to say: see `fencesHeld`.
 */
export function withFencedCodeEmptied(text: string): { text: string; fences: Fence[] } {
  const lines = text.split('\n');
  const fences: Fence[] = [];
  let line = frontMatterEnd(lines);
  while (line < lines.length) {
    const opening = /^([ \t]*)(`{3,}(?!`)|~{3,}(?!~))(.*)$/.exec(lines[line]);
    if (!opening || (opening[2][0] === '`' && opening[3].includes('`'))) {
      line++;
      continue;
    }
    const [, indent, sequence] = opening;
    const close = closingLine(lines, line + 1, sequence);
    if (close < 0) break;
    if (close > line + 1 && contentStaysInside(lines, line, close, indent)) {
      for (let content = line + 1; content < close; content++) lines[content] = '';
      fences.push({ open: line + 1, close: close + 1 });
    }
    line = close + 1;
  }
  return fences.length ? { text: lines.join('\n'), fences } : { text, fences };
}

/** The first line after YAML or TOML front matter (0 without one); a wrong guess only costs a full parse. */
function frontMatterEnd(lines: string[]): number {
  const marker = /^(---|\+\+\+)[ \t\r]*$/.exec(lines[0] ?? '')?.[1];
  if (!marker) return 0;
  for (let line = 1; line < lines.length; line++) if (lines[line].trimEnd() === marker) return line + 1;
  return 0;
}

/** The first line from `from` that may close a fence opened by `sequence` (any line the parser could close it on). */
function closingLine(lines: string[], from: number, sequence: string): number {
  const char = sequence[0];
  for (let line = from; line < lines.length; line++) {
    const candidate = /^[ \t]*(`{3,}|~{3,})[ \t\r]*$/.exec(lines[line]);
    if (candidate && candidate[1][0] === char && candidate[1].length >= sequence.length) return line;
  }
  return -1;
}

function contentStaysInside(lines: string[], open: number, close: number, indent: string): boolean {
  if (indent === '') return true;
  if (indent.includes('\t')) return false;
  for (let line = open + 1; line < close; line++) {
    const lead = /^[ \t]*/.exec(lines[line])![0];
    if (lead.length === lines[line].replace(/\r$/, '').length) continue; // a blank line keeps a list item open
    if (lead.includes('\t') || lead.length < indent.length) return false;
  }
  return true;
}

const JSX_TAGS = new Set(['mdxJsxTextTag', 'mdxJsxFlowTag']);
const LISTS = new Set(['listOrdered', 'listUnordered']);

interface Open {
  token: Token;
  /** An element opened by a tag: its tag type and name. */
  element?: { type: string; name: string };
}

/**
 * Whether the tree builder (mdast-util-from-markdown with the MDX JSX builder) surely accepts these events: every
 * element opened by a tag is closed by a tag of the same kind and name before anything it is inside ends, no list
 * item ends inside one, and no closing tag has attributes or a self-closing slash. Stricter than the builder (it
 * compares only the nodes it builds): a page this refuses is only parsed in full.
 */
function treeSurelyBuilds(events: Event[]): boolean {
  const stack: Open[] = [];
  let elements = 0;
  let tag: { close: boolean; selfClosing: boolean; name: string } | undefined;
  for (const [kind, token, context] of events) {
    const { type } = token;
    if (JSX_TAGS.has(type)) {
      if (kind === 'enter') {
        tag = { close: false, selfClosing: false, name: '' };
        continue;
      }
      if (!tag) return false;
      if (tag.close) {
        const top = stack[stack.length - 1];
        if (!top?.element || top.element.type !== type || top.element.name !== tag.name) return false;
        stack.pop();
        elements--;
      } else if (!tag.selfClosing) {
        stack.push({ token, element: { type, name: tag.name } });
        elements++;
      }
      tag = undefined;
      continue;
    }
    if (tag) {
      if (kind === 'enter') {
        if (type.endsWith('TagSelfClosingMarker')) {
          if (tag.close) return false;
          tag.selfClosing = true;
        } else if (type.endsWith('TagClosingMarker')) {
          tag.close = true;
        } else if ((type.endsWith('TagAttribute') || type.endsWith('TagExpressionAttribute')) && tag.close) return false;
      } else if (type.endsWith('TagNamePrimary')) tag.name = context.sliceSerialize(token);
      else if (type.endsWith('TagNameMember')) tag.name += `.${context.sliceSerialize(token)}`;
      else if (type.endsWith('TagNameLocal')) tag.name += `:${context.sliceSerialize(token)}`;
      continue;
    }
    if (kind === 'enter') {
      // The builder makes list items between these prefixes: an element opened in one item must close in it.
      if (type === 'listItemPrefix' && elements && elementInsideList(stack)) return false;
      stack.push({ token });
    } else if (stack.pop()?.token !== token) return false;
  }
  return stack.length === 0 && tag === undefined;
}

function elementInsideList(stack: Open[]): boolean {
  for (let i = stack.length - 1; i >= 0; i--) {
    if (stack[i].element) return true;
    if (LISTS.has(stack[i].token.type)) return false;
  }
  return false;
}

/** Whether every emptied fence is a fenced code block of the parse, from its opening line to its closing fence. */
function fencesHeld(events: Event[], fences: Fence[]): boolean {
  if (!fences.length) return true;
  const found = new Set<string>();
  let start = 0;
  let lastFence = 0;
  for (const [kind, token] of events) {
    if (token.type === 'codeFenced') {
      if (kind === 'enter') start = token.start.line;
      else found.add(`${start}:${lastFence}:${token.end.line}`);
    } else if (token.type === 'codeFencedFence' && kind === 'enter') lastFence = token.start.line;
  }
  return fences.every(({ open, close }) => found.has(`${open}:${close}:${close}`));
}

/**
 * Whether the page surely parses: its text (fenced code emptied) tokenized with `extensions`, the events checked as
 * the tree builder would. False when the tokenizer throws or anything is unsure: then parse it in full.
 */
export function surelyParses(text: string, extensions: Extension[]): boolean {
  const emptied = withFencedCodeEmptied(text);
  let events: Event[];
  try {
    events = parse({ extensions }).document().write(preprocess()(emptied.text, undefined, true));
    // micromark's postprocess, but text with neither `<` nor `{` (all lines of a paragraph, a heading, a table
    // cell) is not tokenized: no tag, no expression, nothing that can fail starts there.
    do leaveInertTextWhole(events, emptied.text);
    while (!subtokenize(events));
  } catch {
    return false;
  }
  return fencesHeld(events, emptied.fences) && treeSurelyBuilds(events);
}

/** Takes the content type off each run of inline text (its linked lines) holding no `<` nor `{`. */
function leaveInertTextWhole(events: Event[], text: string): void {
  // Offsets count from after a byte order mark, which the preprocessor drops.
  const base = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // Only text read straight from the page, with no events inside (a GFM table cell wraps the events of its data).
  const bare = new Set<Token>();
  for (let i = 0; i + 1 < events.length; i++) {
    const [kind, token] = events[i];
    if (kind === 'enter' && token.contentType === 'text' && !token._tokenizer && events[i + 1][1] === token) bare.add(token);
  }
  for (const token of bare) {
    if (token.previous) continue;
    let inert = true;
    for (let link: Token | undefined = token; link && inert; link = link.next) inert = bare.has(link) && !holdsMdxStart(text, base + link.start.offset - 1, base + link.end.offset + 1);
    if (inert) for (let link: Token | undefined = token; link; link = link.next) link.contentType = undefined;
  }
}

/** Whether `<` or `{` is in text[start, end) (a character more each side than the token: a wrong guess costs time only). */
function holdsMdxStart(text: string, start: number, end: number): boolean {
  for (let i = Math.max(0, start); i < Math.min(text.length, end); i++) {
    const code = text.charCodeAt(i);
    if (code === 60 || code === 123) return true;
  }
  return false;
}
