// Where a JSON pointer of a spec is written in its text: the key of the property it names (short, and where a
// reader looks), else the start of the value's first line.
import { Node as JsonNode, findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { Document } from 'yaml';
import { loadYaml } from '../text/load-yaml';

export interface TextSpan {
  offset: number;
  length: number;
}

/** The pointer's segments, unescaped (`~1` is `/`, `~0` is `~`). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer.replace(/^\//, '').split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** In a JSON spec's text, parsed once for every pointer asked for. */
export function jsonLocator(text: string): (pointer: string) => TextSpan {
  let root: JsonNode | undefined;
  return (pointer) => {
    root ??= parseTree(text, [], { allowTrailingComma: true });
    let segments: (string | number)[] = pointerSegments(pointer);
    let node = root && findNodeAtLocation(root, segments);
    // The deepest part of the pointer that is written (a missing property's object).
    while (!node && segments.length && root) {
      segments = segments.slice(0, -1);
      node = findNodeAtLocation(root, segments);
    }
    if (!node || !segments.length) return { offset: 0, length: 0 };
    const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    return key ? { offset: key.offset, length: key.length } : firstLine(text, node.offset, node.length);
  };
}

/** In a YAML document parsed with its positions. */
export function yamlLocator(text: string, doc: Document): (pointer: string) => TextSpan {
  const { isMap, isScalar, isSeq } = loadYaml();
  return (pointer) => {
    let node: unknown = doc.contents;
    let found: TextSpan = { offset: 0, length: 0 };
    for (const segment of pointerSegments(pointer)) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === segment);
        const range = pair && isScalar(pair.key) ? pair.key.range : undefined;
        if (!pair || !range) break;
        found = { offset: range[0], length: range[1] - range[0] };
        node = pair.value;
      } else if (isSeq(node)) {
        const item = node.items[Number(segment)] as { range?: [number, number, number] } | undefined;
        if (!item?.range) break;
        found = firstLine(text, item.range[0], item.range[1] - item.range[0]);
        node = item;
      } else break;
    }
    return found;
  };
}

function firstLine(text: string, offset: number, length: number): TextSpan {
  const end = text.indexOf('\n', offset);
  return { offset, length: Math.min(length, (end < 0 ? text.length : end) - offset) };
}

/** Where a `$ref` with this value is first written (a reference the validator cannot resolve names no pointer). */
export function refSpan(text: string, ref: string): TextSpan {
  const at = new RegExp(`["']?\\$ref["']?\\s*:\\s*["']?${ref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'g').exec(text);
  if (!at) return { offset: 0, length: 0 };
  return { offset: at.index, length: at[0].length + (/["']/.test(text.charAt(at.index + at[0].length)) ? 1 : 0) };
}
