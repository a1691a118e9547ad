// Reads `schemas/docs.schema.json` (the checker's schema) along a path of the model: which keys an object
// may hold, which are required, what a key means, which values it takes.
import schema from '../../../../schemas/docs.schema.json';
import { JValue, propertyOf } from './json-tree';
import type { PathStep } from '../query/node-path';
import { pushAll } from '../text/push-all';

export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  required?: string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  /** VS Code's JSON keyword: one text per `enum` value, in order (hover on a value, completion of values). */
  enumDescriptions?: string[];
  if?: SchemaNode & { not?: SchemaNode };
  then?: SchemaNode;
  else?: SchemaNode;
}

/**
 * The keywords read here and by the callers (completion, hover, quick fixes). The schema may hold no other but
 * those test/service-schema/schema-keywords.ts lists as safe to ignore, with why: a keyword the schema gains fails
 * test/service-schema/schema-keywords.test.ts until it is read here or listed there.
 */
export const UNDERSTOOD_KEYWORDS = ['definitions', '$ref', 'type', 'description', 'enum', 'enumDescriptions', 'required', 'properties', 'items', 'if', 'then', 'else', 'pattern', 'minLength'];

/** The `type`s whose values completion and the quick fixes know how to write (value templates, default values). */
export const UNDERSTOOD_TYPES = ['string', 'boolean', 'array', 'object', 'number'];

const ROOT = schema as unknown as SchemaNode & { definitions: Record<string, SchemaNode> };

/** The definition a `$ref` names: only the form `#/definitions/<name>` is read. */
export function definitionName(ref: string): string | undefined {
  return /^#\/definitions\/([^/~%]+)$/.exec(ref)?.[1];
}

function deref(node: SchemaNode | undefined): SchemaNode | undefined {
  for (let i = 0; node?.$ref && i < 16; i++) {
    const name = definitionName(node.$ref);
    node = name === undefined ? undefined : ROOT.definitions[name];
  }
  return node;
}

function hasOnlyKeys(node: object | undefined, keys: string[]): boolean {
  return node !== undefined && Object.keys(node).every((k) => keys.includes(k));
}

const VALUE_TYPES: string[] = ['object', 'array', 'string', 'number', 'boolean', 'null'] satisfies JValue['type'][];

/**
 * The JSON type that picks the branch of `if: { type }` (a page entry: a group object, else a string), when the
 * schema is only that choice: `then`, `else` and a description beside it (the branch replaces the schema).
 */
export function typeCondition(node: SchemaNode): string | undefined {
  const type = node.if?.type;
  if (!hasOnlyKeys(node.if, ['type']) || typeof type !== 'string' || !VALUE_TYPES.includes(type)) return undefined;
  return hasOnlyKeys(node, ['if', 'then', 'else', 'description']) && (node.then || node.else) ? type : undefined;
}

/** `if: { not: { required: K } }, then: { required: R }`: R is required unless the object holds all of K. */
export function requiredUnless(node: SchemaNode): { unless: string[]; required: string[] } | undefined {
  const unless = node.if?.not?.required;
  const required = node.then?.required;
  if (!hasOnlyKeys(node.if, ['not']) || !hasOnlyKeys(node.if?.not, ['required']) || !hasOnlyKeys(node.then, ['required'])) return undefined;
  return Array.isArray(unless) && Array.isArray(required) && !node.else ? { unless, required } : undefined;
}

/**
 * `if: { required: [K], properties: { K: { enum: V } } }, then: { required: R }` (or `else`): R is required when the
 * object's K is one of V (`then`), or when it is not (`else`). A navbar button needs a `label`; a link unless it is a
 * `github` or `discord` one.
 */
export function requiredWhen(node: SchemaNode): { key: string; values: unknown[]; required: string[]; when: boolean } | undefined {
  const condition = node.if;
  const key = condition?.required?.length === 1 ? condition.required[0] : undefined;
  const values = key === undefined ? undefined : condition?.properties?.[key]?.enum;
  if (!hasOnlyKeys(condition, ['required', 'properties']) || !values || !hasOnlyKeys(condition?.properties, [key!]) || !hasOnlyKeys(condition?.properties?.[key!], ['enum'])) return undefined;
  const branch = node.then ?? node.else;
  if ((node.then && node.else) || !hasOnlyKeys(branch, ['required']) || !Array.isArray(branch?.required)) return undefined;
  return { key: key!, values, required: branch.required, when: node.then !== undefined };
}

/** Picks the branch of a type condition for a value. */
function branch(node: SchemaNode | undefined, value: JValue | undefined): SchemaNode | undefined {
  const resolved = deref(node);
  const type = resolved && typeCondition(resolved);
  if (!resolved || type === undefined) return resolved;
  return deref(value?.type === type ? resolved.then : resolved.else) ?? resolved;
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
  const condition = object && requiredUnless(object);
  if (condition && !condition.unless.every((k) => propertyOf(value, k))) pushAll(keys, condition.required);
  const when = object && requiredWhen(object);
  if (when) {
    const held = propertyOf(value, when.key)?.value;
    const matches = held?.type === 'string' && when.values.includes(held.plain);
    if (matches === when.when) pushAll(keys, when.required);
  }
  return keys;
}

export function typesOf(node: SchemaNode | undefined): string[] {
  return node?.type === undefined ? [] : [node.type].flat();
}

/**
 * A value of this schema a quick fix may write for a missing key: its first enum value, an object with its required
 * keys so filled, else an empty value. Undefined when only the user can write one (a string with a pattern or a
 * minimum length: an empty one would be a new finding).
 */
export function validValueOf(node: SchemaNode | undefined, depth = 0): unknown {
  if (node?.enum?.length) return node.enum[0];
  const type = typesOf(node)[0];
  if (type === 'string' && (node?.pattern !== undefined || (node?.minLength ?? 0) > 0)) return undefined;
  if (type !== 'object' || !node?.required?.length) return emptyValueOf(node);
  if (depth > 8) return undefined;
  const value: Record<string, unknown> = {};
  for (const key of node.required) {
    const item = validValueOf(propertySchema(node, key), depth + 1);
    if (item === undefined) return undefined;
    value[key] = item;
  }
  return value;
}

/** The value a new key of this schema starts with: an empty array, object or string, false or 0. */
export function emptyValueOf(node: SchemaNode | undefined): [] | object | false | '' | 0 {
  const type = typesOf(node)[0];
  return type === 'array' ? [] : type === 'object' ? {} : type === 'boolean' ? false : type === 'number' ? 0 : '';
}
