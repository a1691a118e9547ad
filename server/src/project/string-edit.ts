import { DocsModel, JString, nodePathAt, SourceFile } from '../checker';

/**
 * The current docs.json text where it differs from a model's text only inside one string value of that model:
 * the model's structure still holds, only that string's content changed. A keystroke in a page path is this.
 */
export interface StringEdit {
  /** The model the edit is measured against, and its string that holds the edit. */
  model: DocsModel;
  node: JString;
  /** The current text. */
  file: SourceFile;
  /** Characters the string grew by (negative: it shrank). */
  delta: number;
}

/**
 * The string edit that turns `model`'s text into `text`, or undefined when the texts differ otherwise: across a
 * quote, an escape or a line break, outside strings, in a `$ref`, or in a string written with escapes.
 */
export function findStringEdit(model: DocsModel, text: string): StringEdit | undefined {
  const before = model.file.text;
  const span = differingSpan(before, text);
  if (!span) return undefined;
  const { start, oldEnd, newEnd } = span;
  if (!isPlainRun(before, start, oldEnd) || !isPlainRun(text, start, newEnd)) return undefined;
  const path = nodePathAt(model.root, model.file.path, start);
  const deepest = path[path.length - 1];
  const node = deepest?.node;
  if (node?.type !== 'string' || node.file !== model.file || deepest.key === '$ref') return undefined;
  const close = node.offset + node.length - 1;
  const whole = node.length >= 2 && before.charCodeAt(close) === QUOTE;
  if (!whole || start <= node.offset || oldEnd > close || !isPlainRun(before, node.offset + 1, close)) return undefined;
  const delta = newEnd - oldEnd;
  return { model, node, file: { path: model.file.path, text, lines: model.file.lines.shifted(text, start, delta) }, delta };
}

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * The one span where two texts differ (from the common prefix to the common suffix), or undefined when equal.
 * Both ends are found by halving, each step one comparison of two slices: the engine compares them natively,
 * some ten times faster than a loop over the characters of a 9 MB text.
 */
function differingSpan(a: string, b: string): { start: number; oldEnd: number; newEnd: number } | undefined {
  if (a === b) return undefined;
  const shorter = Math.min(a.length, b.length);
  const start = longestCommon(shorter, (n) => a.slice(0, n) === b.slice(0, n));
  const suffix = longestCommon(shorter - start, (n) => a.slice(a.length - n) === b.slice(b.length - n));
  return { start, oldEnd: a.length - suffix, newEnd: b.length - suffix };
}

/** The largest n in [0, max] with `same(n)`, for a `same` that holds up to some n and not beyond. */
function longestCommon(max: number, same: (n: number) => boolean): number {
  let low = 0;
  let high = max;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (same(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Whether text[from, to) holds no quote, backslash or control character: it stays inside one plain string. */
function isPlainRun(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE || c === BACKSLASH || c < 0x20) return false;
  }
  return true;
}
