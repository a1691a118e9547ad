import { detached as copied } from '../../text/detached';

// The structure of a page that a translation keeps while its words change (issue 51): headings by level, code
// blocks by language, components by name, images by src, and explicit anchors. Heading text is translated, so it is
// shown, never compared.

export type StructureKind = 'heading' | 'code' | 'component' | 'image';

export interface StructureItem {
  kind: StructureKind;
  /** What must be equal in both pages for two items to be the same: `h2`, `code:bash`, `<Tabs>`, `img`. */
  key: string;
  /** How a message shows it: `## Install`, a `bash` code block, `<Tabs>`, an image `/images/a.png`. */
  label: string;
  offset: number;
  /** Its line, from 0. */
  line: number;
  /** An explicit anchor it carries (`## Install {#install}`, `<a id="install">`), compared by value. */
  anchor?: string;
}

export interface PageStructure {
  items: StructureItem[];
  /** Explicit anchors by id, with the offset and line of the first. */
  anchors: Map<string, { offset: number; line: number }>;
  /** The text's length: where something missing at the end is reported. */
  length: number;
}

const FENCE = /^ *(`{3,}|~{3,})\s*([^\s`{]*)/;
const HEADING = /^ *(#{1,6})[ \t](.*)$/;
/** In a `.md` page, four spaces make code. */
const MD_HEADING = /^ {0,3}(#{1,6})[ \t](.*)$/;
const EXPLICIT_ID = /\{#([\w-]+)\}\s*$/;
/** A block component: its tag first on its line (an inline `<Link>` or `<Icon>` in a sentence is prose, which a translator may write as a Markdown link). */
const COMPONENT = /^\s*<([A-Z]\w*(?:\.[A-Z]\w*)*)(?=[\s/>]|$)/;
/** Names of one language in fences: a translation may write either. */
const LANGUAGE_ALIASES: Record<string, string> = { js: 'javascript', jsx: 'javascript', ts: 'typescript', tsx: 'typescript', sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash', curl: 'bash', py: 'python', yml: 'yaml', cs: 'csharp', 'c#': 'csharp', rb: 'ruby', kt: 'kotlin', md: 'markdown', text: '', txt: '', plaintext: '' };
/** `![alt](src)`, the alt may hold escaped brackets (`![\\[承認\\] タブ](/a.png)`). */
const MD_IMAGE = /!\[(?:\\.|[^\]\\\n])*\]\(\s*<?([^)\s>]+)/g;
const HTML_IMAGE = /<img\b[^>]*?\bsrc=["']([^"']+)["']/gi;
const HTML_ANCHOR = /<(?:a|span|div)\b[^>]*?\b(?:id|name)=["']([\w-]+)["']/gi;
const INLINE_CODE = /`[^`\n]*`/g;
const STRUCTURE_CHARS = /[#<`~!{]/g;
/** What an HTML image or anchor needs on its line before its pattern is tried. */
const HTML_IMAGE_OR_ANCHOR = /<img\b|\b(?:id|name)=/i;
/** A label's longest quote. */
const LABEL_CHARS = 60;

/**
 * The page's structure, in document order; `mdx` for an `.mdx` page (a `.md` page has no components). `kept`: the
 * structure outlives the text (another page's, kept until it changes), so its strings are copies.
 */
export function pageStructure(text: string, mdx: boolean, kept = false): PageStructure {
  const detached = kept ? copied : (s: string) => s;
  const items: StructureItem[] = [];
  const anchors: PageStructure['anchors'] = new Map();
  const addAnchor = (id: string, offset: number) => void (anchors.has(id) || anchors.set(detached(id), { offset, line }));
  let offset = frontMatterEnd(text);
  let fence: { char: string; size: number } | undefined;
  let comment: '*/' | '-->' | undefined;
  let line = countLines(text, offset) - 1;
  let nextMark = -1;
  while (offset < text.length) {
    line++;
    let end = text.indexOf('\n', offset);
    if (end < 0) end = text.length;
    // Most lines are prose: nothing of the structure starts without one of these (looked for in the text, no slice).
    // Where the next one is, looked for once per one found (a search per line went to the end of a page of prose).
    if (!fence && !comment) {
      if (nextMark < offset) {
        STRUCTURE_CHARS.lastIndex = offset;
        nextMark = STRUCTURE_CHARS.exec(text)?.index ?? text.length;
      }
      if (nextMark >= end) {
        offset = end + 1;
        continue;
      }
    }
    const row = text.charCodeAt(end - 1) === 13 ? text.slice(offset, end - 1) : text.slice(offset, end);
    const start = offset;
    offset = end + 1;
    if (fence) {
      const close = /^ *(`{3,}|~{3,})\s*$/.exec(row);
      if (close && close[1][0] === fence.char && close[1].length >= fence.size) fence = undefined;
      continue;
    }
    if (comment) {
      if (row.includes(comment)) comment = undefined;
      continue;
    }
    const open = !mdx && /^ {4}/.test(row) ? null : FENCE.exec(row);
    // A backtick fence's info string has no backtick: "```Schema``` is…" is a paragraph.
    if (open && !(open[1][0] === '`' && row.indexOf('`', row.indexOf(open[1]) + open[1].length) >= 0)) {
      fence = { char: open[1][0], size: open[1].length };
      const language = open[2].toLowerCase();
      const same = LANGUAGE_ALIASES[language] ?? language;
      items.push({ kind: 'code', key: detached(`code:${same}`), label: language ? detached(`a \`${language}\` code block`) : 'a code block', offset: start + row.indexOf(open[1]), line });
      continue;
    }
    const visible = withoutComments(row);
    if (visible.open) comment = visible.open;
    const heading = visible.text.includes('#') ? (mdx ? HEADING : MD_HEADING).exec(visible.text) : null;
    if (heading) {
      const id = EXPLICIT_ID.exec(heading[2])?.[1];
      if (id) addAnchor(id, start);
      const title = closingHashes(heading[2].replace(EXPLICIT_ID, '').trim());
      items.push({ kind: 'heading', key: `h${heading[1].length}`, label: detached(`\`${heading[1]} ${cut(title)}\``), offset: start + row.indexOf('#'), line, anchor: id && detached(id) });
    }
    const code = visible.text.includes('`') ? visible.text.replace(INLINE_CODE, (span) => ' '.repeat(span.length)) : visible.text;
    const block = mdx && code.includes('<') ? COMPONENT.exec(code) : null;
    if (block && !inline(code, block[1])) items.push({ kind: 'component', key: detached(`<${block[1]}>`), label: detached(`\`<${block[1]}>\``), offset: start + code.indexOf('<'), line });
    if (code.includes('![')) for (const m of code.matchAll(MD_IMAGE)) items.push(image(m[1], start + m.index, line, detached));
    if (code.includes('<') && HTML_IMAGE_OR_ANCHOR.test(code)) {
      for (const m of code.matchAll(HTML_IMAGE)) items.push(image(m[1], start + m.index, line, detached));
      for (const m of code.matchAll(HTML_ANCHOR)) addAnchor(m[1], start + m.index);
    }
  }
  items.sort((a, b) => a.offset - b.offset);
  return { items, anchors, length: text.length };
}

/**
 * Whether two structures of one page give a translation the same findings: the same items (key, label, line, anchor)
 * and anchors (id, line, place among the items), wherever their offsets moved (prose typed before them).
 */
export function sameStructure(before: PageStructure, after: PageStructure): boolean {
  if (before.items.length !== after.items.length || before.anchors.size !== after.anchors.size) return false;
  for (let i = 0; i < before.items.length; i++) {
    const [x, y] = [before.items[i], after.items[i]];
    if (x.key !== y.key || x.label !== y.label || x.line !== y.line || x.anchor !== y.anchor || x.kind !== y.kind) return false;
  }
  for (const [id, at] of before.anchors) {
    const other = after.anchors.get(id);
    if (!other || other.line !== at.line || itemsBefore(before.items, at.offset) !== itemsBefore(after.items, other.offset)) return false;
  }
  return true;
}

/** How many items start before `offset` (the items are in order). */
function itemsBefore(items: readonly StructureItem[], offset: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (items[mid].offset < offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A heading's text without its closing `#`s (`## Title ##`). */
function closingHashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  return end === text.length || end === 0 || text[end - 1] === ' ' ? text.slice(0, end).trim() : text;
}

/** `<Link href="…">Scopes</Link>, and …`: an element that closes on its line with prose after it is inline. */
function inline(line: string, name: string): boolean {
  const close = line.indexOf(`</${name}>`);
  if (close < 0) return false;
  const after = line.slice(close + name.length + 3).trimStart();
  return after !== '' && !after.startsWith('<');
}

function image(src: string, offset: number, line: number, detached: (s: string) => string): StructureItem {
  return { kind: 'image', key: 'img', label: detached(`an image \`${cut(src)}\``), offset, line };
}

/** The image's src as its label quotes it. */
export function imageSrc(item: StructureItem): string {
  return item.label.slice('an image `'.length, -1);
}

function cut(text: string): string {
  return text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text;
}

/** The line with its comments blanked, and the comment it leaves open. */
function withoutComments(line: string): { text: string; open?: '*/' | '-->' } {
  if (!line.includes('{/*') && !line.includes('<!--')) return { text: line };
  let text = line;
  let open: '*/' | '-->' | undefined;
  text = text.replace(/\{\/\*[\s\S]*?\*\/\}|<!--[\s\S]*?-->/g, (c) => ' '.repeat(c.length));
  const jsx = text.indexOf('{/*');
  const html = text.indexOf('<!--');
  const at = [jsx, html].filter((i) => i >= 0).sort((a, b) => a - b)[0];
  if (at !== undefined) {
    open = at === jsx ? '*/' : '-->';
    text = text.slice(0, at);
  }
  return { text, open };
}

function countLines(text: string, end: number): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

/** Where the front matter ends (0 without one). */
function frontMatterEnd(text: string): number {
  const head = /^(?:\uFEFF)?---\r?\n/.exec(text);
  if (!head) return 0;
  const close = /^---[ \t]*(?:\r?\n|$)/m;
  const rest = text.slice(head[0].length);
  const m = close.exec(rest);
  return m ? head[0].length + m.index + m[0].length : 0;
}
