import { fitToSize, unescapedString, type JArray, type JObject, type JValue, type SourceFile } from './json-tree';

const WHITE_SPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
/** Control characters other than the line feed (which `nextLineFeed` tracks): a string must not hold them raw. */
const CONTROL = /[\x00-\x09\x0b-\x1f]/;

/**
 * The tree of a strictly valid JSON text, built in one pass without recursion, or undefined at the first thing
 * that is not strict JSON (a syntax error, a comment, nesting deeper than `maxNesting`): the caller then parses
 * with jsonc-parser, which reports and recovers. On valid JSON both give the same tree; this pass skips white
 * space and finds string ends with the engine's native searches instead of building strings one character
 * at a time, which makes it several times faster on the large files checked on every keystroke. With `end`: the
 * one value written from `start` to `end` (white space after it included), as a part of a larger text.
 */
export function parseStrictJson(file: SourceFile, start: number, maxNesting: number, end = file.text.length): JValue | undefined {
  const text = file.text;
  const checkControls = CONTROL.test(text);
  let nextBackslash = -1;
  let nextLineFeed = -1;
  let root: JValue | undefined;
  const stack: (JObject | JArray)[] = [];
  let key: string | undefined;
  /** Each key spelled once: a large docs.json repeats a few dozen keys tens of thousands of times. */
  const keys = new Map<string, string>();
  let keyOffset = 0;
  let keyLength = 0;
  let pos = skipWhiteSpace(text, start);

  /** The value of the string whose opening quote is at `pos`, leaving `pos` after its closing quote. */
  const readString = (): string | undefined => {
    const open = pos;
    return skipUnescapedString() ? text.slice(open + 1, pos - 1) : escaped;
  };
  /** What `skipUnescapedString` read when the string held an escape: its value, or undefined when not valid. */
  let escaped: string | undefined;
  /**
   * True when the string whose opening quote is at `pos` holds no escape (its value is its text: not cut out here,
   * an unescaped string node reads it when asked), leaving `pos` after its closing quote; else false, with its value
   * in `escaped` (undefined: not a valid string).
   */
  const skipUnescapedString = (): boolean => {
    escaped = undefined;
    const open = pos;
    const close = text.indexOf('"', open + 1);
    if (close < 0) return false;
    if (nextLineFeed <= open) nextLineFeed = indexOrEnd(text, '\n', open + 1);
    if (nextLineFeed < close) return false;
    if (nextBackslash <= open) nextBackslash = indexOrEnd(text, '\\', open + 1);
    if (nextBackslash < close) {
      escaped = readEscapedString();
      return false;
    }
    if (checkControls && CONTROL.test(text.slice(open + 1, close))) return false;
    pos = close + 1;
    return true;
  };
  const readEscapedString = (): string | undefined => {
    let i = pos + 1;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c === 92 /* backslash */) i += 2;
      else if (c === 34 /* " */) break;
      else if (c === 10 /* \n */) return undefined;
      else i++;
    }
    if (i >= end) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text.slice(pos, i + 1));
    } catch {
      return undefined;
    }
    pos = i + 1;
    return typeof value === 'string' ? value : undefined;
  };
  const attach = (node: JValue) => {
    const parent = stack[stack.length - 1];
    if (!parent) {
      root = node;
    } else if (parent.type === 'array') {
      parent.items.push(node);
    } else {
      parent.props.push({ key: key!, file, keyOffset, keyLength, value: node });
    }
  };

  for (;;) {
    // A value starts at `pos`.
    const c = text.charCodeAt(pos);
    if (c === 123 /* { */ || c === 91 /* [ */) {
      const node: JObject | JArray =
        c === 123
          ? { type: 'object', file, offset: pos, length: 0, props: [] }
          : { type: 'array', file, offset: pos, length: 0, items: [] };
      attach(node);
      if (stack.push(node) > maxNesting) return undefined;
      pos = skipWhiteSpace(text, pos + 1);
      const closer = c === 123 ? 125 : 93;
      if (text.charCodeAt(pos) !== closer) {
        if (c === 123 && !readKey()) return undefined;
        continue;
      }
    } else if (c === 34 /* " */) {
      const offset = pos;
      if (skipUnescapedString()) attach(unescapedString(file, offset, pos - offset));
      else {
        const value = escaped;
        if (value === undefined) return undefined;
        const length = pos - offset;
        // Escapes make a value shorter than its text: only the text of an unescaped string is its value plus quotes.
        attach(value.length === length - 2 ? unescapedString(file, offset, length) : { type: 'string', file, offset, length, plain: value });
      }
    } else {
      const offset = pos;
      let value: number | boolean | null;
      if (text.startsWith('true', pos)) (value = true), (pos += 4);
      else if (text.startsWith('false', pos)) (value = false), (pos += 5);
      else if (text.startsWith('null', pos)) (value = null), (pos += 4);
      else {
        NUMBER.lastIndex = pos;
        if (!NUMBER.test(text)) return undefined;
        value = Number(text.slice(pos, NUMBER.lastIndex));
        pos = NUMBER.lastIndex;
      }
      if (!endsToken(text.charCodeAt(pos), pos, end)) return undefined;
      const type = value === null ? 'null' : typeof value;
      attach({ type, file, offset, length: pos - offset, plain: value } as JValue);
    }
    // After a value: a comma, the end of containers, or the end of the text.
    for (;;) {
      pos = skipWhiteSpace(text, pos);
      const parent = stack[stack.length - 1];
      if (!parent) return pos === end ? root : undefined;
      const next = text.charCodeAt(pos);
      if (next === 44 /* , */) {
        pos = skipWhiteSpace(text, pos + 1);
        if (parent.type === 'object' && !readKey()) return undefined;
        break;
      }
      if (next !== (parent.type === 'object' ? 125 : 93)) return undefined;
      parent.length = pos + 1 - parent.offset;
      fitToSize(parent);
      stack.pop();
      pos++;
    }
  }

  /** A property name and its colon, leaving `pos` at the value. */
  function readKey(): boolean {
    if (text.charCodeAt(pos) !== 34) return false;
    keyOffset = pos;
    const name = readString();
    if (name === undefined) return false;
    key = keys.get(name);
    if (key === undefined) keys.set(name, (key = name));
    keyLength = pos - keyOffset;
    pos = skipWhiteSpace(text, pos);
    if (text.charCodeAt(pos) !== 58 /* : */) return false;
    pos = skipWhiteSpace(text, pos + 1);
    return true;
  }
}

function skipWhiteSpace(text: string, pos: number): number {
  const c = text.charCodeAt(pos);
  if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return pos;
  WHITE_SPACE.lastIndex = pos;
  WHITE_SPACE.test(text);
  return WHITE_SPACE.lastIndex;
}

function indexOrEnd(text: string, search: string, from: number): number {
  const found = text.indexOf(search, from);
  return found < 0 ? text.length : found;
}

/** What may follow a number or `true`/`false`/`null` for jsonc-parser to read the same token. */
function endsToken(c: number, pos: number, end: number): boolean {
  return pos >= end || c === 32 || c === 10 || c === 13 || c === 9 || c === 44 || c === 125 || c === 93;
}
