// The operations of an OpenAPI document written as valid JSON (JSON.parse has accepted it), read without building
// a tree: keys and string values are cut out where they are written, everything else is skipped over. Building
// trees of `paths` took 52 of the 120 ms a cold read of polar's 2.7 MB spec took (in a CLI check, every read is cold).

import { isFlagKey, X_MINT, X_MINT_HREF } from './x-mint';

/** Runs of text with no quote or bracket: skipped in one native search. */
const PLAIN_RUN = /[^"{}[\]]+/y;

/** One operation: where its method key is written, and its first string field of each name. */
export interface JsonOperation {
  path: string;
  /** The method key as written (unescaped), not yet lower-cased. */
  method: string;
  keyOffset: number;
  read(key: string): string | undefined;
}

export interface JsonSpecScan {
  /** Whether the first `openapi` (else the first `swagger`) value is a string. */
  stringVersion: boolean;
  /** Of the first `paths` and the first `webhooks` (when objects): every operation of every path item, in order. */
  paths: JsonOperation[];
  webhooks: JsonOperation[];
}

/**
 * The scan of a valid JSON text, or undefined when the top level is no object or a top-level value nests deeper
 * than `maxNesting` (the value's own bracket counts one): the tree readers decide those.
 */
export function scanJsonSpec(text: string, maxNesting: number): JsonSpecScan | undefined {
  const top = topLevelValues(text, maxNesting);
  if (!top) return undefined;
  const first = (key: string) => top.find((entry) => entry.key === key);
  const version = first('openapi') ?? first('swagger');
  const operationsOf = (key: string) => {
    const section = first(key);
    return section && text.charCodeAt(section.start) === 123 ? sectionOperations(text, section.start) : [];
  };
  return { stringVersion: version !== undefined && text.charCodeAt(version.start) === 34, paths: operationsOf('paths'), webhooks: operationsOf('webhooks') };
}

/** Every operation (an object under any key) of every path item (an object) of the section at `open`. */
function sectionOperations(text: string, open: number): JsonOperation[] {
  const operations: JsonOperation[] = [];
  eachProperty(text, open, (path, _pathOffset, itemStart) => {
    if (text.charCodeAt(itemStart) !== 123) return skipValue(text, itemStart, Infinity);
    return eachProperty(text, itemStart, (method, keyOffset, start) => {
      if (text.charCodeAt(start) !== 123) return skipValue(text, start, Infinity);
      const fields = new Map<string, string | undefined>();
      const end = eachProperty(text, start, (key, _keyOffset, valueStart) => {
        const isString = text.charCodeAt(valueStart) === 34;
        const valueEnd = isString ? stringEnd(text, valueStart) + 1 : skipValue(text, valueStart, Infinity);
        if (!fields.has(key)) {
          const flag = isFlagKey(key) ? (text.startsWith('true', valueStart) ? 'true' : undefined) : undefined;
          fields.set(key, isString && !isFlagKey(key) ? unescaped(text.slice(valueStart + 1, valueEnd - 1)) : key === 'tags' ? firstTag(text, valueStart) : flag);
        }
        if (key === X_MINT && !fields.has(X_MINT_HREF)) fields.set(X_MINT_HREF, text.charCodeAt(valueStart) === 123 ? stringProperty(text, valueStart, 'href') : undefined);
        return valueEnd;
      });
      operations.push({ path, method, keyOffset, read: (key) => (key === 'tags' && !fields.has(key) ? '' : fields.get(key)) });
      return end;
    });
  });
  return operations;
}

/** The string value of the first `key` of the object at `open`, or undefined. */
function stringProperty(text: string, open: number, key: string): string | undefined {
  let found: string | undefined;
  let seen = false;
  eachProperty(text, open, (name, _keyOffset, valueStart) => {
    const isString = text.charCodeAt(valueStart) === 34;
    const valueEnd = isString ? stringEnd(text, valueStart) + 1 : skipValue(text, valueStart, Infinity);
    if (name === key && !seen) {
      seen = true;
      if (isString) found = unescaped(text.slice(valueStart + 1, valueEnd - 1));
    }
    return valueEnd;
  });
  return found;
}

/** The first string of the array at `open` ('' for an empty one), or undefined. */
function firstTag(text: string, open: number): string | undefined {
  if (text.charCodeAt(open) !== 91 /* [ */) return undefined;
  const item = skipSpaces(text, open + 1);
  if (text.charCodeAt(item) === 93 /* ] */) return '';
  return text.charCodeAt(item) === 34 ? unescaped(text.slice(item + 1, stringEnd(text, item))) : undefined;
}

/** Visits the properties of the object at `open` (`visit` returns where the value ends); returns the offset past it. */
function eachProperty(text: string, open: number, visit: (key: string, keyOffset: number, valueStart: number) => number): number {
  let pos = skipSpaces(text, open + 1);
  if (text.charCodeAt(pos) === 125) return pos + 1;
  for (;;) {
    const keyEnd = stringEnd(text, pos);
    const valueStart = skipSpaces(text, skipSpaces(text, keyEnd + 1) + 1);
    pos = skipSpaces(text, visit(unescaped(text.slice(pos + 1, keyEnd)), pos, valueStart));
    if (text.charCodeAt(pos) !== 44) return pos + 1; // `}`
    pos = skipSpaces(text, pos + 1);
  }
}

function unescaped(written: string): string {
  return written.includes('\\') ? (JSON.parse(`"${written}"`) as string) : written;
}

/**
 * The keys of a top-level object in valid JSON and where each value is written (`end`: past the white space after
 * it); undefined when the top level is no object or a value nests deeper than `maxNesting`.
 */
export function topLevelValues(text: string, maxNesting: number): { key: string; keyOffset: number; keyLength: number; start: number; end: number }[] | undefined {
  let pos = skipSpaces(text, 0);
  if (text.charCodeAt(pos) !== 123 /* { */) return undefined;
  pos = skipSpaces(text, pos + 1);
  const found: { key: string; keyOffset: number; keyLength: number; start: number; end: number }[] = [];
  while (text.charCodeAt(pos) === 34 /* " */) {
    const keyEnd = stringEnd(text, pos);
    const key = unescaped(text.slice(pos + 1, keyEnd));
    const start = skipSpaces(text, skipSpaces(text, keyEnd + 1) + 1);
    const valueEnd = skipValue(text, start, maxNesting);
    if (valueEnd < 0) return undefined;
    const end = skipSpaces(text, valueEnd);
    found.push({ key, keyOffset: pos, keyLength: keyEnd + 1 - pos, start, end });
    pos = text.charCodeAt(end) === 44 /* , */ ? skipSpaces(text, end + 1) : end;
  }
  return found;
}

function skipSpaces(text: string, pos: number): number {
  for (let c = text.charCodeAt(pos); c === 32 || c === 10 || c === 13 || c === 9; c = text.charCodeAt(++pos));
  return pos;
}

/** The offset of the quote closing the string opened at `open`. */
function stringEnd(text: string, open: number): number {
  for (let close = text.indexOf('"', open + 1); ; close = text.indexOf('"', close + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return close;
  }
}

/** The offset past the value written at `pos` in valid JSON, or -1 when it nests deeper than `maxNesting`. */
function skipValue(text: string, pos: number, maxNesting: number): number {
  const c = text.charCodeAt(pos);
  if (c !== 34 && c !== 123 && c !== 91) {
    // A number, `true`, `false` or `null`: it ends at what follows it.
    while (pos < text.length && !/[\s,}\]]/.test(text[pos])) pos++;
    return pos;
  }
  let depth = 0;
  for (;;) {
    const c = text.charCodeAt(pos);
    if (c === 34) pos = stringEnd(text, pos) + 1;
    else if (c === 123 || c === 91) {
      if (++depth > maxNesting) return -1;
      pos++;
    } else if (c === 125 || c === 93) {
      depth--;
      pos++;
    } else {
      PLAIN_RUN.lastIndex = pos;
      if (!PLAIN_RUN.test(text)) return -1; // the end of the text: not valid JSON after all
      pos = PLAIN_RUN.lastIndex;
      continue;
    }
    if (depth === 0) return pos;
  }
}
