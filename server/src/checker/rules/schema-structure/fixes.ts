import { Diagnostic } from '../../diagnostics';
import { appendProperty } from '../../json/json-edits';
import { propertySchema, schemaAtPath, validValueOf } from '../../json/schema-lookup';
import { KIND_TITLE } from '../../model/element-kinds';
import { nodePathAt } from '../../query/node-path';
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

/** The missing key added to its object, with a value that is no finding itself (none when there is no such value, as `colors.primary`). */
export function missingKeyFixes(d: Diagnostic, { model }: FixContext): RuleFix[] {
  const key = d.data?.key;
  const path = nodePathAt(model.root, d.file.path, d.offset + 1);
  const object = path[path.length - 1]?.node;
  if (!key || object?.type !== 'object') return [];
  const element = model.byNode.get(object);
  const what = element ? `the ${KIND_TITLE[element.kind]}` : 'the object';
  const value = defaultValue(key, propertySchema(schemaAtPath(path), key));
  return value === undefined ? [] : fixOf(`Add \`${key}\` to ${what}`, appendProperty(model.root, object, key, value));
}

/** The value a missing key is added with (undefined: none that would not be a finding itself, as `colors.primary`). */
function defaultValue(key: string, schema: ReturnType<typeof propertySchema>): unknown {
  if (key === 'href') return 'https://';
  // The navigation needs a primary pattern (root-pattern), which the schema does not say.
  return key === 'navigation' ? { pages: [] } : validValueOf(schema);
}
