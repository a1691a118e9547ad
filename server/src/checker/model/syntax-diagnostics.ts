import { Diagnostic, diagnostic } from '../diagnostics';
import { ParsedJson } from '../json/json-tree';

export function syntaxDiagnostics(parsed: ParsedJson): Diagnostic[] {
  // The parser often reports two errors at one place (a trailing comma: name expected, value expected).
  const errors = parsed.errors.filter((e, i) => i === 0 || e.offset !== parsed.errors[i - 1].offset);
  const out = errors.map((e) =>
    diagnostic('json-syntax', { file: parsed.file, offset: e.offset, length: Math.max(e.length, 1) }, e.message),
  );
  if (!parsed.root && parsed.errors.length === 0) {
    out.push(diagnostic('json-syntax', { file: parsed.file, offset: 0, length: 0 }, 'The file is empty: a JSON object is expected'));
  }
  return out;
}
