/**
 * Reads the operations of a YAML OpenAPI spec line by line, without a YAML document: the block-style layout
 * specs are written in (`paths:` at the top, a path per line below it, a method per line below that). Only
 * what endpoints need is read: the version field, the keys of `paths` and `webhooks` and their methods, and an
 * operation's `summary`, `operationId`, `description`, first tag and `x-mint.href`. On a 20 MB spec the full `yaml` document took 17 s
 * and 1.1 GB, its lexer alone 1.6 s; this scan takes about 0.2 s (see bench/measure-spec-loading.ts).
 *
 * Values it does not read by hand (flow mappings, block scalars, numbers) are parsed one small slice at a time
 * by `parseSlice`. What the layout does not allow it to follow (anchors and aliases at those levels, complex
 * keys, tabs, several documents, flow-style `paths`) makes it give up: `Unsupported` names the line and why.
 */

import { isFlagKey, X_MINT, X_MINT_HREF } from './x-mint';

export class Unsupported extends Error {}

export interface ScannedOperation {
  method: string;
  path: string;
  /** Offset of the method's key. */
  offset: number;
  read: (key: string) => string | undefined;
}

/** Parses a slice of the text (a flow mapping, or one `key: value` entry); offsets in what it returns are the text's. */
export interface SliceParser {
  /** The operation a flow mapping `{…}` describes (undefined when it is not a mapping): its string fields. */
  operation(start: number, end: number): ((key: string) => string | undefined) | undefined;
  /**
   * The string value of the one entry in the slice (a `key: value` entry, maybe over several lines); with `inner`,
   * the string under that key of the entry's value (a mapping).
   */
  entryString(start: number, end: number, inner?: string): string | undefined;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace']);
const FIELDS = ['summary', 'operationId', 'description'];
/** Plain scalars the YAML core schema reads as something other than a string. */
const NOT_STRING = /^(?:[-+]?(?:0|[1-9][0-9]*)|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|~|null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
/** First characters of a plain scalar that are YAML indicators: such values are left to the slice parser. */
const SPECIAL_START = /^[-?:,[\]{}#&*!|>'"%@`]/;

interface Line {
  start: number;
  end: number;
  /** Offset of the first character that is not a space. */
  content: number;
  indent: number;
}

interface Entry {
  key: string;
  keyStart: number;
  /** Offset just after the colon. */
  afterColon: number;
}

export function scanYamlEndpoints(text: string, slices: SliceParser, onOperation: (op: ScannedOperation, isWebhook: boolean) => void): void {
  const scan = new LineScanner(text);
  let line = scan.nextContent(0, true);
  if (line && scan.isMarker(line)) {
    if (scan.restOfLine(line, line.content + 3) !== '') throw new Unsupported(`content after '---' on line ${scan.lineNumber(line.start)}`);
    line = scan.nextContent(line.end + 1);
  }
  let version: 'scalar' | 'other' | undefined;
  const sectionsSeen = new Set<string>();
  while (line) {
    if (line.indent !== 0) throw new Unsupported(`line ${scan.lineNumber(line.start)} is indented where a top-level key was expected`);
    const entry = scan.entry(line);
    const rest = scan.restOfLine(line, entry.afterColon);
    const next = scan.nextContent(line.end + 1);
    if (!closesOnItsLine(rest) && !(next && next.indent > 0)) throw new Unsupported(`the value on line ${scan.lineNumber(line.start)} does not end on its line`);
    const hasChildren = next !== undefined && next.indent > 0;
    if ((entry.key === 'openapi' || entry.key === 'swagger') && version === undefined) {
      if (rest === '' || /^[&*![{|>]/.test(rest)) throw new Unsupported(`the version field on line ${scan.lineNumber(line.start)} is not a plain value`);
      version = hasChildren ? 'other' : 'scalar';
    } else if ((entry.key === 'paths' || entry.key === 'webhooks') && !sectionsSeen.has(entry.key)) {
      sectionsSeen.add(entry.key);
      if (rest !== '') throw new Unsupported(`'${entry.key}' on line ${scan.lineNumber(line.start)} is not a block mapping`);
      if (hasChildren) scanPaths(scan, next!, entry.key === 'webhooks', slices, onOperation);
    }
    line = scan.skipDeeper(next, 0);
  }
  if (version !== 'scalar') throw new Error('not an OpenAPI document: no `openapi` or `swagger` version field');
}

function scanPaths(scan: LineScanner, first: Line, isWebhook: boolean, slices: SliceParser, onOperation: (op: ScannedOperation, isWebhook: boolean) => void): void {
  const level = first.indent;
  let line: Line | undefined = first;
  while (line && line.indent > 0) {
    if (line.indent !== level) throw new Unsupported(`line ${scan.lineNumber(line.start)} is not aligned with the paths above it`);
    const entry = scan.entry(line);
    const rest = scan.restOfLine(line, entry.afterColon);
    const next = scan.nextContent(line.end + 1);
    if (rest === '' && next && next.indent > level) {
      scanMethods(scan, next, entry.key, isWebhook, slices, onOperation);
    } else if (/^[&*!{[]/.test(rest)) {
      throw new Unsupported(`the value of '${entry.key}' on line ${scan.lineNumber(line.start)} is not a block mapping`);
    }
    line = scan.skipDeeper(next, level);
  }
}

function scanMethods(
  scan: LineScanner,
  first: Line,
  path: string,
  isWebhook: boolean,
  slices: SliceParser,
  onOperation: (op: ScannedOperation, isWebhook: boolean) => void,
): void {
  const level = first.indent;
  let line: Line | undefined = first;
  let done = false;
  while (line && line.indent >= level) {
    if (line.indent !== level) throw new Unsupported(`line ${scan.lineNumber(line.start)} is not aligned with the keys above it`);
    const entry = scan.entry(line);
    const rest = scan.restOfLine(line, entry.afterColon);
    const next = scan.nextContent(line.end + 1);
    const method = entry.key.toLowerCase();
    if (!done && METHODS.has(method)) {
      let read: ((key: string) => string | undefined) | undefined;
      if (rest === '' && next && next.indent > level) {
        read = scanOperation(scan, next, slices);
      } else if (rest.startsWith('{')) {
        if (!rest.endsWith('}')) throw new Unsupported(`the operation on line ${scan.lineNumber(line.start)} does not end on its line`);
        const open = line.start + scan.text.slice(line.start, line.end).indexOf('{', entry.afterColon - line.start);
        read = slices.operation(open, open + rest.length);
      } else if (/^[&*![]/.test(rest)) {
        throw new Unsupported(`the value of '${entry.key}' on line ${scan.lineNumber(line.start)} is not a block mapping`);
      }
      if (read) {
        onOperation({ method, path, offset: entry.keyStart, read }, isWebhook);
        if (isWebhook) done = true;
      }
    }
    line = scan.skipDeeper(next, level);
  }
}

/** The string fields of a block-style operation. */
function scanOperation(scan: LineScanner, first: Line, slices: SliceParser): (key: string) => string | undefined {
  const level = first.indent;
  const fields = new Map<string, string | undefined>();
  let line: Line | undefined = first;
  while (line && line.indent >= level) {
    if (line.indent !== level) throw new Unsupported(`line ${scan.lineNumber(line.start)} is not aligned with the keys above it`);
    const entry = scan.entry(line);
    const next = scan.nextContent(line.end + 1);
    if (entry.key === 'tags' && !fields.has('tags')) fields.set('tags', firstTag(scan, scan.restOfLine(line, entry.afterColon), next, level));
    else if (entry.key === X_MINT && !fields.has(X_MINT_HREF)) {
      const end = scan.skipDeeper(next, level)?.start ?? scan.text.length;
      fields.set(X_MINT_HREF, slices.entryString(line.start, end, 'href'));
    } else if (isFlagKey(entry.key) && !fields.has(entry.key)) {
      fields.set(entry.key, /^(?:true|True|TRUE)$/.test(scan.restOfLine(line, entry.afterColon)) ? 'true' : undefined);
    } else if (FIELDS.includes(entry.key) && !fields.has(entry.key)) {
      const continues = next !== undefined && next.indent > level;
      const rest = scan.restOfLine(line, entry.afterColon);
      const simple = continues ? blockScalar(scan, line, rest, level) : simpleString(rest);
      if (simple !== undefined) fields.set(entry.key, simple.value);
      else {
        const end = scan.skipDeeper(next, level)?.start ?? scan.text.length;
        fields.set(entry.key, slices.entryString(line.start, end));
      }
    }
    line = scan.skipDeeper(next, level);
  }
  return (key) => (key === 'tags' && !fields.has(key) ? '' : fields.get(key));
}

/**
 * An operation's first tag, when written simply: `tags: [Agents, …]` or a block list whose first item is a one-line
 * string; '' for `[]`; undefined for anything else (the generated pages' check then takes any folder).
 */
function firstTag(scan: LineScanner, rest: string, next: Line | undefined, level: number): string | undefined {
  if (rest.startsWith('[')) {
    // By hand: a line of spaces after `[` made the expression's backtracking polynomial.
    const close = rest.search(/[,\]]/);
    if (close < 0) return undefined;
    const item = rest.slice(1, close).trim();
    if (item === '') return rest[close] === ']' ? '' : undefined;
    return simpleString(item)?.value;
  }
  if (rest !== '' || !next || next.indent <= level) return undefined;
  const item = scan.restOfLine(next, next.content);
  return item.startsWith('- ') ? simpleString(item.slice(2).trim())?.value : undefined;
}

/**
 * A literal (`|`) or folded (`>`) block scalar after a key at `level`, with its chomping indicator: the lines below
 * the key, less their indentation. Folded text is read here only when it is plain paragraphs (no line indented
 * more than the first); any other form is left to the slice parser (undefined).
 */
function blockScalar(scan: LineScanner, keyLine: Line, rest: string, level: number): { value: string } | undefined {
  const header = /^([|>])([-+]?)$/.exec(rest);
  if (!header) return undefined;
  const text = scan.text;
  const lines: string[] = [];
  let indent = -1;
  for (let start = keyLine.end + 1; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const raw = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    const spaces = raw.length - raw.trimStart().length;
    if (raw.trim() === '') {
      if (raw.includes('\t')) return undefined;
      lines.push('');
    } else {
      if (spaces <= level) break;
      if (indent < 0) indent = spaces;
      if (spaces < indent || raw[spaces] === '\t' || (header[1] === '>' && spaces > indent)) return undefined;
      lines.push(raw.slice(indent));
    }
    start = end + 1;
  }
  if (indent < 0) return undefined;
  let last = lines.length;
  while (last > 0 && lines[last - 1] === '') last--;
  const body = lines.slice(0, last);
  if (body.some((l, i) => l === '' && i > 0 && header[1] === '>')) return undefined;
  const joined = body.join(header[1] === '|' ? '\n' : ' ');
  const trailing = header[2] === '-' ? '' : header[2] === '+' ? '\n'.repeat(lines.length - last + 1) : '\n';
  return { value: joined + trailing };
}

/** Whether a value that opens a flow collection or a quoted scalar closes it on its line (roughly: by its last character). */
function closesOnItsLine(rest: string): boolean {
  const close = { '{': '}', '[': ']', '"': '"', "'": "'" }[rest[0]];
  return close === undefined || (rest.length > 1 && rest.endsWith(close));
}

/**
 * A one-line value read by hand: a plain scalar that is a string, or a quoted one without escapes. Undefined when
 * it is something else (the slice parser decides); `{ value: undefined }` is a value that is not a string.
 */
function simpleString(rest: string): { value: string | undefined } | undefined {
  if (rest === '') return { value: undefined };
  if (rest.startsWith('"')) {
    const close = rest.indexOf('"', 1);
    return close === rest.length - 1 && !rest.includes('\\') ? { value: rest.slice(1, -1) } : undefined;
  }
  if (rest.startsWith("'")) {
    const body = rest.slice(1, -1);
    return rest.length > 1 && rest.endsWith("'") && !body.replace(/''/g, '').includes("'") ? { value: body.replace(/''/g, "'") } : undefined;
  }
  if (SPECIAL_START.test(rest) || rest.includes(': ') || rest.includes('\t')) return undefined;
  return NOT_STRING.test(rest) ? { value: undefined } : { value: rest };
}

class LineScanner {
  constructor(readonly text: string) {
    if (text.charCodeAt(0) === 0xfeff) throw new Unsupported('a byte order mark');
  }

  lineAt(start: number): Line {
    const text = this.text;
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let content = start;
    while (content < end && text.charCodeAt(content) === 32) content++;
    if (text.charCodeAt(content) === 9) throw new Unsupported(`a tab in the indentation of line ${this.lineNumber(start)}`);
    return { start, end, content, indent: content - start };
  }

  /** The first line from `start` on that holds more than spaces and a comment. */
  nextContent(start: number, markerAllowed = false): Line | undefined {
    const text = this.text;
    while (start < text.length) {
      const line = this.lineAt(start);
      const first = text.charCodeAt(line.content);
      const blank = line.content >= line.end || first === 35 /* # */ || (first === 13 && line.content === line.end - 1);
      if (!blank) {
        if (this.isMarker(line) && !(markerAllowed && text.startsWith('---', line.start))) {
          throw new Unsupported(`a document marker on line ${this.lineNumber(line.start)}`);
        }
        if (line.indent === 0 && first === 37 /* % */) throw new Unsupported(`a directive on line ${this.lineNumber(line.start)}`);
        return line;
      }
      start = line.end + 1;
    }
    return undefined;
  }

  /** A `---` or `...` line: a document starts or ends. */
  isMarker(line: Line): boolean {
    return line.indent === 0 && /^(?:---|\.\.\.)(?:\s|$)/.test(this.text.slice(line.start, line.start + 4));
  }

  /** From `line` on, the first line indented no deeper than `level`. */
  skipDeeper(line: Line | undefined, level: number): Line | undefined {
    while (line && line.indent > level) line = this.nextContent(line.end + 1);
    return line;
  }

  /** The key of a `key: value` line. */
  entry(line: Line): Entry {
    const text = this.text;
    const start = line.content;
    const quote = text[start];
    let key: string;
    let after: number;
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, start + 1);
      if (close < 0 || close > line.end) throw new Unsupported(`a quoted key over several lines at line ${this.lineNumber(line.start)}`);
      key = text.slice(start + 1, close);
      if ((quote === '"' && key.includes('\\')) || (quote === "'" && text[close + 1] === "'")) {
        throw new Unsupported(`an escape in the key on line ${this.lineNumber(line.start)}`);
      }
      after = close + 1;
      if (text[after] !== ':') throw new Unsupported(`no ':' after the key on line ${this.lineNumber(line.start)}`);
    } else {
      if (SPECIAL_START.test(text[start]) && !(text[start] === '-' && /[^\s]/.test(text[start + 1] ?? ''))) {
        throw new Unsupported(`'${text[start]}' at the start of line ${this.lineNumber(line.start)}`);
      }
      after = start;
      for (;;) {
        after = text.indexOf(':', after);
        if (after < 0 || after >= line.end) throw new Unsupported(`no 'key:' on line ${this.lineNumber(line.start)}`);
        const next = text.charCodeAt(after + 1);
        if (after + 1 === line.end || next === 32 || next === 13 || next === 9) break;
        after++;
      }
      key = text.slice(start, after).trimEnd();
      if (/\s#/.test(key) || NOT_STRING.test(key)) throw new Unsupported(`the key on line ${this.lineNumber(line.start)} is not a plain string`);
    }
    return { key, keyStart: start, afterColon: after + 1 };
  }

  /** The value after a key on its line, without the spaces around it and a trailing comment. */
  restOfLine(line: Line, from: number): string {
    let rest = this.text.slice(from, line.end);
    const first = rest.trimStart()[0];
    if (first !== '"' && first !== "'") {
      const comment = rest.search(/(?:^|[ \t])#/);
      if (comment >= 0) rest = rest.slice(0, comment);
    } else {
      const quoted = rest.trimStart();
      const close = quoted.indexOf(first, 1);
      const comment = close < 0 ? -1 : quoted.slice(close + 1).search(/[ \t]#/);
      if (comment >= 0) rest = quoted.slice(0, close + 1 + comment);
    }
    return rest.trim();
  }

  lineNumber(offset: number): number {
    let count = 1;
    for (let i = this.text.indexOf('\n'); i >= 0 && i < offset; i = this.text.indexOf('\n', i + 1)) count++;
    return count;
  }
}
