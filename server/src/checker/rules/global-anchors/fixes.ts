import { Diagnostic } from '../../diagnostics';
import { fixOf, nodeUnder, replaceNode } from '../fix-edits';
import { FixContext, RuleFix } from '../rule-module';

/** The link made external: the finding's suggestion, else `https://` before it (not preferred: a guess). */
export function globalHrefFixes(d: Diagnostic, { model }: FixContext): RuleFix[] {
  const node = nodeUnder(model, d);
  if (node?.type !== 'string') return [];
  const url = d.data?.suggestion ?? `https://${node.plain.replace(/^\/+/, '')}`;
  return fixOf(`Make the link external: '${url}'`, [replaceNode(node, JSON.stringify(url))], d.data?.suggestion !== undefined);
}
