import { Diagnostic } from '../../diagnostics';
import { fixOf, nodeUnder, replaceNode } from '../fix-edits';
import { FixContext, RuleFix } from '../rule-module';

/** The specification's code nearest the one written. */
export function languageCodeFixes(d: Diagnostic, { model }: FixContext): RuleFix[] {
  const suggestion = d.data?.suggestion;
  const node = nodeUnder(model, d);
  return suggestion && node?.type === 'string' ? fixOf(`Replace with '${suggestion}'`, [replaceNode(node, JSON.stringify(suggestion))], true) : [];
}
