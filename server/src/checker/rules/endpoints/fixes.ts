import { Diagnostic } from '../../diagnostics';
import { fixOf, nodeUnder, replaceNode } from '../fix-edits';
import { FixContext, RuleFix } from '../rule-module';

/** The nearest operation, the spec written before it kept. */
export function unknownEndpointFixes(d: Diagnostic, { model }: FixContext): RuleFix[] {
  const suggestion = d.data?.suggestion;
  const node = nodeUnder(model, d);
  if (!suggestion || node?.type !== 'string') return [];
  const spec = model.byNode.get(node)?.endpoint?.spec;
  const replacement = spec ? `${spec} ${suggestion}` : suggestion;
  return fixOf(`Replace with '${replacement}'`, [replaceNode(node, JSON.stringify(replacement))], true);
}
