import { Diagnostic } from '../../diagnostics';
import { RuleFix } from '../rule-module';

/** An unknown icon in a page (issue 36): the nearest name of the site's icon library. */
export function unknownIconFixes(finding: Diagnostic): RuleFix[] {
  const suggestion = finding.data?.suggestion;
  return suggestion === undefined ? [] : [{ title: `Change to '${suggestion}'`, preferred: true, edits: [{ file: finding.file, offset: finding.offset, length: finding.length, text: suggestion }] }];
}
