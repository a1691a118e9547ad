import { Diagnostic } from '../../diagnostics';
import { PageFixContext, RuleFix } from '../rule-module';

/** A link's name, after `<a`, with the cursor left inside for the writer (only for a client with snippet edits). */
export function linkNameFixes(finding: Diagnostic, { text, snippetEdits }: PageFixContext): RuleFix[] {
  if (!snippetEdits || !/^<a$/i.test(text.slice(finding.offset, finding.offset + finding.length))) return [];
  return [{ title: 'Add aria-label=""', preferred: true, snippet: true, edits: [{ file: finding.file, offset: finding.offset + 2, length: 0, text: ' aria-label="$0"' }] }];
}
