// Code fences line by line, as CommonMark (micromark, with MDX's extensions) reads them: what opens one, what closes
// it, and the containers (block quotes, list items) a fence opened inside of ends with. The anchor scan and the
// heading-id blanking read pages a line at a time with these.

/** The container markers a line starts with: its `>`s, whether a list item starts on it, where its content is. */
export interface LinePrefix {
  quotes: number;
  listed: boolean;
  /** The index of the first character past the markers and the blanks after them. */
  content: number;
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

/** A line's block-quote and list-item markers (`> - 1. `), read past; none for a line that starts with neither. */
export function linePrefix(line: string): LinePrefix {
  let i = 0;
  let quotes = 0;
  let listed = false;
  for (;;) {
    let j = i;
    while (isBlank(line[j])) j++;
    const c = line[j];
    if (c === '>') {
      quotes++;
      i = j + 1;
      continue;
    }
    if ((c === '-' || c === '*' || c === '+') && isBlank(line[j + 1])) {
      listed = true;
      i = j + 2;
      continue;
    }
    let digits = j;
    while (digits - j < 9 && line[digits] >= '0' && line[digits] <= '9') digits++;
    if (digits > j && (line[digits] === '.' || line[digits] === ')') && isBlank(line[digits + 1])) {
      listed = true;
      i = digits + 2;
      continue;
    }
    return { quotes, listed, content: j };
  }
}

/** An open fence: its mark and run, and the containers it was opened in. */
export interface OpenFence {
  mark: string;
  run: number;
  /** The block quotes it stands in: a line with fewer ends it. */
  quotes: number;
  /** Opened on a list item's line: a non-blank line indented less than this ends it (with the item). */
  indent: number;
}

/**
 * The fence a line opens, if it does: three or more backticks or tildes after any indentation (MDX has no indented
 * code) and after container markers; a backtick fence's info string holds no backtick (`` ```Schema``` text `` is a
 * paragraph that starts with code).
 */
export function opensFence(line: string, prefix = linePrefix(line)): OpenFence | undefined {
  const at = prefix.content;
  const mark = line[at];
  if (mark !== '`' && mark !== '~') return undefined;
  let run = 1;
  while (line[at + run] === mark) run++;
  if (run < 3 || (mark === '`' && line.includes('`', at + run))) return undefined;
  return { mark, run, quotes: prefix.quotes, indent: prefix.listed ? at : 0 };
}

/** What a line inside an open fence does to it: closes it (the line is the fence's), ends it (the line is not), or neither. */
export function fenceLine(line: string, fence: OpenFence): 'closes' | 'ends' | 'inside' {
  let i = 0;
  for (let quotes = 0; quotes < fence.quotes; quotes++) {
    while (isBlank(line[i])) i++;
    if (line[i] !== '>') return 'ends';
    i++;
  }
  let j = i;
  while (isBlank(line[j])) j++;
  if (fence.indent && j < line.length && line[j] !== '\r' && j < fence.indent) return 'ends';
  let run = 0;
  while (line[j + run] === fence.mark) run++;
  if (run < fence.run) return 'inside';
  for (let k = j + run; k < line.length; k++) if (!isBlank(line[k]) && line[k] !== '\r') return 'inside';
  return 'closes';
}
