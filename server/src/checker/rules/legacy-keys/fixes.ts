// Quick fixes of a key that should not stand where it is written (unknown, legacy or ignored): renamed when misspelt,
// a mint.json key rewritten in its docs.json form or merged into the object already written, else removed.
import { Diagnostic } from '../../diagnostics';
import { appendProperty, isMultiline, layoutJson, lineIndent, removeProperty } from '../../json/json-edits';
import { JObject, JValue, plainValue, propertyOf } from '../../json/json-tree';
import { nodePathAt } from '../../query/node-path';
import { fixOf } from '../fix-edits';
import { FixContext, RuleFix } from '../rule-module';

/** Renamed (a misspelt key), rewritten or merged (a mint.json key), or removed. */
export function keyFixes(d: Diagnostic, { model }: FixContext): RuleFix[] {
  const key = d.data?.key;
  const path = nodePathAt(model.root, d.file.path, d.offset + 1);
  const object = path[path.length - 1]?.node;
  const property = object?.type === 'object' ? object.props.find((p) => p.key === key && p.keyOffset === d.offset) : undefined;
  if (object?.type !== 'object' || !property) return [];
  const remove = fixOf(`Remove \`${key}\``, property.file === object.file ? removeProperty(model.root, object, property.key) : []);
  // A misspelt key (`expand` for `expanded`): renamed, its value kept.
  const suggestion = d.data?.suggestion;
  const rename = suggestion && !object.props.some((p) => p.key === suggestion) ? fixOf(`Rename to \`${suggestion}\``, [{ file: property.file, offset: property.keyOffset, length: property.keyLength, text: JSON.stringify(suggestion) }], true) : [];
  return [...rename, ...rewriteLegacyKey(model.root, d), ...mergeLegacyKey(model.root, d), ...remove];
}

/**
 * The mint.json key under the diagnostic written in its docs.json form: the key and its value replaced in place when
 * the new form belongs in the same object, else removed and added to the deepest existing object of the new path.
 * No fix when the new path is already set (the user's docs.json value wins).
 */
function rewriteLegacyKey(root: JValue | undefined, d: Diagnostic): RuleFix[] {
  const rewrite = d.data?.rewrite;
  const steps = nodePathAt(root, d.file.path, d.offset + 1);
  const holder = steps[steps.length - 1]?.node;
  const prop = holder?.type === 'object' ? holder.props.find((p) => p.keyOffset === d.offset) : undefined;
  if (!rewrite || !root || holder?.type !== 'object' || !prop || prop.file !== holder.file) return [];
  let deepest: JObject | undefined = root.type === 'object' ? root : undefined;
  let depth = 0;
  for (const key of rewrite.path) {
    const next: JValue | undefined = propertyOf(deepest, key)?.value;
    if (next?.type !== 'object') break;
    deepest = next;
    depth++;
  }
  if (!deepest || depth === rewrite.path.length || propertyOf(deepest, rewrite.path[depth])) return [];
  const rest = rewrite.path.slice(depth + 1).reduceRight<unknown>((value, key) => ({ [key]: value }), rewrite.value);
  const title = `Write it as \`${rewrite.path.join('.')}\``;
  if (deepest === holder) {
    const start = prop.keyOffset;
    const end = prop.value.offset + prop.value.length;
    const text = `${JSON.stringify(rewrite.path[depth])}: ${layoutJson(rest, prop.file, lineIndent(prop.file.text, start), isMultiline(holder))}`;
    return fixOf(title, [{ file: prop.file, offset: start, length: end - start, text }], true);
  }
  if (deepest.file !== holder.file) return [];
  return fixOf(title, [...removeProperty(root, holder, prop.key), ...appendProperty(root, deepest, rewrite.path[depth], rest)], true);
}

/**
 * A mint.json block whose docs.json form is an object that is already written (`analytics` beside `integrations`):
 * its entries the object lacks are added to it and the block removed. Never a silent drop: an entry both name with
 * different values leaves the choice to the writer (no fix).
 */
function mergeLegacyKey(root: JValue | undefined, d: Diagnostic): RuleFix[] {
  const rewrite = d.data?.rewrite;
  const steps = nodePathAt(root, d.file.path, d.offset + 1);
  const holder = steps[steps.length - 1]?.node;
  const target = rewrite?.path.length === 1 ? propertyOf(holder?.type === 'object' ? holder : undefined, rewrite.path[0])?.value : undefined;
  const value = rewrite?.value;
  if (!rewrite || holder !== root || holder?.type !== 'object' || target?.type !== 'object' || target.file !== holder.file || !target.props.length) return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const written = plainValue(target) as Record<string, unknown>;
  const added = Object.entries(value).filter(([name]) => !Object.hasOwn(written, name));
  if (Object.entries(value).some(([name, v]) => Object.hasOwn(written, name) && JSON.stringify(written[name]) !== JSON.stringify(v))) return [];
  // Each addition is an insertion after the object's last entry: one insertion of all of them in order.
  const insertions = added.map(([name, v]) => appendProperty(root, target, name, v));
  if (insertions.some((e) => e.length !== 1 || !e[0].text.startsWith(','))) return [];
  const insert = insertions.length ? [{ ...insertions[0][0], text: insertions.map((e) => e[0].text).join('') }] : [];
  const names = added.map(([name]) => `\`${name}\``).join(', ');
  const title = `Merge \`${d.data?.key}\` into \`${rewrite.path[0]}\`${names ? ` (adds ${names})` : ' (it names nothing new)'}`;
  return fixOf(title, [...removeProperty(root, holder, d.data?.key ?? ''), ...insert], true);
}
