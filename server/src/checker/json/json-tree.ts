import { createScanner, ParseErrorCode, printParseErrorCode, SyntaxKind, visit } from 'jsonc-parser';
import { LineMap } from './line-map';

/** A JSON file read from disk or from an editor buffer. */
export interface SourceFile {
  /** Absolute path, with the platform's separators. */
  path: string;
  /** Never replaced: string nodes read their values from it. */
  readonly text: string;
  lines: LineMap;
}

interface NodeBase {
  file: SourceFile;
  offset: number;
  length: number;
}

/** Containers keep no plain copy of their value (`plainValue` makes one when asked): it doubled their cost. */
export interface JObject extends NodeBase {
  type: 'object';
  props: JProperty[];
}

export interface JArray extends NodeBase {
  type: 'array';
  items: JValue[];
}

export interface JString extends NodeBase {
  type: 'string';
  /** The string's value. */
  plain: string;
}

export interface JScalar extends NodeBase {
  type: 'number' | 'boolean' | 'null';
  plain: number | boolean | null;
}

export type JValue = JObject | JArray | JString | JScalar;

export interface JProperty {
  key: string;
  /** The file the key was written in: after a `$ref` merge it may differ from the object's. */
  file: SourceFile;
  keyOffset: number;
  keyLength: number;
  value: JValue;
}

export interface JsonSyntaxError {
  offset: number;
  length: number;
  message: string;
}

export interface ParsedJson {
  file: SourceFile;
  root: JValue | undefined;
  errors: JsonSyntaxError[];
}

/** Deeper nesting is refused before parsing: the parser recurses once per level. */
export const MAX_NESTING = 256;

const ERROR_TEXT: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: 'Invalid symbol',
  [ParseErrorCode.InvalidNumberFormat]: 'Invalid number',
  [ParseErrorCode.PropertyNameExpected]: 'Property name expected (a trailing comma is not allowed in JSON)',
  [ParseErrorCode.ValueExpected]: 'Value expected (a trailing comma is not allowed in JSON)',
  [ParseErrorCode.ColonExpected]: 'Colon expected',
  [ParseErrorCode.CommaExpected]: 'Comma expected',
  [ParseErrorCode.CloseBraceExpected]: 'Closing brace } expected',
  [ParseErrorCode.CloseBracketExpected]: 'Closing bracket ] expected',
  [ParseErrorCode.EndOfFileExpected]: 'End of file expected: only one value is allowed',
  [ParseErrorCode.InvalidCommentToken]: 'Comments are not allowed in JSON',
  [ParseErrorCode.UnexpectedEndOfComment]: 'Unterminated comment',
  [ParseErrorCode.UnexpectedEndOfString]: 'Unterminated string',
  [ParseErrorCode.UnexpectedEndOfNumber]: 'Unterminated number',
  [ParseErrorCode.InvalidUnicode]: 'Invalid unicode escape',
  [ParseErrorCode.InvalidEscapeCharacter]: 'Invalid escape character',
  [ParseErrorCode.InvalidCharacter]: 'Invalid character in string',
};

/**
 * A string node with no escape in it: its value is the text between its quotes, read when asked. Stored, those
 * values were a fifth of the tree of a large docs.json, which is rebuilt on every keystroke.
 */
class UnescapedString implements JString {
  declare readonly type: 'string';

  constructor(
    readonly file: SourceFile,
    readonly offset: number,
    readonly length: number,
  ) {}

  get plain(): string {
    return this.file.text.slice(this.offset + 1, this.offset + this.length - 1);
  }
}
(UnescapedString.prototype as { type: string }).type = 'string';

/** A string node at `offset` (its opening quote), `length` long with its quotes, whose text has no escape. */
export function unescapedString(file: SourceFile, offset: number, length: number): JString {
  return new UnescapedString(file, offset, length);
}

/** A string node whose value is `value`: read from the text when that is exactly what stands between the quotes. */
export function stringNode(file: SourceFile, offset: number, length: number, value: string): JString {
  return value.length === length - 2 && file.text.startsWith(value, offset + 1)
    ? new UnescapedString(file, offset, length)
    : { type: 'string', file, offset, length, plain: value };
}

export function makeSourceFile(path: string, text: string): SourceFile {
  return { path, text, lines: new LineMap(text) };
}

/**
 * Where nesting first exceeds `limit`, or -1. Counted on the parser's own tokens, so strings (which end at a
 * line break), comments and broken text split exactly as the parser splits them; a closer pops only the opener
 * it matches, because the parser's error recovery skips a mismatched one without leaving its container.
 */
export function findExcessiveNesting(text: string, limit: number): number {
  const scanner = createScanner(text, true);
  const open: SyntaxKind[] = [];
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      if (open.push(token) > limit) return scanner.getTokenOffset();
    } else if (token === SyntaxKind.CloseBraceToken) {
      if (open[open.length - 1] === SyntaxKind.OpenBraceToken) open.pop();
    } else if (token === SyntaxKind.CloseBracketToken) {
      if (open[open.length - 1] === SyntaxKind.OpenBracketToken) open.pop();
    }
  }
  return -1;
}

/** parseJson through jsonc-parser's visitor, which reports every syntax error and recovers after it. */
export function parseJsonTolerantly(file: SourceFile): ParsedJson {
  const errors: JsonSyntaxError[] = [];
  const text = file.text;
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const tooDeep = findExcessiveNesting(text, MAX_NESTING);
  if (tooDeep >= 0) {
    errors.push({ offset: tooDeep, length: 1, message: `Nested deeper than ${MAX_NESTING} levels: the file is not checked further` });
    return { file, root: undefined, errors };
  }
  let root: JValue | undefined;
  const stack: (JObject | JArray)[] = [];
  let pendingKey: { key: string; offset: number; length: number } | undefined;

  const attach = (node: JValue) => {
    const parent = stack[stack.length - 1];
    if (!parent) {
      root ??= node;
    } else if (parent.type === 'array') {
      parent.items.push(node);
    } else if (pendingKey) {
      parent.props.push({ key: pendingKey.key, file, keyOffset: pendingKey.offset, keyLength: pendingKey.length, value: node });
      pendingKey = undefined;
    }
  };
  const close = (offset: number, length: number) => {
    const node = stack.pop();
    if (node) {
      node.length = offset + length - node.offset;
      fitToSize(node);
    }
  };

  visit(
    start ? text.slice(start) : text,
    {
      onObjectBegin: (offset) => {
        const node: JObject = { type: 'object', file, offset: offset + start, length: 0, props: [] };
        attach(node);
        stack.push(node);
      },
      onObjectProperty: (key, offset, length) => {
        pendingKey = { key, offset: offset + start, length };
      },
      onObjectEnd: (offset, length) => close(offset + start, length),
      onArrayBegin: (offset) => {
        const node: JArray = { type: 'array', file, offset: offset + start, length: 0, items: [] };
        attach(node);
        stack.push(node);
      },
      onArrayEnd: (offset, length) => close(offset + start, length),
      onLiteralValue: (value: unknown, offset, length) => {
        if (typeof value === 'string') return attach(stringNode(file, offset + start, length, value));
        const type = value === null ? 'null' : typeof value;
        attach({ type, file, offset: offset + start, length, plain: value } as JValue);
      },
      onSeparator: (character) => {
        if (character === ',') pendingKey = undefined;
      },
      onError: (code, offset, length) => {
        errors.push({ offset: offset + start, length, message: ERROR_TEXT[code] ?? printParseErrorCode(code) });
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  // Unclosed containers at end of file: they reach to the end.
  while (stack.length) close(text.length, 0);
  return { file, root, errors };
}

/**
 * Replaces a closed container's list by an exact copy. Lists grown by `push` keep room for 16 more entries:
 * on a large docs.json (tens of thousands of two-key groups) that room was a tenth of the tree's memory.
 */
export function fitToSize(node: JObject | JArray): void {
  if (node.type === 'object') node.props = node.props.slice();
  else node.items = node.items.slice();
}

export function propertyOf(node: JValue | undefined, key: string): JProperty | undefined {
  if (node?.type !== 'object') return undefined;
  if (node.props.length > INDEXED_PROPS) return propertyIndex(node).get(key);
  for (let i = node.props.length - 1; i >= 0; i--) if (node.props[i].key === key) return node.props[i];
  return undefined;
}

/**
 * Objects with more keys than this are looked up through a map, made once per object: a look-up per key, each
 * reading every key, made 200,000 unknown keys quadratic (69 s a check).
 */
const INDEXED_PROPS = 32;
const propertyIndexes = new WeakMap<JObject, Map<string, JProperty>>();

function propertyIndex(node: JObject): Map<string, JProperty> {
  let index = propertyIndexes.get(node);
  if (!index) {
    index = new Map();
    for (const prop of node.props) index.set(prop.key, prop);
    propertyIndexes.set(node, index);
  }
  return index;
}

export function valueOf(node: JValue | undefined, key: string): JValue | undefined {
  return propertyOf(node, key)?.value;
}

export function stringOf(node: JValue | undefined, key: string): string | undefined {
  const value = valueOf(node, key);
  return value?.type === 'string' ? value.plain : undefined;
}

/** The value of a node as plain JavaScript (for schema validation): a later duplicate key wins, as in JSON.parse. */
export function plainValue(node: JValue): unknown {
  if (node.type === 'array') return node.items.map(plainValue);
  if (node.type !== 'object') return node.plain;
  const plain: Record<string, unknown> = {};
  for (const prop of node.props) plain[prop.key] = plainValue(prop.value);
  return plain;
}
