// The outline of a page (.mdx/.md): its Markdown headings, nested by level, as VS Code's own Markdown outline shows
// them. `.mdx` files have no outline in VS Code without the MDX extension: this is the one the Docs extension gives.
import { DocumentSymbol, SymbolKind } from 'vscode-languageserver-types';
import { LineMap } from '../../checker';

const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;

interface Heading {
  level: number;
  name: string;
  line: number;
  /** Where its section ends: the line of the next heading of its level or above, else the end of the page. */
  endLine: number;
}

/** The headings of a page, outside its front matter and code fences: ATX (`## Title`) and setext (`Title` over `===`). */
export function pageHeadings(text: string): Heading[] {
  const lines = text.split(/\r?\n/);
  const frontMatter = FRONT_MATTER.exec(text);
  let line = frontMatter ? frontMatter[0].split(/\r?\n/).length - 1 : 0;
  const headings: Heading[] = [];
  let fence: string | undefined;
  for (; line < lines.length; line++) {
    const current = lines[line];
    const opening = FENCE.exec(current);
    if (fence !== undefined) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length && current.trim() === opening[1]) fence = undefined;
      continue;
    }
    if (opening) {
      fence = opening[1];
      continue;
    }
    const atx = atxHeading(current);
    if (atx) {
      const name = atx.text.trim();
      if (name) headings.push({ level: atx.level, name, line, endLine: lines.length - 1 });
      continue;
    }
    const underline = SETEXT.exec(current);
    const above = line > 0 ? lines[line - 1].trim() : '';
    if (underline && above && !atxHeading(lines[line - 1]) && !headings.some((h) => h.line === line - 1)) {
      headings.push({ level: underline[1][0] === '=' ? 1 : 2, name: above, line: line - 1, endLine: lines.length - 1 });
    }
  }
  for (let i = 0; i < headings.length; i++) {
    const next = headings.slice(i + 1).find((h) => h.level <= headings[i].level);
    if (next) headings[i].endLine = Math.max(headings[i].line, next.line - 1);
  }
  return headings;
}

function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t';
}

/** What `/^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/` matched, by hand to stay linear (text `''` for none). */
function atxHeading(line: string): { level: number; text: string } | undefined {
  // No part of the expression matched a line break (a lone `\r` included).
  if (/[\n\r\u2028\u2029]/.test(line)) return undefined;
  let at = 0;
  while (line[at] === ' ') at++;
  if (at > 3) return undefined;
  const hashes = at;
  while (line[at] === '#') at++;
  const level = at - hashes;
  if (level < 1 || level > 6) return undefined;
  if (at === line.length) return { level, text: '' };
  if (!isBlank(line[at])) return undefined;
  let start = at;
  while (isBlank(line[start])) start++;
  let end = line.length;
  while (end > start && isBlank(line[end - 1])) end--;
  let closing = end;
  while (closing > start && line[closing - 1] === '#') closing--;
  // A closing run of `#`s counts after blanks only, and not as the whole text.
  if (closing < end && closing > start && isBlank(line[closing - 1])) {
    end = closing - 1;
    while (isBlank(line[end - 1])) end--;
  }
  return { level, text: line.slice(start, end) };
}

/** The outline of a page: each heading holds the headings of lower levels under it. */
export function pageOutline(text: string): DocumentSymbol[] {
  const lineMap = new LineMap(text);
  const lineEnd = (line: number) => {
    const start = lineMap.offsetAt({ line, character: 0 });
    const next = text.indexOf('\n', start);
    return lineMap.positionAt(next < 0 ? text.length : next > start && text[next - 1] === '\r' ? next - 1 : next);
  };
  const roots: DocumentSymbol[] = [];
  const open: { level: number; symbol: DocumentSymbol }[] = [];
  for (const heading of pageHeadings(text)) {
    const symbol: DocumentSymbol = {
      name: heading.name,
      kind: SymbolKind.String,
      range: { start: { line: heading.line, character: 0 }, end: lineEnd(heading.endLine) },
      selectionRange: { start: { line: heading.line, character: 0 }, end: lineEnd(heading.line) },
      children: [],
    };
    while (open.length && open[open.length - 1].level >= heading.level) open.pop();
    (open.length ? open[open.length - 1].symbol.children! : roots).push(symbol);
    open.push({ level: heading.level, symbol });
  }
  return roots;
}
