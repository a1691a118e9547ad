// What the rules' quick fixes share: the node a finding marks, and edits as plain offsets.
import { Diagnostic } from '../diagnostics';
import { JValue } from '../json/json-tree';
import { DocsModel } from '../model/docs-model';
import { nodePathAt } from '../query/node-path';
import { FixEdit, RuleFix } from './rule-module';

/** The node a finding covers exactly (a string, a value), found through its middle. */
export function nodeUnder(model: DocsModel, d: Diagnostic): JValue | undefined {
  const path = nodePathAt(model.root, d.file.path, d.offset + Math.floor(d.length / 2));
  const node = path[path.length - 1]?.node;
  return node && node.offset === d.offset && node.length === d.length ? node : undefined;
}

/** The node's text replaced by `json`. */
export function replaceNode(node: JValue, json: string): FixEdit {
  return { file: node.file, offset: node.offset, length: node.length, text: json };
}

/** One fix, or none when it has no edit. */
export function fixOf(title: string, edits: FixEdit[], preferred = false): RuleFix[] {
  return edits.length ? [{ title, edits, preferred }] : [];
}

/** "Replace with '…'": the finding's suggestion written over the string it marks. */
export function replaceWithSuggestion(d: Diagnostic, node: JValue | undefined, after = ''): RuleFix[] {
  const suggestion = d.data?.suggestion;
  return suggestion !== undefined && node?.type === 'string' ? fixOf(`Replace with '${suggestion}'${after}`, [replaceNode(node, JSON.stringify(suggestion))], true) : [];
}
