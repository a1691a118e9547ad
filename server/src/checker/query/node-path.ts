import { JProperty, JValue } from '../json/json-tree';
import type { DocsModel, NavElement } from '../model/docs-model';

/** One node on the way from the root to the cursor, with the key or index it stands under. */
export interface PathStep {
  node: JValue;
  key?: string | number;
  /** The property that holds `node`, when its parent is an object. */
  property?: JProperty;
}

/**
 * The nodes, from the root down, that contain `offset` in the file `filePath`. After a `$ref` merge a tree mixes
 * files, so nodes written in other files are crossed (never matched) on the way to this file's nodes.
 * Empty when no node of that file contains the offset.
 */
export function nodePathAt(root: JValue | undefined, filePath: string, offset: number): PathStep[] {
  if (!root) return [];
  return search({ node: root }, filePath, offset) ?? [];
}

function search(step: PathStep, filePath: string, offset: number): PathStep[] | undefined {
  const node = step.node;
  const here = node.file.path === filePath;
  if (here && !containsOffset(node, offset)) return undefined;
  if (node.type === 'object') {
    for (const property of node.props) {
      const found = search({ node: property.value, key: property.key, property }, filePath, offset);
      if (found) return [step, ...found];
    }
  } else if (node.type === 'array') {
    for (let i = 0; i < node.items.length; i++) {
      const found = search({ node: node.items[i], key: i }, filePath, offset);
      if (found) return [step, ...found];
    }
  }
  return here ? [step] : undefined;
}

/**
 * Whether a cursor at `offset` is inside the node: between the brackets of a container, between the quotes
 * of a string, anywhere on a literal. Unterminated strings and containers reach to their end.
 */
export function containsOffset(node: JValue, offset: number): boolean {
  const end = node.offset + node.length;
  const last = node.file.text.charAt(end - 1);
  switch (node.type) {
    case 'object':
      return offset > node.offset && (offset < end || (offset === end && last !== '}'));
    case 'array':
      return offset > node.offset && (offset < end || (offset === end && last !== ']'));
    case 'string':
      return offset > node.offset && (offset < end || (offset === end && (node.length < 2 || last !== '"')));
    default:
      return offset >= node.offset && offset <= end;
  }
}

/** The property of `object` whose key (quotes included) is under the cursor, written in `filePath`. */
export function propertyKeyAt(node: JValue, filePath: string, offset: number): JProperty | undefined {
  if (node.type !== 'object') return undefined;
  return node.props.find((p) => p.file.path === filePath && offset >= p.keyOffset && offset <= p.keyOffset + p.keyLength);
}

/** The keys from the root to the last step (array indexes included). */
export function keysOf(path: PathStep[]): (string | number)[] {
  return path.slice(1).map((s) => s.key!);
}

/** The innermost navigation element on a path of nodes. */
export function elementOnPath(model: DocsModel, path: PathStep[]): NavElement | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const element = model.byNode.get(path[i].node);
    if (element) return element;
  }
  return undefined;
}
