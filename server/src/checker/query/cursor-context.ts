import { createScanner, ScanError, SyntaxKind } from 'jsonc-parser';
import { JArray, JObject, JValue } from '../json/json-tree';
import { nodePathAt, PathStep } from './node-path';

/** The string, number or literal token the cursor is in (quotes included for strings). */
export interface CursorToken {
  offset: number;
  length: number;
  /** The token's value (a string's content without quotes). */
  value: string;
  isString: boolean;
  /** False for a string whose closing quote is missing. */
  terminated: boolean;
}

interface Where {
  /** From the root to the container the cursor is directly in. */
  path: PathStep[];
  token?: CursorToken;
  /** A value ends before the cursor with no comma after it: an insertion needs a comma there. */
  commaBefore: boolean;
  /** Where that value ends (the offset a comma would go). */
  valueEnd?: number;
}

/**
 * What the cursor stands on, for completion: a property name of an object, the value of a property, or an
 * entry of an array. `none` inside comments, between a key and its colon, or where the model has no node.
 */
export type CursorContext =
  | (Where & { kind: 'key'; object: JObject })
  | (Where & { kind: 'value'; object: JObject; key: string })
  | (Where & { kind: 'item'; array: JArray })
  | { kind: 'none' };

/**
 * Locates the cursor in the model's tree (written in `filePath`), then reads the few tokens between the
 * innermost container's opening bracket and the cursor: the model holds nodes, not the gaps between them.
 */
export function cursorContext(root: JValue | undefined, filePath: string, offset: number): CursorContext {
  const path = nodePathAt(root, filePath, offset);
  const deepest = path[path.length - 1];
  if (!deepest) return { kind: 'none' };
  if (deepest.node.type !== 'object' && deepest.node.type !== 'array') {
    const parentPath = path.slice(0, -1);
    const parent = parentPath[parentPath.length - 1]?.node;
    const token = tokenOf(deepest.node);
    if (parent?.type === 'object' && typeof deepest.key === 'string') {
      return { kind: 'value', path: parentPath, object: parent, key: deepest.key, token, commaBefore: false };
    }
    if (parent?.type === 'array') return { kind: 'item', path: parentPath, array: parent, token, commaBefore: false };
    return { kind: 'none' };
  }
  return scanContainer(path, deepest.node, offset);
}

function tokenOf(node: JValue): CursorToken {
  const text = node.file.text.slice(node.offset, node.offset + node.length);
  const isString = node.type === 'string';
  const terminated = !isString || (text.length >= 2 && text.endsWith('"'));
  return { offset: node.offset, length: node.length, value: isString ? String(node.plain) : text, isString, terminated };
}

type State = 'key' | 'colon' | 'value' | 'after';

function scanContainer(path: PathStep[], container: JObject | JArray, offset: number): CursorContext {
  const text = container.file.text;
  const scanner = createScanner(text, false);
  scanner.setPosition(container.offset + 1);
  const isObject = container.type === 'object';
  let state: State = isObject ? 'key' : 'value';
  let key: string | undefined;
  let depth = 0;
  let token: CursorToken | undefined;
  let valueEnd: number | undefined;
  for (;;) {
    const kind = scanner.scan();
    const start = scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    if (kind === SyntaxKind.EOF || start >= offset) break;
    if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia) continue;
    if (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) {
      if (offset < end) return { kind: 'none' };
      continue;
    }
    if (depth === 0 && isValueToken(kind) && offset <= end) {
      const unterminated = kind === SyntaxKind.StringLiteral && scanner.getTokenError() === ScanError.UnexpectedEndOfString;
      if (kind !== SyntaxKind.StringLiteral || offset < end || unterminated) {
        token = {
          offset: start,
          length: end - start,
          value: kind === SyntaxKind.StringLiteral ? scanner.getTokenValue() : text.slice(start, end),
          isString: kind === SyntaxKind.StringLiteral,
          terminated: !unterminated,
        };
        break;
      }
    }
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
      depth++;
    } else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) {
      if (depth === 0) return { kind: 'none' };
      if (--depth === 0) {
        state = 'after';
        valueEnd = end;
      }
    } else if (depth === 0) {
      if (kind === SyntaxKind.CommaToken) state = isObject ? 'key' : 'value';
      else if (kind === SyntaxKind.ColonToken) state = state === 'colon' ? 'value' : state;
      else if (isObject && state === 'key' && kind === SyntaxKind.StringLiteral) {
        key = scanner.getTokenValue();
        state = 'colon';
      } else if (isValueToken(kind)) {
        state = 'after';
        valueEnd = end;
      }
    }
  }
  if (depth !== 0 || state === 'colon') return { kind: 'none' };
  const commaBefore = state === 'after';
  const where = { path, token, commaBefore, valueEnd: commaBefore ? valueEnd : undefined };
  if (!isObject) return { kind: 'item', array: container, ...where };
  if (state === 'value') return key === undefined ? { kind: 'none' } : { kind: 'value', object: container, key, ...where };
  return { kind: 'key', object: container, ...where };
}

function isValueToken(kind: SyntaxKind): boolean {
  return (
    kind === SyntaxKind.StringLiteral ||
    kind === SyntaxKind.NumericLiteral ||
    kind === SyntaxKind.TrueKeyword ||
    kind === SyntaxKind.FalseKeyword ||
    kind === SyntaxKind.NullKeyword ||
    kind === SyntaxKind.Unknown
  );
}
