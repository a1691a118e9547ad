import { Diagnostic } from '../../diagnostics';
import { RuleFix } from '../rule-module';

/** An unknown operation replaced by the nearest one (the spec name written before it kept: the finding's suggestion). */
export function frontMatterOpenApiFixes(finding: Diagnostic): RuleFix[] {
  const suggestion = finding.data?.suggestion;
  return suggestion === undefined ? [] : [{ title: `Replace by \`${suggestion}\``, preferred: true, edits: [{ file: finding.file, offset: finding.offset, length: finding.length, text: suggestion }] }];
}
