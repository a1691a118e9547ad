// A page's front matter (the YAML block between `---` lines at its top), read with positions.
import type { YAMLError } from 'yaml';
import { frontMatterBlock, MAX_FRONT_MATTER, yamlMayRead } from '../text/front-matter-block';
import { loadYaml } from '../text/load-yaml';

/** A top-level key of the front matter, with its value and where both are written in the page. */
export interface FrontMatterEntry {
  key: string;
  /** The value as YAML reads it (strings, numbers, booleans, null, arrays, objects). */
  value: unknown;
  keyStart: number;
  keyEnd: number;
  /** The written value (quotes included); empty at the key's end when the value is empty. */
  valueStart: number;
  valueEnd: number;
}

export interface FrontMatter {
  /** Offsets of the block's body (between the `---` lines) in the page. */
  bodyStart: number;
  bodyEnd: number;
  entries: FrontMatterEntry[];
  /** YAML the platform cannot read: no entries then. */
  error?: { offset: number; length: number; message: string };
}

/** The front matter block's body and where it starts, or undefined when the page has none. */
export function frontMatterBody(text: string): { body: string; start: number } | undefined {
  const found = frontMatterBlock(text.length > MAX_FRONT_MATTER ? text.slice(0, MAX_FRONT_MATTER) : text);
  return found && { body: text.slice(found.start, found.end), start: found.start };
}

/** The offset just past the front matter block (its closing `---` line), or 0 when the page has none. */
export function frontMatterEnd(text: string): number {
  return frontMatterBlock(text)?.after ?? 0;
}

/**
 * The front matter of a page with every top-level key's position; undefined without a block. Lines of the form
 * `key: scalar` are read directly (every corpus page but a few is written so; a YAML parse of each page's front
 * matter took 75-125 ms on Portkey's 1,056, warm, 500 ms cold); any other block goes through the `yaml` library,
 * and one it refuses through `js-yaml` 3 (`safeLoad`), as the platform reads front matter (`front-matter` 4.0.2 in
 * `@mintlify/common`; a block it refuses fails the build), which is more lenient (13 corpus pages write a quoted value over lines at the key's indentation, which `yaml` refuses).
 */
export function readFrontMatterEntries(text: string): FrontMatter | undefined {
  const found = frontMatterBody(text);
  if (!found) return undefined;
  const { body, start } = found;
  const bodyEnd = start + body.length;
  const simple = simpleEntries(body, start);
  if (simple) return { bodyStart: start, bodyEnd, entries: simple };
  // Past the parsers' safe limits only the simple lines could be judged, and they were not all simple: nothing is.
  if (!yamlMayRead(body)) return { bodyStart: start, bodyEnd, entries: [] };
  if (lastYaml?.body !== body || lastYaml.start !== start) lastYaml = { body, start, read: yamlEntries(body, start) };
  return { bodyStart: start, bodyEnd, ...lastYaml.read, entries: [...lastYaml.read.entries] };
}

/**
 * The last block read through the YAML libraries, kept: a keystroke below the front matter does not parse it again
 * (the parse was 0.7 ms of a 3.6 ms keystroke in a 1,000-line page whose front matter holds a list; `npm run bench`).
 */
let lastYaml: { body: string; start: number; read: Pick<FrontMatter, 'entries' | 'error'> } | undefined;

/** A plain key, or one in quotes without escapes (`"og:image":`: one such firecrawl page had every check load both YAML libraries, ~35 ms), then its colon. */
const KEY_LINE = /^(?:([A-Za-z_$][\w$:.-]*)|"([^"\\\n\r]+)"|'([^'\n\r]+)')[ \t]*:(?:[ \t]+|$)/;
const PLAIN_START = /^[^\s\-?:,[\]{}#&*!|>'"%@`]/;

/** Entries when every line is blank, a comment, or `key: scalar` on one line; undefined otherwise. */
function simpleEntries(body: string, start: number): FrontMatterEntry[] | undefined {
  const entries: FrontMatterEntry[] = [];
  const keys = new Set<string>();
  let at = 0;
  while (at <= body.length) {
    let end = body.indexOf('\n', at);
    if (end < 0) end = body.length;
    let line = body.slice(at, end);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    const trimmed = line.trim();
    if (trimmed !== '' && !trimmed.startsWith('#')) {
      const key = KEY_LINE.exec(line);
      const name = key ? (key[1] ?? key[2] ?? key[3]) : undefined;
      if (!key || name === undefined || keys.has(name)) return undefined;
      keys.add(name);
      // Quotes are part of the key's place, as the yaml library gives it.
      const keyLength = key[1] === undefined ? name.length + 2 : name.length;
      const written = withoutCommentTail(line.slice(key[0].length)).replace(/(?<![ \t])[ \t]+$/, '');
      const value = simpleScalar(written);
      if (value === NOT_SIMPLE) {
        const quoted = written.startsWith('"') ? quotedOverLines(body, at + key[0].length) : undefined;
        if (!quoted) return undefined;
        const valueStart = start + at + key[0].length;
        entries.push({ key: name, value: quoted.value, keyStart: start + at, keyEnd: start + at + keyLength, valueStart, valueEnd: start + quoted.close + 1 });
        at = quoted.lineEnd + 1;
        continue;
      }
      // An empty value may open a block (a list or map on the lines after): YAML decides.
      if (written === '' && /^\r?\n[ \t-]/.test(body.slice(end))) return undefined;
      const valueStart = start + at + key[0].length;
      entries.push({ key: name, value, keyStart: start + at, keyEnd: start + at + keyLength, valueStart, valueEnd: valueStart + written.length });
    }
    at = end + 1;
  }
  return entries;
}

const NOT_SIMPLE = Symbol('not simple');

/**
 * A double-quoted value over lines, without escapes, folded as the platform's js-yaml folds it (a line break is a
 * space, n blank lines n line breaks, the blanks that start a line cut): 13 pages of Portkey and polar write one, and reading them made the
 * whole check load both YAML libraries (33 of polar's 527 ms). `open` is the quote's index in `body`; undefined
 * for anything else, and when the closing line holds more than a comment.
 */
function quotedOverLines(body: string, open: number): { value: string; close: number; lineEnd: number } | undefined {
  const close = body.indexOf('"', open + 1);
  if (close < 0) return undefined;
  const lines = body.slice(open + 1, close).split('\n');
  const last = lines.length - 1;
  // A `\r` only as a CRLF line's end; no escapes; no document marker, which ends the block for YAML.
  const plain = (line: string, i: number) => !line.includes('\\') && !(i === last ? line : line.slice(0, -1)).includes('\r') && !(i > 0 && /^(?:---|\.\.\.)(?:[ \t\r]|$)/.test(line));
  if (last < 1 || !lines.every(plain)) return undefined;
  let lineEnd = body.indexOf('\n', close);
  if (lineEnd < 0) lineEnd = body.length;
  const after = withoutCommentTail(body.slice(close + 1, lineEnd).replace(/\r$/, ''));
  if (blanksAround(after, true, true) !== '') return undefined;
  // js-yaml 3 keeps the blanks at a line's end (YAML cuts them: the `yaml` library gives `a b` for `"a  ⏎ b"`).
  let value = lines[0].replace(/\r$/, '');
  let blank = 0;
  for (let i = 1; i <= last; i++) {
    const text = blanksAround(i === last ? lines[i] : lines[i].replace(/\r$/, ''), true, false);
    if (text === '' && i < last) {
      blank++;
      continue;
    }
    value += (blank ? '\n'.repeat(blank) : ' ') + text;
    blank = 0;
  }
  return { value, close, lineEnd };
}

/** `text` without the spaces and tabs at its start, its end or both (YAML's blanks: `trim` cuts more). */
function blanksAround(text: string, start: boolean, end: boolean): string {
  let from = 0;
  let to = text.length;
  if (start) while (from < to && (text.charCodeAt(from) === 32 || text.charCodeAt(from) === 9)) from++;
  if (end) while (to > from && (text.charCodeAt(to - 1) === 32 || text.charCodeAt(to - 1) === 9)) to--;
  return text.slice(from, to);
}

/** What `/[ \t]+#.*$/` left, in one pass: cut at the first blanks-then-`#` past the last line break. */
function withoutCommentTail(written: string): string {
  const from = Math.max(written.lastIndexOf('\n'), written.lastIndexOf('\r'), written.lastIndexOf('\u2028'), written.lastIndexOf('\u2029')) + 1;
  for (let hash = written.indexOf('#', from); hash >= 0; hash = written.indexOf('#', hash + 1)) {
    let start = hash;
    while (start > from && (written[start - 1] === ' ' || written[start - 1] === '\t')) start--;
    if (start < hash) return written.slice(0, start);
  }
  return written;
}

/** A one-line scalar as YAML 1.2's core schema reads it, or NOT_SIMPLE for anything less plain. */
function simpleScalar(written: string): unknown {
  if (written === '') return null;
  const first = written.charCodeAt(0);
  if (first === 34 /* " */) {
    if (!/^"(?:[^"\\]|\\["\\/bfnrt])*"$/.test(written)) return NOT_SIMPLE;
    return JSON.parse(written);
  }
  if (first === 39 /* ' */) return /^'(?:[^']|'')*'$/.test(written) ? written.slice(1, -1).replace(/''/g, "'") : NOT_SIMPLE;
  if (!PLAIN_START.test(written) || written.includes(': ') || written.endsWith(':') || written.includes(' #')) return NOT_SIMPLE;
  if (/^(?:true|True|TRUE)$/.test(written)) return true;
  if (/^(?:false|False|FALSE)$/.test(written)) return false;
  if (/^(?:null|Null|NULL|~)$/.test(written)) return null;
  // Numbers, dates and other typed plain scalars: YAML decides.
  if (/^[-+.\d]/.test(written)) return NOT_SIMPLE;
  return written;
}

function yamlEntries(body: string, start: number): Pick<FrontMatter, 'entries' | 'error'> {
  const yaml = loadYaml();
  const doc = yaml.parseDocument(body);
  if (doc.errors.length) return lenientEntries(body, start, doc.errors[0]);
  const entries: FrontMatterEntry[] = [];
  if (!yaml.isMap(doc.contents)) {
    const value = resolved(() => doc.toJS({ maxAliasCount: MAX_ALIASES }));
    if (value === null || value === undefined) return { entries };
    const range = (doc.contents as { range?: [number, number] } | null)?.range ?? [0, body.length];
    return { entries, error: { offset: start + range[0], length: Math.max(1, range[1] - range[0]), message: 'Front matter is not a map of `key: value` lines.' } };
  }
  for (const pair of doc.contents.items) {
    const key = pair.key as { range?: [number, number, number]; toJSON?: () => unknown } | null;
    const value = pair.value as { range?: [number, number, number] } | null;
    if (!key || !yaml.isScalar(key) || !key.range) continue;
    const keyRange = key.range;
    const valueRange = value?.range ?? [keyRange[1], keyRange[1]];
    entries.push({
      key: String(key.value),
      value: yaml.isNode(pair.value) ? resolved(() => (pair.value as import('yaml').Node).toJS(doc, { maxAliasCount: MAX_ALIASES })) : null,
      keyStart: start + keyRange[0],
      keyEnd: start + keyRange[1],
      valueStart: start + valueRange[0],
      valueEnd: start + valueRange[1],
    });
  }
  return { entries };
}

/**
 * A block `yaml` refuses, read as the platform reads it. What it refuses too is an error, told as `yaml` tells it
 * when that is not further on (its positions and words are the more exact: `"a "b" c"` is an unexpected scalar
 * after the closing quote for `yaml`, an implicit multiline key at the line's end for js-yaml); what it reads keeps
 * its values, placed at the lines that write their keys.
 */
function lenientEntries(body: string, start: number, strict: YAMLError): Pick<FrontMatter, 'entries' | 'error'> {
  // The platform trims the block before reading it.
  const lead = body.length - body.trimStart().length;
  let value: unknown;
  try {
    value = resolved(() => loadJsYaml().safeLoad(body.trim()), true);
  } catch (error) {
    const mark = (error as { mark?: { position?: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? String(error);
    const position = Math.min(lead + (mark?.position ?? 0), body.length);
    const [from, to] = strict.pos;
    if (from <= position) return { entries: [], error: { offset: start + from, length: Math.max(to - from, from < body.length ? 1 : 0), message: `Front matter is not valid YAML: ${strict.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}.` } };
    return { entries: [], error: { offset: start + position, length: position < body.length ? 1 : 0, message: `Front matter is not valid YAML: ${reason}.` } };
  }
  const entries: FrontMatterEntry[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { entries };
  for (const [key, item] of Object.entries(value)) {
    const line = new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ \\t]*:[ \\t]*`, 'm').exec(body);
    if (!line) continue;
    const valueStart = line.index + line[0].length;
    const valueEnd = body.indexOf('\n', valueStart) < 0 ? body.length : body.indexOf('\n', valueStart);
    entries.push({ key, value: item, keyStart: start + line.index, keyEnd: start + line.index + key.length, valueStart: start + valueStart, valueEnd: start + valueEnd });
  }
  return { entries };
}

/**
 * Aliases expanded in one value, at most (the `yaml` library's own default): the platform's js-yaml reads a page with
 * aliases (`a: &a [*a]`, a billion-laughs nest), so such a page is read, its aliased values bounded.
 */
const MAX_ALIASES = 100;

/**
 * A value read through aliases, or null (no value: nothing to judge) when the reader refuses to expand it further or
 * it refers to itself (js-yaml makes `a: &a [*a]` a list holding itself, which no later step could walk).
 * `rethrow`: the reader's syntax errors go on to the caller.
 */
function resolved(read: () => unknown, rethrow = false): unknown {
  let value: unknown;
  try {
    value = read();
  } catch (error) {
    if (rethrow && (error as { name?: string }).name === 'YAMLException') throw error;
    return null;
  }
  return isTree(value, new Set(), new Set(), 0) ? value : null;
}

/**
 * Whether a value holds no cycle and is nested no deeper than 1,000. Each object is walked once (`done`): an alias
 * nest shares its lists, which a walk of every path would visit exponentially often.
 */
function isTree(value: unknown, path: Set<object>, done: Set<object>, depth: number): boolean {
  if (typeof value !== 'object' || value === null || done.has(value)) return true;
  if (path.has(value) || depth > 1_000) return false;
  path.add(value);
  for (const item of Object.values(value)) if (!isTree(item, path, done, depth + 1)) return false;
  path.delete(value);
  done.add(value);
  return true;
}

let jsYamlModule: typeof import('js-yaml') | undefined;

function loadJsYaml(): typeof import('js-yaml') {
  return (jsYamlModule ??= require('js-yaml') as typeof import('js-yaml'));
}
