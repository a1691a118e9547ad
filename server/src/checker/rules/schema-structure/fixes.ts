import { Diagnostic } from '../../diagnostics';
import { fixOf, nodeUnder, replaceNode, replaceWithSuggestion } from '../fix-edits';
import { FixContext, RuleFix } from '../rule-module';

/** A key under another name (`groups` written for `pages`): the finding names the key it should be. */
export function invalidTypeFixes(d: Diagnostic): RuleFix[] {
  const key = d.data?.key;
  const rename = d.data?.suggestion;
  if (!key || !rename || d.file.text.slice(d.offset, d.offset + d.length) !== JSON.stringify(key)) return [];
  return fixOf(`Rename to "${rename}"`, [{ file: d.file, offset: d.offset, length: d.length, text: JSON.stringify(rename) }], true);
}

/** A hex colour written without its `#` (the message asks for "a hex color with a leading #"), else the nearest valid value. */
export function invalidValueFixes(d: Diagnostic, { model }: FixContext): RuleFix[] {
  const node = nodeUnder(model, d);
  if (node?.type === 'string' && d.message.includes('leading #') && /^([0-9a-f]{6}|[0-9a-f]{3})$/i.test(node.plain)) {
    return fixOf("Add '#'", [replaceNode(node, JSON.stringify(`#${node.plain}`))], true);
  }
  return replaceWithSuggestion(d, node);
}
