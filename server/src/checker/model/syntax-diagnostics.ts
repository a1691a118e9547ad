import { Diagnostic, diagnostic } from '../diagnostics';
import { ParsedJson } from '../json/json-tree';

/** Past this many, one more diagnostic counts the rest: a binary file or a broken string gives one per character. */
export const MAX_SYNTAX_DIAGNOSTICS = 100;

export function syntaxDiagnostics(parsed: ParsedJson): Diagnostic[] {
  // The parser often reports two errors at one place (a trailing comma: name expected, value expected).
  const errors = parsed.errors.filter((e, i) => i === 0 || e.offset !== parsed.errors[i - 1].offset);
  const text = parsed.file.text;
  let end = text.length;
  // An error at the end of the file has no character of its own: underline the last one that is not a line
  // break, so the range stays inside the document and never splits a \r\n.
  while (end > 0 && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
  const out = errors.slice(0, MAX_SYNTAX_DIAGNOSTICS + 1).map((e, i) => {
    const offset = Math.min(e.offset, Math.max(0, end - 1));
    const message = i < MAX_SYNTAX_DIAGNOSTICS ? e.message : `${errors.length - MAX_SYNTAX_DIAGNOSTICS} more syntax errors from here on (only the first ${MAX_SYNTAX_DIAGNOSTICS} are shown)`;
    return diagnostic('json-syntax', { file: parsed.file, offset, length: Math.min(Math.max(e.length, 1), end - offset) }, message);
  });
  if (!parsed.root && parsed.errors.length === 0) {
    out.push(diagnostic('json-syntax', { file: parsed.file, offset: 0, length: 0 }, 'The file is empty: a JSON object is expected'));
  }
  return out;
}
