import { Range } from 'vscode-languageserver-types';
import { LineMap, SourceFile } from '../checker';

/** The LSP range of `length` characters at `offset` in a file of the model. */
export function rangeIn(file: SourceFile, offset: number, length: number): Range {
  return { start: file.lines.positionAt(offset), end: file.lines.positionAt(offset + length) };
}

export function rangeOfNode(node: { file: SourceFile; offset: number; length: number }): Range {
  return rangeIn(node.file, node.offset, node.length);
}

const lineMaps = new WeakMap<object, LineMap>();

/** A line map of text held by `owner` (a loaded spec, say), built once per owner. */
export function lineMapOf(owner: object, text: string): LineMap {
  let map = lineMaps.get(owner);
  if (!map) lineMaps.set(owner, (map = new LineMap(text)));
  return map;
}

export const START_OF_FILE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
