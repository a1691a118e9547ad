// The component tags of an `.mdx` page and the names the page brings in itself (imports, `export const X`), read in
// one linear pass that skips what the link scanner skips: front matter, code fences, inline code, comments and
// `{expressions}`. Lowercase tags are HTML elements, never components.
import { frontMatterBlock } from '../text/front-matter-block';
import { braceEnd, commentEnd, fenceEnd, inlineCodeEnd, stringEnd } from './page-links';
import { isSpace, ScanMemo } from './scan-memo';

export interface TagAttribute {
  name: string;
  /** Offset of the name in the page. */
  start: number;
  /** A quoted value, unquoted (absent for `{expression}` values and bare names). */
  value?: string;
  /** Offset of the quoted value's first character. */
  valueStart?: number;
}

export interface ComponentTag {
  name: string;
  /** Offset of the name (after `<`). */
  start: number;
  attributes: TagAttribute[];
  /** `{...props}` spreads unknown props. */
  spread: boolean;
  /** Offset past its `>`. */
  end: number;
  /** Written `<Name ... />`. */
  selfClosing: boolean;
}

export interface PageComponents {
  tags: ComponentTag[];
  /** Names the page imports or defines: the site's own components. */
  local: Set<string>;
  /** A defined component's props, read from its destructured parameter (absent: not readable). */
  localProps: Map<string, string[]>;
}

/** At most this many tags are read from one page (findings are capped further on). */
export const MAX_TAGS = 20_000;
/** What may start something: only the line starts that open a fence or an `import`/`export` stop the search. */
const NEXT = /\n(?=[ \t]*(?:```|~~~)|import\s|export\s)|[`\\{<]/g;
const TAG_NAME = /[A-Z][\w$.:-]*/y;
const DEFINED = /\b(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)/g;
const IMPORT_WORDS = new Set(['import', 'from', 'as', 'type']);
const BLANK_LINE = /\n[ \t]*(?:\n|$)/g;

export function scanComponentTags(text: string): PageComponents {
  const found: PageComponents = { tags: [], local: new Set(), localProps: new Map() };
  const scan = new ScanMemo(text);
  let i = frontMatterBlock(text)?.after ?? 0;
  let lineStart = true;
  while (i < text.length && found.tags.length < MAX_TAGS) {
    if (lineStart) {
      lineStart = false;
      const fenced = fenceEnd(text, i);
      if (fenced > i) {
        i = fenced;
        continue;
      }
      if (text.startsWith('import', i) || text.startsWith('export', i)) {
        i = esmEnd(text, i, found);
        continue;
      }
    }
    NEXT.lastIndex = i;
    if (!NEXT.test(text)) break;
    i = NEXT.lastIndex - 1;
    const c = text.charCodeAt(i);
    if (c === 10) {
      lineStart = true;
      i++;
    } else if (c === 96) i = inlineCodeEnd(text, i, scan);
    else if (c === 92) i += 2;
    else if (c === 123) i = braceEnd(text, i);
    else if (text.startsWith('<!--', i)) i = commentEnd(text, i);
    else i = tagEnd(text, i, found.tags);
  }
  return found;
}

/** From `<`: a component's opening tag, recorded; past it, or past `<` when it opens none. */
function tagEnd(text: string, at: number, tags: ComponentTag[]): number {
  TAG_NAME.lastIndex = at + 1;
  const name = TAG_NAME.exec(text);
  if (!name) return at + 1;
  const tag: ComponentTag = { name: name[0], start: at + 1, attributes: [], spread: false, end: text.length, selfClosing: false };
  let i = TAG_NAME.lastIndex;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 62 /* > */) break;
    if (c === 123 /* { */) {
      if (/^\{\s*\.\.\./.test(text.slice(i, i + 40))) tag.spread = true;
      i = braceEnd(text, i);
      continue;
    }
    if (!isAttributeStart(c)) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && isAttributeCharacter(text.charCodeAt(i))) i++;
    const attribute: TagAttribute = { name: text.slice(start, i), start };
    tag.attributes.push(attribute);
    while (isSpace(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) !== 61 /* = */) continue;
    i++;
    while (isSpace(text.charCodeAt(i))) i++;
    const q = text.charCodeAt(i);
    if (q === 34 || q === 39) {
      const end = stringEnd(text, i);
      if (text.charCodeAt(end - 1) === q && end - 1 > i) {
        attribute.value = text.slice(i + 1, end - 1);
        attribute.valueStart = i + 1;
      }
      i = end;
    } else if (q === 123) i = braceEnd(text, i);
  }
  tag.end = Math.min(text.length, i + 1);
  tag.selfClosing = text.charCodeAt(i - 1) === 47 /* / */;
  tags.push(tag);
  return i + 1;
}

function isAttributeStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

function isAttributeCharacter(c: number): boolean {
  return isAttributeStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 58;
}

/** An `import`/`export` block at a line start (up to a blank line): its names and components' props; its end. */
function esmEnd(text: string, at: number, found: PageComponents): number {
  if (!isSpace(text.charCodeAt(at + 6))) return at;
  BLANK_LINE.lastIndex = at;
  const blank = BLANK_LINE.exec(text);
  const end = blank ? blank.index + 1 : text.length;
  const block = text.slice(at, end);
  if (text.startsWith('import', at)) {
    // Every name of the block's import clauses counts (`A as B` brings in B; A is harmless), sources aside.
    for (const name of block.replace(/(['"])[^'"\n]*\1/g, '').match(/[A-Za-z_$][\w$]*/g) ?? []) if (!IMPORT_WORDS.has(name)) found.local.add(name);
  } else {
    for (const match of block.matchAll(DEFINED)) {
      found.local.add(match[1]);
      const props = destructuredProps(block, match.index + match[0].length);
      if (props) found.localProps.set(match[1], props);
    }
  }
  return end;
}

/** After a defined name: the props of `= ({ a, b = 1 }) =>` or `({ a, b })`, or undefined when not destructured. */
function destructuredProps(block: string, after: number): string[] | undefined {
  const head = /^\s*(?:=\s*(?:async\s*)?(?:function\s*)?)?\(\s*\{/.exec(block.slice(after, after + 200));
  if (!head) return undefined;
  const open = after + head[0].length - 1;
  const close = braceEnd(block, open);
  const props: string[] = [];
  let depth = 0;
  let part = '';
  for (let i = open + 1; i < close - 1; i++) {
    const c = block[i];
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    if (c === ',' && depth === 0) {
      props.push(part);
      part = '';
    } else part += c;
  }
  props.push(part);
  const names = props.map((p) => /^\s*([A-Za-z_$][\w$]*)/.exec(p)?.[1]).filter((name): name is string => name !== undefined);
  // `...rest` takes any prop: not readable as a list.
  return props.some((p) => p.trim().startsWith('...')) ? undefined : names;
}
