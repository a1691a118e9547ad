// Text edits that keep a JSON file's layout: new entries take the indentation of their neighbours.
import { TextEdit } from 'vscode-languageserver-types';
import { JArray, JObject, JProperty, JValue, SourceFile } from '../checker';
import { rangeIn } from './ranges';

export interface FileEdit {
  file: SourceFile;
  edit: TextEdit;
}

/** Appends an entry (JSON text) to an array, after its last entry. */
export function appendToArray(array: JArray, json: string): FileEdit | undefined {
  return appendInside(array, ']', json);
}

/** Adds `"key": value` (value as JSON text) at the end of an object. */
export function appendProperty(object: JObject, key: string, valueJson: string): FileEdit | undefined {
  return appendInside(object, '}', `${JSON.stringify(key)}: ${valueJson}`);
}

function appendInside(container: JArray | JObject, close: string, json: string): FileEdit | undefined {
  const { file } = container;
  const text = file.text;
  const closeAt = container.offset + container.length - 1;
  if (text.charAt(closeAt) !== close) return undefined;
  let last = closeAt - 1;
  while (last > container.offset && /\s/.test(text.charAt(last))) last--;
  const openLine = lineIndent(text, container.offset);
  if (last === container.offset) {
    const multiline = text.slice(container.offset, closeAt).includes('\n');
    const insert = multiline ? `\n${openLine}  ${json}\n${openLine}` : json;
    return { file, edit: TextEdit.replace(rangeIn(file, container.offset + 1, closeAt - container.offset - 1), insert) };
  }
  const lastLineStart = text.lastIndexOf('\n', last) + 1;
  const onOwnLine = lastLineStart > container.offset;
  const separator = onOwnLine ? `\n${lineIndent(text, last)}` : ' ';
  return { file, edit: TextEdit.insert(file.lines.positionAt(last + 1), `,${separator}${json}`) };
}

/** The leading white space of the line that holds `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

/** Removes a property with its comma, keeping the neighbours' layout. */
export function removeProperty(object: JObject, property: JProperty): FileEdit {
  const file = property.file;
  const siblings = object.props.filter((p) => p.file === file && p.value.file === file).sort((a, b) => a.keyOffset - b.keyOffset);
  const at = siblings.indexOf(property);
  const end = property.value.offset + property.value.length;
  const next = siblings[at + 1];
  const previous = siblings[at - 1];
  let from = property.keyOffset;
  let to = end;
  if (next) to = next.keyOffset;
  else if (previous) from = previous.value.offset + previous.value.length;
  return { file, edit: TextEdit.del(rangeIn(file, from, to - from)) };
}

export function replaceNode(node: JValue, json: string): FileEdit {
  return { file: node.file, edit: TextEdit.replace(rangeIn(node.file, node.offset, node.length), json) };
}

/** Groups edits by the URI of their file. */
export function toChanges(edits: FileEdit[], uriOf: (path: string) => string): Record<string, TextEdit[]> {
  const changes: Record<string, TextEdit[]> = {};
  for (const { file, edit } of edits) (changes[uriOf(file.path)] ??= []).push(edit);
  return changes;
}
