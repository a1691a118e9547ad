import { CompletionItemKind, CompletionList, Position, Range } from 'vscode-languageserver-protocol';
import { DocsModel, LineMap } from '../server/src/checker';
import { SeededRandom } from './seeded-random';

/** A page-path string of docs.json that a user may type into. */
export interface PageEntry {
  /** Offset of its opening quote in the text as opened. */
  offset: number;
  /** Its content, written without escapes. */
  value: string;
}

/** One character typed into a page-path string, and what the completion asked just after it must answer. */
export interface Keystroke {
  /** The entry it types into (an index into the entries the plan was made from). */
  entry: number;
  /** 0 for the first keystroke in a string, then 1, 2, … for the ones typed right after it in the same string. */
  inBurst: number;
  /** Where the character goes, in the text as typed so far (LSP line and UTF-16 character). */
  at: Position;
  char: string;
  /** Where completion is asked: just after the character. */
  cursor: Position;
  /** The string's content (between its quotes) once the character is in: what every item must replace. */
  content: Range;
  /** The content up to the cursor once the character is in: what the page items must match. */
  typed: string;
}

/** The page-path strings of the main file written without escapes (their value is their text between quotes). */
export function pageEntriesOf(model: DocsModel): PageEntry[] {
  const text = model.file.text;
  const entries: PageEntry[] = [];
  for (const element of model.elements) {
    const node = element.node;
    if (element.kind !== 'page' || node.type !== 'string' || node.file !== model.file) continue;
    const raw = text.slice(node.offset, node.offset + node.length);
    if (/^"[^"\\\n\r]*"$/.test(raw)) entries.push({ offset: node.offset, value: raw.slice(1, -1) });
  }
  return entries;
}

/**
 * `count` keystrokes as a user types page paths: into different strings (seeded), at a place in each string where
 * the text before the cursor starts some page id, typing the next characters of that page, one to six in a row
 * (a single one in about two strings of five). Every keystroke's positions are in the text as edited by the
 * keystrokes before it. `pageIds` sorted (by code unit, as `Array.prototype.sort`).
 */
export function typingPlan(lines: LineMap, entries: PageEntry[], pageIds: string[], count: number, random: SeededRandom): Keystroke[] {
  const ids = pageIds.filter((id) => id.length > 0);
  if (entries.length === 0 || ids.length === 0) return [];
  const plan: Keystroke[] = [];
  /** Characters typed so far on each line, by the character where their string starts (strings never share one). */
  const typedOnLine = new Map<number, { character: number; added: number }[]>();
  const unused = entries.map((_, i) => i);
  while (plan.length < count && unused.length) {
    const entry = unused.splice(random.int(0, unused.length - 1), 1)[0];
    const { offset, value } = entries[entry];
    const lead = /^\/*/.exec(value)![0].length;
    // Where in the string the user types: the text before it must begin a page id (an empty one begins them all).
    let k = random.int(lead, value.length);
    let candidates = idsStartingWith(ids, value.slice(lead, k));
    while (candidates.length === 0) candidates = idsStartingWith(ids, value.slice(lead, --k));
    const prefix = value.slice(lead, k);
    const target = candidates.at(random.int(0, candidates.length - 1));
    const burst = Math.min(random.chance(0.4) ? 1 : random.int(2, 6), target.length - prefix.length, count - plan.length);
    const chars = target.slice(prefix.length, prefix.length + burst);

    const quote = lines.positionAt(offset);
    const earlier = typedOnLine.get(quote.line) ?? [];
    const shift = earlier.reduce((sum, e) => (e.character < quote.character ? sum + e.added : sum), 0);
    const start = quote.character + 1 + shift;
    for (let i = 0; i < chars.length; i++) {
      const at = { line: quote.line, character: start + k + i };
      plan.push({
        entry,
        inBurst: i,
        at,
        char: chars[i],
        cursor: { line: quote.line, character: at.character + 1 },
        content: { start: { line: quote.line, character: start }, end: { line: quote.line, character: start + value.length + i + 1 } },
        typed: value.slice(0, k) + chars.slice(0, i + 1),
      });
    }
    earlier.push({ character: quote.character, added: chars.length });
    typedOnLine.set(quote.line, earlier);
  }
  return plan;
}

/** The ids (sorted) that start with `prefix` and go on beyond it, as a view of the sorted list. */
function idsStartingWith(ids: string[], prefix: string): { length: number; at(i: number): string } {
  const lowerBound = (probe: string) => {
    let low = 0;
    let high = ids.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (ids[mid] < probe) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  let first = lowerBound(prefix);
  if (ids[first] === prefix) first++;
  // The prefix followed by the highest code unit sorts after every id that has it, but for one that goes on with it.
  let end = prefix === '' ? ids.length : lowerBound(prefix + '\uffff');
  while (end < ids.length && ids[end].startsWith(prefix)) end++;
  return { length: end - first, at: (i) => ids[first + i] };
}

/**
 * Why `answer` is not the completion of the text as edited by `keystroke`, or undefined when it is: every item must
 * replace the string's whole content, the inserted character included; the page items must match what is typed
 * before the cursor (its characters in order, ignoring case and leading slashes); and since the characters typed
 * continue a page id, at least one page must be offered.
 */
export function answerProblem(answer: CompletionList | null, keystroke: Keystroke): string | undefined {
  const where = `after typing "${keystroke.char}" at ${keystroke.at.line + 1}:${keystroke.at.character + 1} ("${keystroke.typed}|")`;
  if (!answer) return `no answer ${where}`;
  const needle = keystroke.typed.replace(/^\/+/, '').toLowerCase();
  let pages = 0;
  for (const item of answer.items) {
    const edit = item.textEdit;
    const range = edit ? ('range' in edit ? edit.range : edit.replace) : undefined;
    if (!range) return `item "${item.label}" has no text edit ${where}`;
    if (!sameRange(range, keystroke.content)) {
      return `item "${item.label}" replaces ${showRange(range)}, not the string's content ${showRange(keystroke.content)}, ${where}`;
    }
    if (item.kind === CompletionItemKind.File) {
      pages++;
      if (!isSubsequence(needle, item.label.toLowerCase())) return `page "${item.label}" does not match "${needle}" ${where}`;
    }
  }
  return pages === 0 ? `no page offered ${where}, though the typed text begins a page id` : undefined;
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

function showRange(r: Range): string {
  return `${r.start.line + 1}:${r.start.character + 1}-${r.end.line + 1}:${r.end.character + 1}`;
}

function isSubsequence(needle: string, text: string): boolean {
  let i = 0;
  for (let j = 0; i < needle.length && j < text.length; j++) if (text[j] === needle[i]) i++;
  return i === needle.length;
}
