import { Diagnostic } from '../../diagnostics';
import { nodeUnder, replaceNode } from '../fix-edits';
import { FixContext, RuleFix } from '../rule-module';

/** The destination rewritten to the end of its chain (the finding's `suggestion`), the hops between dropped. */
export function redirectChainFixes(finding: Diagnostic, { model }: FixContext): RuleFix[] {
  const end = finding.data?.suggestion;
  const node = nodeUnder(model, finding);
  if (end === undefined || node?.type !== 'string') return [];
  return [{ title: `Point it at ${end}`, preferred: true, edits: [replaceNode(node, JSON.stringify(end))] }];
}
