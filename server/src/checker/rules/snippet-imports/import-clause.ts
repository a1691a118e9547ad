// What an `import ... from '...'` line of a page binds, read back from the source its link scan recorded.

export interface ImportedName {
  /** The name the snippet exports (`default` for a default import). */
  imported: string;
  /** The name the page binds. */
  local: string;
  /** Where `imported` is written in the page. */
  offset: number;
}

export interface PageImport {
  /** Where the statement starts (`import`). */
  start: number;
  names: ImportedName[];
  /** `import * as X` or `import type`: what it binds is not checked. */
  unchecked: boolean;
}

const NAME = /[A-Za-z_$][\w$]*/y;

/**
 * The import whose source string starts at `sourceStart` (just past its quote): the link scan read the clause as a run
 * of `[\w*{}\s,$]` before the quote, so it is read back over that run only (linear in the clause).
 */
export function importAt(text: string, sourceStart: number): PageImport | undefined {
  const quote = sourceStart - 1;
  let at = quote;
  while (at > 0 && isClauseCharacter(text.charCodeAt(at - 1))) at--;
  // The run holds `import` itself, and may start earlier (words of the line before): the last `import` at a line start.
  let start = -1;
  for (let i = text.lastIndexOf('import', quote); i >= at; i = i > 0 ? text.lastIndexOf('import', i - 1) : -1) {
    if ((i === 0 || text[i - 1] === '\n') && /\s/.test(text[i + 6] ?? '')) {
      start = i;
      break;
    }
  }
  if (start < 0) return undefined;
  at = start + 6;
  let clauseEnd = quote;
  while (clauseEnd > at && /\s/.test(text[clauseEnd - 1])) clauseEnd--;
  if (!text.startsWith('from', clauseEnd - 4)) return { start, names: [], unchecked: false };
  return { start, ...readClause(text, at, clauseEnd - 4) };
}

function readClause(text: string, from: number, to: number): { names: ImportedName[]; unchecked: boolean } {
  const names: ImportedName[] = [];
  let i = skipSpaces(text, from, to);
  if (readWord(text, i, to) === 'type') return { names, unchecked: true };
  if (text[i] !== '{' && text[i] !== '*') {
    const local = readWord(text, i, to);
    if (!local) return { names, unchecked: true };
    names.push({ imported: 'default', local, offset: i });
    i = skipSpaces(text, i + local.length, to);
    if (text[i] !== ',') return { names, unchecked: i < to };
    i = skipSpaces(text, i + 1, to);
  }
  if (text[i] === '*') return { names, unchecked: true };
  if (text[i] !== '{') return { names, unchecked: true };
  const close = text.indexOf('}', i);
  if (close < 0 || close > to) return { names, unchecked: true };
  for (const part of text.slice(i + 1, close).split(',')) {
    const offset = i + 1 + text.slice(i + 1, close).indexOf(part);
    const words = part.trim().split(/\s+/).filter(Boolean);
    if (!words.length) continue;
    if (words[0] === 'type') return { names, unchecked: true };
    const lead = part.length - part.trimStart().length;
    if (words.length === 1) names.push({ imported: words[0], local: words[0], offset: offset + lead });
    else if (words.length === 3 && words[1] === 'as') names.push({ imported: words[0], local: words[2], offset: offset + lead });
    else return { names, unchecked: true };
  }
  return { names, unchecked: false };
}

function readWord(text: string, at: number, to: number): string | undefined {
  NAME.lastIndex = at;
  const match = NAME.exec(text);
  return match && at + match[0].length <= to ? match[0] : undefined;
}

function skipSpaces(text: string, at: number, to: number): number {
  while (at < to && /\s/.test(text[at])) at++;
  return at;
}

/** The characters of the link scan's import clause (`[\w*{}\s,$]`). */
function isClauseCharacter(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 42 || c === 123 || c === 125 || c === 44 || c === 36 || c === 32 || (c >= 9 && c <= 13);
}
