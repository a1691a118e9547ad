// Text edits to docs.json and its `$ref` parts: where an insertion or removal goes, and its commas, come from
// jsonc-parser's `modify`; the new entry takes its neighbours' layout (`modify`'s own formatting would re-format
// the neighbours too: a one-line group written `{ "group": "G", "pages": ["b"] }` came back spread over six lines).
// A value replaced in place is a plain range edit. New values are written in the file's layout (`layoutJson`):
// JSON.stringify's compact form had a rewritten `analytics` object land on one line of a file indented by two.
import { Edit, findNodeAtOffset, getNodePath, JSONPath, modify, parseTree } from 'jsonc-parser';
import { JArray, JObject, JValue, SourceFile } from './json-tree';
import { nodePathAt } from '../query/node-path';

/** `length` characters at `offset` of `file` replaced with `text`: a plain edit, no editor's types. */
export interface FileEdit {
  file: SourceFile;
  offset: number;
  length: number;
  text: string;
}

/** Appends `value` to an array, after its last entry. `root` is the model's root, through which the array is found. */
export function appendToArray(root: JValue | undefined, array: JArray, value: unknown): FileEdit[] {
  const path = pathInFile(root, array);
  return path ? laidOut(array, modified(array.file, [...path, -1], PLACEHOLDER, true), value) : [];
}

/** Inserts the string `value` into an array before its entry at `index` (at the end past its last), laid out as its entries are. */
export function insertIntoArray(root: JValue | undefined, array: JArray, index: number, value: string): FileEdit[] {
  const next = array.items[index];
  if (!next) return appendToArray(root, array, value);
  if (next.file !== array.file) return [];
  const separator = isMultiline(array) ? `\n${lineIndent(array.file.text, next.offset)}` : ' ';
  return [{ file: array.file, offset: next.offset, length: 0, text: `${JSON.stringify(value)},${separator}` }];
}

/** Adds `"key": value` at the end of an object. */
export function appendProperty(root: JValue | undefined, object: JObject, key: string, value: unknown): FileEdit[] {
  const path = pathInFile(root, object);
  return path ? laidOut(object, modified(object.file, [...path, key], PLACEHOLDER), value) : [];
}

/**
 * Appends objects to the array `holder[key]`, laid out as its last entry is (one key a line, or one object a line);
 * `holder` itself when the array is missing: `key` is added with the objects one key a line, indented as the file is.
 */
export function appendEntries(root: JValue | undefined, holder: JArray | JObject, key: string, entries: Record<string, string>[]): FileEdit[] {
  const { file } = holder;
  const text = file.text;
  if (holder.type === 'object') {
    const indent = holder.props.length ? lineIndent(text, holder.props[0].keyOffset) : '  ';
    const unit = indent || '  ';
    const added = appendProperty(root, holder, key, []);
    if (added.length !== 1 || !added[0].text.endsWith('[]')) return [];
    const array = `[\n${entries.map((e) => indent + unit + objectText(e, indent + unit, unit)).join(',\n')}\n${indent}]`;
    return [{ ...added[0], text: added[0].text.slice(0, -2) + array }];
  }
  const last = holder.items[holder.items.length - 1];
  const arrayIndent = lineIndent(text, holder.offset);
  if (!last) {
    const unit = arrayIndent || '  ';
    const inner = entries.map((e) => arrayIndent + unit + objectText(e, arrayIndent + unit, unit)).join(',\n');
    return [{ file, offset: holder.offset + 1, length: holder.length - 2, text: `\n${inner}\n${arrayIndent}` }];
  }
  const lastText = text.slice(last.offset, last.offset + last.length);
  const itemIndent = lineIndent(text, last.offset);
  const multiline = text.slice(holder.offset, last.offset).includes('\n');
  const spread = lastText.includes('\n');
  const unit = (spread && /\n([ \t]*)"/.exec(lastText)?.[1].slice(itemIndent.length)) || '  ';
  const render = (e: Record<string, string>) =>
    spread ? objectText(e, itemIndent, unit) : `{${lastText.startsWith('{ ') ? ' ' : ''}${Object.entries(e).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')}${lastText.endsWith(' }') ? ' ' : ''}}`;
  const separator = multiline ? `,\n${itemIndent}` : ', ';
  const content = entries.map((e) => separator + render(e)).join('');
  return [{ file, offset: last.offset + last.length, length: 0, text: content }];
}

/** An object written one key a line, its keys at `indent` + `unit`. */
function objectText(entry: Record<string, string>, indent: string, unit: string): string {
  return `{\n${Object.entries(entry).map(([k, v]) => `${indent}${unit}${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n${indent}}`;
}

/** Removes a property (written in the object's own file) with its comma. */
export function removeProperty(root: JValue | undefined, object: JObject, key: string): FileEdit[] {
  const path = pathInFile(root, object);
  return path ? modified(object.file, [...path, key], undefined).map((e) => ({ file: object.file, offset: e.offset, length: e.length, text: e.content })) : [];
}

/** Removes the entry at `index` of an array (written in the array's own file) with its comma. */
export function removeArrayItem(root: JValue | undefined, array: JArray, index: number): FileEdit[] {
  const path = pathInFile(root, array);
  const item = array.items[index];
  if (!path || !item || item.file !== array.file) return [];
  const previous = array.items[index - 1];
  // `modify` cuts a last entry up to two characters before `]`: `[a, b]` became `[ab]`, and an indented `]` was
  // pulled up to the kept entry's line. From the end of the entry before to the end of this one keeps the layout.
  const edits: Edit[] = index === array.items.length - 1 && previous
    ? [{ offset: previous.offset + previous.length, length: item.offset + item.length - (previous.offset + previous.length), content: '' }]
    : modified(array.file, [...path, index], undefined);
  return edits.map((e) => ({ file: array.file, offset: e.offset, length: e.length, text: e.content }));
}

/**
 * Removes the entries at `indices` (ascending) of an array written in its own file, with their commas: each run of
 * neighbours from its first entry to the next kept one, or, ending the array, from the kept entry before it.
 */
export function removeArrayItems(array: JArray, indices: readonly number[]): FileEdit[] {
  const { items, file } = array;
  if (indices.some((index) => items[index]?.file !== file)) return [];
  const edits: FileEdit[] = [];
  for (let at = 0; at < indices.length; ) {
    let end = at;
    while (end + 1 < indices.length && indices[end + 1] === indices[end] + 1) end++;
    const first = items[indices[at]];
    const last = items[indices[end]];
    const next = items[indices[end] + 1];
    const previous = items[indices[at] - 1];
    const [from, to] = next ? [first.offset, next.offset] : previous ? [previous.offset + previous.length, last.offset + last.length] : [first.offset, last.offset + last.length];
    edits.push({ file, offset: from, length: to - from, text: '' });
    at = end + 1;
  }
  return edits;
}

export function replaceNode(node: JValue, json: string): FileEdit {
  return { file: node.file, offset: node.offset, length: node.length, text: json };
}

function modified(file: SourceFile, path: JSONPath, value: unknown, isArrayInsertion = false): Edit[] {
  try {
    return modify(file.text, path, value, { isArrayInsertion });
  } catch {
    return []; // the text is too broken around the place to edit it safely
  }
}

/** The file's unit of indentation: a tab, or the smallest indentation of a line (two spaces for a file of one line). */
function indentUnit(text: string): string {
  let unit: string | undefined;
  for (const match of text.matchAll(/\n([ \t]+)(?=\S)/g)) {
    const indent = match[1];
    if (indent.startsWith('\t')) return '\t';
    if (!unit || indent.length < unit.length) unit = indent;
    if (unit.length === 1) break;
  }
  return unit ?? '  ';
}

/**
 * `value` as JSON laid out as `file` writes it at a place indented by `indent`: over several lines, indented by the
 * file's unit, where `multiline`; else on one line with a space after each colon and comma, and inside braces.
 */
export function layoutJson(value: unknown, file: SourceFile, indent: string, multiline: boolean): string {
  const unit = indentUnit(file.text);
  const write = (v: unknown, at: string): string => {
    if (Array.isArray(v)) {
      if (!v.length) return '[]';
      const items = v.map((item) => write(item, at + unit));
      return multiline ? `[\n${at}${unit}${items.join(`,\n${at}${unit}`)}\n${at}]` : `[${items.join(', ')}]`;
    }
    if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v).filter(([, item]) => item !== undefined);
      if (!entries.length) return '{}';
      const props = entries.map(([key, item]) => `${JSON.stringify(key)}: ${write(item, at + unit)}`);
      return multiline ? `{\n${at}${unit}${props.join(`,\n${at}${unit}`)}\n${at}}` : `{ ${props.join(', ')} }`;
    }
    return JSON.stringify(v) ?? 'null';
  };
  return write(value, indent);
}

/** Whether a container is written over several lines. */
export function isMultiline(container: JArray | JObject): boolean {
  return container.file.text.slice(container.offset, container.offset + container.length).includes('\n');
}

/** What `modify` writes for the new value, replaced by the value laid out as the file is. */
const PLACEHOLDER = '\u0000docs-json-new-value\u0000';
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);

/**
 * An insertion at the end of a container, laid out as its entries are: after a comma on a line of its own
 * (indented as the last entry) in a container written over several lines, after a comma and a space on one line.
 */
function laidOut(container: JArray | JObject, edits: Edit[], value: unknown): FileEdit[] {
  const { file } = container;
  const text = file.text;
  const multiline = isMultiline(container);
  return edits.map((e) => {
    let content = e.content;
    let { offset, length } = e;
    let indent: string;
    if (content.startsWith(',')) {
      indent = multiline ? lineIndent(text, e.offset) : '';
      content = `,${multiline ? `\n${indent}` : ' '}${content.slice(1)}`;
    } else if (multiline) {
      // The first entry: the container's inside is replaced, with the entry on a line of its own.
      const open = lineIndent(text, container.offset);
      indent = open + indentUnit(text);
      offset = container.offset + 1;
      length = container.length - 2;
      content = `\n${indent}${content}\n${open}`;
    } else {
      indent = '';
    }
    content = content.replace(PLACEHOLDER_JSON, () => layoutJson(value, file, indent, multiline));
    return { file, offset, length, text: content };
  });
}

/** The leading white space of the line that holds `offset`. */
export function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

/**
 * The path of a node inside the file it is written in. In docs.json it is the way down the model's tree; where
 * that way crosses a `$ref` (the tree mixes files), the file is parsed to find it.
 */
function pathInFile(root: JValue | undefined, node: JValue): JSONPath | undefined {
  const steps = nodePathAt(root, node.file.path, node.offset + 1);
  const at = steps.findIndex((s) => s.node === node);
  if (at >= 0 && steps.slice(0, at + 1).every((s) => s.node.file === node.file)) return steps.slice(1, at + 1).map((s) => s.key!);
  const tree = parseTree(node.file.text);
  let container = tree && findNodeAtOffset(tree, node.offset, false);
  while (container && container.offset !== node.offset) container = container.parent;
  return container ? getNodePath(container) : undefined;
}
