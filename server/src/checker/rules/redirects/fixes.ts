import { Diagnostic, shown } from '../../diagnostics';
import { removeArrayItem } from '../../json/json-edits';
import { valueOf } from '../../json/json-tree';
import { nodePathAt } from '../../query/node-path';
import { fixOf } from '../fix-edits';
import { FixContext, RuleFix } from '../rule-module';

/**
 * The later of two redirects with one source removed (the diagnostic is on its source). When their destinations
 * differ, the title names the entry that stays.
 */
export function duplicateRedirectFixes(d: Diagnostic, { model: { root } }: FixContext): RuleFix[] {
  const kept = d.data?.keptDestination;
  const steps = nodePathAt(root, d.file.path, d.offset + 1);
  const [list, item, source] = steps.slice(1, 4);
  if (kept === undefined || steps.length !== 4 || list.node !== valueOf(root, 'redirects') || list.node.type !== 'array') return [];
  if (source.key !== 'source' || source.node.type !== 'string' || source.node.offset !== d.offset) return [];
  const removal = removeArrayItem(root, list.node, item.key as number);
  const destination = valueOf(item.node, 'destination');
  if (destination?.type === 'string' && destination.plain === kept) return fixOf('Remove the duplicate redirect', removal, true);
  const from = shown(source.node.plain);
  return fixOf(`Remove this redirect, keep the earlier '${from}' → '${shown(kept)}'`, removal);
}
