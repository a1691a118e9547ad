import { MAX_NESTING, ParsedJson, parseJsonTolerantly, SourceFile } from './json-tree';
import { parseStrictJson } from './strict-json-tree';

/** Parses JSON into a tree that keeps offsets, recovering after errors as far as the parser can. */
export function parseJson(file: SourceFile): ParsedJson {
  // Strictly valid JSON, the usual case, takes a faster pass that gives the same tree; the rest takes jsonc-parser's.
  const strict = parseStrictJson(file, file.text.charCodeAt(0) === 0xfeff ? 1 : 0, MAX_NESTING);
  return strict ? { file, root: strict, errors: [] } : parseJsonTolerantly(file);
}
