import { JValue } from './json-tree';

/** The node an ajv `instancePath` (a JSON pointer) names, and the property that holds it. */
export function nodeAtPointer(root: JValue | undefined, pointer: string): { node: JValue; key?: { offset: number; length: number; file: JValue['file'] } } | undefined {
  if (!root) return undefined;
  let node: JValue = root;
  let key: { offset: number; length: number; file: JValue['file'] } | undefined;
  if (pointer === '') return { node };
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node.type === 'array') {
      const item: JValue | undefined = node.items[Number(segment)];
      if (!item) return undefined;
      node = item;
      key = undefined;
    } else if (node.type === 'object') {
      const prop = [...node.props].reverse().find((p) => p.key === segment);
      if (!prop) return undefined;
      node = prop.value;
      key = { offset: prop.keyOffset, length: prop.keyLength, file: prop.file };
    } else {
      return undefined;
    }
  }
  return { node, key };
}
