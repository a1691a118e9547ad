import { Diagnostic } from '../../diagnostics';
import { RuleFix } from '../rule-module';

/** The destination rewritten to the end of its chain (the finding's `suggestion`), the hops between dropped. */
export function redirectChainFixes(finding: Diagnostic): RuleFix[] {
  const end = finding.data?.suggestion;
  if (end === undefined || finding.file.text[finding.offset] !== '"') return [];
  return [{ title: `Point it at ${end}`, preferred: true, edits: [{ file: finding.file, offset: finding.offset, length: finding.length, text: JSON.stringify(end) }] }];
}
