import { Range } from 'vscode-languageserver-types';
import { SourceFile } from '../../checker';

/** The LSP range of `length` characters at `offset` in a file of the model. */
export function rangeIn(file: SourceFile, offset: number, length: number): Range {
  return { start: file.lines.positionAt(offset), end: file.lines.positionAt(offset + length) };
}

export function rangeOfNode(node: { file: SourceFile; offset: number; length: number }): Range {
  return rangeIn(node.file, node.offset, node.length);
}

export const START_OF_FILE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
