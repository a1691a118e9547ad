import { Diagnostic } from '../../diagnostics';
import { fixOf } from '../fix-edits';
import { RuleFix } from '../rule-module';

/** The missing endpoints, each into the group that keeps its tag (or a new group for the tag): worked out by the check. */
export function unlistedEndpointsFixes(d: Diagnostic): RuleFix[] {
  const insertions = d.data?.insertions ?? [];
  return fixOf('List the missing endpoints, grouped by tag', insertions.map((i) => ({ file: i.file, offset: i.offset, length: 0, text: i.text })), true);
}
