// Quick fixes for the settings rules: a mint.json key rewritten in its docs.json form, a value replaced by the
// nearest valid one (enum value, existing file, SPEC language code), a duplicate redirect removed, a language code
// the platform accepts added to the editor's setting.
import { Command, TextEdit } from 'vscode-languageserver-types';
import { Diagnostic, JObject, JValue, nodePathAt, plainValue, propertyOf, shown, valueOf } from '../../checker';
import { ACCEPT_LANGUAGE_CODE_COMMAND } from '../../protocol/client-commands';
import { appendProperty, FileEdit, isMultiline, layoutJson, lineIndent, removeArrayItem, removeProperty, replaceNode } from '../base/json-edits';
import { rangeIn } from '../base/ranges';

type MakeFix = (title: string, edits: FileEdit[], isPreferred?: boolean) => { title: string }[];

/** "Replace with '…'" for a diagnostic whose data names the nearest valid value of the string it covers. */
export function replaceWithSuggestion(d: Diagnostic, node: JValue | undefined, edit: MakeFix, after = ''): { title: string }[] {
  const suggestion = d.data?.suggestion;
  return suggestion !== undefined && node?.type === 'string' ? edit(`Replace with '${suggestion}'${after}`, [replaceNode(node, JSON.stringify(suggestion))], true) : [];
}

/**
 * The mint.json key under the diagnostic written in its docs.json form: the key and its value replaced in place when
 * the new form belongs in the same object, else removed and added to the deepest existing object of the new path.
 * No fix when the new path is already set (the user's docs.json value wins).
 */
export function rewriteLegacyKey(root: JValue | undefined, d: Diagnostic, edit: MakeFix): { title: string }[] {
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
    return edit(title, [{ file: prop.file, edit: TextEdit.replace(rangeIn(prop.file, start, end - start), text) }], true);
  }
  if (deepest.file !== holder.file) return [];
  return edit(title, [...removeProperty(root, holder, prop.key), ...appendProperty(root, deepest, rewrite.path[depth], rest)], true);
}

/**
 * A mint.json block whose docs.json form is an object that is already written (`analytics` beside `integrations`):
 * its entries the object lacks are added to it and the block removed. Never a silent drop: an entry both name with
 * different values leaves the choice to the writer (no fix).
 */
export function mergeLegacyKey(root: JValue | undefined, d: Diagnostic, edit: MakeFix): { title: string }[] {
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
  if (insertions.some((e) => e.length !== 1 || !e[0].edit.newText.startsWith(','))) return [];
  const insert = insertions.length ? [{ file: target.file, edit: { ...insertions[0][0].edit, newText: insertions.map((e) => e[0].edit.newText).join('') } }] : [];
  const names = added.map(([name]) => `\`${name}\``).join(', ');
  const title = `Merge \`${d.data?.key}\` into \`${rewrite.path[0]}\`${names ? ` (adds ${names})` : ' (it names nothing new)'}`;
  return edit(title, [...removeProperty(root, holder, d.data?.key ?? ''), ...insert], true);
}

/**
 * The later of two redirects with one source removed (the diagnostic is on its source). When their destinations
 * differ, the title names the entry that stays.
 */
export function removeDuplicateRedirect(root: JValue | undefined, d: Diagnostic, edit: MakeFix): { title: string }[] {
  const kept = d.data?.keptDestination;
  const steps = nodePathAt(root, d.file.path, d.offset + 1);
  const [list, item, source] = steps.slice(1, 4);
  if (kept === undefined || steps.length !== 4 || list.node !== valueOf(root, 'redirects') || list.node.type !== 'array') return [];
  if (source.key !== 'source' || source.node.type !== 'string' || source.node.offset !== d.offset) return [];
  const removal = removeArrayItem(root, list.node, item.key as number);
  const destination = valueOf(item.node, 'destination');
  if (destination?.type === 'string' && destination.plain === kept) return edit('Remove the duplicate redirect', removal, true);
  const from = shown(source.node.plain);
  return edit(`Remove this redirect, keep the earlier '${from}' → '${shown(kept)}'`, removal);
}

/**
 * "Accept 'ja'" for a code the platform accepts but SPEC does not list (its data names the code): the client adds it
 * to `docsJson.extraLanguageCodes`, a setting no text edit of docs.json reaches. Only for a client that runs the command.
 */
export function acceptLanguageCode(d: Diagnostic, folderUri: string, commands: readonly string[]): { title: string; command: Command }[] {
  const code = d.data?.key;
  if (code === undefined || !commands.includes(ACCEPT_LANGUAGE_CODE_COMMAND)) return [];
  const title = `Accept '${shown(code)}': add it to docsJson.extraLanguageCodes`;
  return [{ title, command: Command.create(title, ACCEPT_LANGUAGE_CODE_COMMAND, code, folderUri) }];
}
