import { Diagnostic } from '../../diagnostics';
import { RuleFix } from '../rule-module';

/** A broken `#anchor` changed to the nearest id of its page (issue 38). */
export function brokenAnchorFixes(finding: Diagnostic): RuleFix[] {
  const near = finding.data?.suggestion;
  return near === undefined ? [] : [{ title: `Change to '#${near}'`, preferred: true, edits: [{ file: finding.file, offset: finding.offset, length: finding.length, text: `#${near}` }] }];
}
