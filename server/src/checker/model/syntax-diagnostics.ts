import { Diagnostic, diagnostic } from '../diagnostics';
import { ParsedJson } from '../json/json-tree';
import { JSON_SYNTAX_CODE } from '../rules/generated/rule-codes';

/** Past this many, one more diagnostic counts the rest: a binary file or a broken string gives one per character. */
export const MAX_SYNTAX_DIAGNOSTICS = 100;
const NO_JSON = 'No JSON here (the file is empty, or could not be read): a JSON object is expected';

export function syntaxDiagnostics(parsed: ParsedJson): Diagnostic[] {
  // The parser says "Value expected" of an empty file, as of a trailing comma. A file that cannot be read is
  // checked as an empty text: the message says both.
  if (parsed.file.text.trim() === '') return [diagnostic(JSON_SYNTAX_CODE, { file: parsed.file, offset: 0, length: 0 }, NO_JSON)];
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
    return diagnostic(JSON_SYNTAX_CODE, { file: parsed.file, offset, length: Math.min(Math.max(e.length, 1), end - offset) }, message);
  });
  if (!parsed.root && parsed.errors.length === 0) {
    out.push(diagnostic(JSON_SYNTAX_CODE, { file: parsed.file, offset: 0, length: 0 }, NO_JSON));
  }
  return out;
}

/** Whether a finding is a syntax error of the JSON (the parser's tree after it is a guess). */
export function isSyntaxError(d: Diagnostic): boolean {
  return d.code === JSON_SYNTAX_CODE;
}
