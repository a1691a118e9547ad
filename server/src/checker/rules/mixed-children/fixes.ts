import { Diagnostic } from '../../diagnostics';
import { JObject, JProperty, SourceFile } from '../../json/json-tree';
import { CHILD_KEYS, KIND_TITLE } from '../../model/element-kinds';
import { elementOnPath, nodePathAt } from '../../query/node-path';
import { replaceNode } from '../fix-edits';
import { FixContext, RuleFix } from '../rule-module';

/**
 * An element with two child types on one level: split it into copies that each hold one type (the other
 * keys copied to each), and, for `pages` beside `groups`, move the groups into `pages` (which may hold groups).
 */
export function mixedChildrenFixes(d: Diagnostic, { model }: FixContext): RuleFix[] {
  const element = elementOnPath(model, nodePathAt(model.root, d.file.path, d.offset + 1));
  const object = element?.node;
  if (!element || object?.type !== 'object' || !element.parent) return [];
  const file = object.file;
  const props = object.props.filter((p) => p.file === file && p.value.file === file).sort((a, b) => a.keyOffset - b.keyOffset);
  if (props.length !== object.props.length) return [];
  const childProps = props.filter((p) => CHILD_KEYS.includes(p.key) && p.value.type === 'array');
  if (childProps.length < 2) return [];
  const layout = objectLayout(file, object, props);
  const slice = (p: JProperty) => file.text.slice(p.keyOffset, p.value.offset + p.value.length);
  const others = props.filter((p) => !childProps.includes(p));
  const fixes: RuleFix[] = [];
  const copies = childProps.map((child) => layout.object(props.filter((p) => others.includes(p) || p === child).map(slice)));
  const title = `Split the ${KIND_TITLE[element.kind]} into ${copies.length}, one for each of ${childProps.map((p) => `\`${p.key}\``).join(', ')}`;
  fixes.push({ title, edits: [replaceNode(object, copies.join(layout.multiline ? `,\n${layout.outer}` : ', '))] });

  const keys = childProps.map((p) => p.key).sort();
  if (keys.length === 2 && keys[0] === 'groups' && keys[1] === 'pages') {
    const items = childProps.flatMap((p) => (p.value.type === 'array' ? p.value.items : []));
    if (items.every((item) => item.file === file)) {
      const itemIndent = `${layout.inner}  `;
      const list = items.map((item) => file.text.slice(item.offset, item.offset + item.length));
      const pages = layout.multiline ? `[\n${itemIndent}${list.join(`,\n${itemIndent}`)}\n${layout.inner}]` : `[${list.join(', ')}]`;
      const kept = props.filter((p) => p === childProps[0] || others.includes(p)).map((p) => (p === childProps[0] ? `"pages": ${pages}` : slice(p)));
      fixes.push({ title: 'Move the groups into `pages` (a `pages` list may hold groups)', preferred: true, edits: [replaceNode(object, layout.object(kept))] });
    }
  }
  return fixes;
}

/** How an object is laid out, to write new objects the same way. */
function objectLayout(file: SourceFile, object: JObject, props: JProperty[]) {
  const text = file.text;
  const indentAt = (offset: number) => /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset))![0];
  const multiline = text.slice(object.offset, object.offset + object.length).includes('\n');
  const outer = indentAt(object.offset);
  const inner = props.length ? indentAt(props[0].keyOffset) : `${outer}  `;
  return {
    multiline,
    outer,
    inner,
    object: (parts: string[]) => (multiline ? `{\n${inner}${parts.join(`,\n${inner}`)}\n${outer}}` : `{ ${parts.join(', ')} }`),
  };
}
