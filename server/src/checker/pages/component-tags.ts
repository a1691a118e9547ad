// The component tags of an `.mdx` page and the names the page brings in itself (imports, `export const X`), read
// in the link scanner's pass (page-links.ts), so skipping what it skips: front matter, code fences, inline code,
// comments, `{expressions}`, other tags and link destinations. Lowercase tags are HTML elements, never components.
import { braceEnd, scanPageLinks, stringEnd, TagReader } from './page-links';
import { isSpace } from './scan-memo';

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
const TAG_NAME = /[A-Z][\w$.:-]*/y;
const DEFINED = /\b(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)/g;
const IMPORT_WORDS = new Set(['import', 'from', 'as', 'type']);
const BLANK_LINE = /\n[ \t]*(?:\n|$)/g;

/** The component tags and local names of a page, read by the link scanner's pass. */
export function scanComponentTags(text: string): PageComponents {
  const reader = new ComponentReader(text);
  scanPageLinks(text, true, undefined, undefined, reader);
  return reader.found;
}

/**
 * What the link scanner tells of a page, kept as its components. An `import`/`export` block runs to a blank line: it
 * is the page's code, not its content, so no tag inside it is read (the scanner reads on inside it, for its links).
 */
export class ComponentReader implements TagReader {
  readonly found: PageComponents = { tags: [], local: new Set(), localProps: new Map() };
  /** The end of the last `import`/`export` block. */
  private esmEnd = 0;

  constructor(private readonly text: string) {}

  tag(at: number): void {
    if (at >= this.esmEnd && this.found.tags.length < MAX_TAGS) tagEnd(this.text, at, this.found.tags);
  }

  esm(at: number): void {
    if (at >= this.esmEnd && this.found.tags.length < MAX_TAGS) this.esmEnd = esmEnd(this.text, at, this.found);
  }
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
