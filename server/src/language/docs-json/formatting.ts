import { format, FormattingOptions as JsonFormatting } from 'jsonc-parser';
import { FormattingOptions, Range, TextEdit } from 'vscode-languageserver-types';
import { SourceFile } from '../../checker';
import { findExcessiveNesting, MAX_NESTING } from '../../checker/json/json-tree';

/**
 * Formats docs.json (or a `$ref` part) with jsonc-parser's formatter: files named docs.json have their own
 * language in VS Code, so its JSON formatter no longer does this. `range` limits the edits to a selection.
 */
export function formatJson(file: SourceFile, options: FormattingOptions, range?: Range): TextEdit[] {
  // Each level indents once more: 100,000 levels would need gigabytes of edits (the server ran out of memory).
  if (findExcessiveNesting(file.text, MAX_NESTING) >= 0) return [];
  const settings: JsonFormatting = {
    // A client may send any number; a huge one would make every line megabytes long.
    tabSize: Math.max(1, Math.min(16, Math.floor(options.tabSize) || 2)),
    insertSpaces: options.insertSpaces,
    insertFinalNewline: options.insertFinalNewline ?? false,
    eol: file.text.includes('\r\n') ? '\r\n' : '\n',
  };
  const span = range ? { offset: file.lines.offsetAt(range.start), length: 0 } : undefined;
  if (span && range) span.length = file.lines.offsetAt(range.end) - span.offset;
  return format(file.text, span, settings).map((edit) => ({
    range: { start: file.lines.positionAt(edit.offset), end: file.lines.positionAt(edit.offset + edit.length) },
    newText: edit.content,
  }));
}
