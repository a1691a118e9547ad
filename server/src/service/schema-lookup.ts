// Reads `schemas/docs.schema.json` (the checker's schema) along a path of the model: which keys an object
// may hold, which are required, what a key means, which values it takes.
import schema from '../../../schemas/docs.schema.json';
import { JValue, propertyOf } from '../checker';
import type { PathStep } from '../checker';

export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  if?: SchemaNode & { not?: SchemaNode };
  then?: SchemaNode;
  else?: SchemaNode;
}

const ROOT = schema as unknown as SchemaNode & { definitions: Record<string, SchemaNode> };

function deref(node: SchemaNode | undefined): SchemaNode | undefined {
  for (let i = 0; node?.$ref && i < 16; i++) {
    const name = node.$ref.replace('#/definitions/', '');
    node = ROOT.definitions[name];
  }
  return node;
}

/** Picks the branch of an `if: { type }` schema (a page entry: a string, or a group object) for a value. */
function branch(node: SchemaNode | undefined, value: JValue | undefined): SchemaNode | undefined {
  const resolved = deref(node);
  if (!resolved?.if?.type || (!resolved.then && !resolved.else)) return resolved;
  const matches = value !== undefined && value.type === resolved.if.type;
  return deref(matches ? resolved.then : resolved.else) ?? resolved;
}

/** The schema of the value at the end of `path` (from the model root), or undefined off the schema. */
export function schemaAtPath(path: PathStep[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = ROOT;
  for (const step of path.slice(1)) {
    node = deref(node);
    if (!node) return undefined;
    node = typeof step.key === 'number' ? node.items : node.properties?.[step.key!];
    node = branch(node, step.node);
  }
  return deref(node);
}

/** The schema of property `key` of an object whose schema is `object`. */
export function propertySchema(object: SchemaNode | undefined, key: string): SchemaNode | undefined {
  return deref(object?.properties?.[key]);
}

/** Required keys, including a group's `pages` when it has no `openapi` to generate them. */
export function requiredKeys(object: SchemaNode | undefined, value: JValue | undefined): string[] {
  const keys = [...(object?.required ?? [])];
  const unless = object?.if?.not?.required;
  if (unless && object?.then?.required && !unless.some((k) => propertyOf(value, k))) keys.push(...object.then.required);
  return keys;
}

export function typesOf(node: SchemaNode | undefined): string[] {
  return node?.type === undefined ? [] : [node.type].flat();
}
