// The ids of an API page the platform renders from an operation (`openapi:` front matter, issue 35): each parameter
// and each property of the request body and the responses, at any depth, as `<kind>-<names>`: `body-metadata`,
// `response-external-id`, `body-location-country`, `parameter-limit`. Which kind word each place takes was not read
// from the platform's renderer: every word it may take is accepted, so a link is flagged only when it names nothing
// the operation has.
import { loadYaml } from '../text/load-yaml';
import { componentSlug } from '../pages/component-ids';

/** The words an id of an API page may start with. */
const KINDS = ['parameter', 'param', 'path', 'query', 'header', 'cookie', 'body', 'response', 'authorization'];
/** How deep nested schemas are read for property names. */
const MAX_DEPTH = 8;
/** At most this many names are collected from one operation (a spec's schemas may be huge). */
const MAX_NAMES = 5_000;

export interface OperationAnchors {
  /** The slugs of every name the operation has (`_` and camel case as `-`, lower case). */
  names: Set<string>;
  /** The ids to suggest: `<kind>-<name>` of its parameters, top-level body and response properties. */
  suggestions: string[];
}

/** A spec's text (JSON or YAML) as a document, or undefined when it cannot be read. */
export function parseSpecDocument(specText: string, json: boolean): unknown {
  try {
    return json ? JSON.parse(specText) : loadYaml().parse(specText, { maxAliasCount: 1000 });
  } catch {
    return undefined;
  }
}

/** The names of an operation of a spec's document, or undefined when it has no such operation. */
export function operationAnchors(document: unknown, method: string, path: string): OperationAnchors | undefined {
  const pathItem = lookUp(document, lookUp(document, ['paths', path]) === undefined ? ['webhooks', path] : ['paths', path]);
  const operation = lookUp(pathItem, [method.toLowerCase()]);
  if (!isObject(operation)) return undefined;
  const result: OperationAnchors = { names: new Set(), suggestions: [] };
  const addName = (name: string, kind: string | undefined) => {
    if (result.names.size >= MAX_NAMES) return;
    for (const slug of [componentSlug(name), componentSlug(name, true)]) {
      if (!slug) continue;
      result.names.add(slug);
      if (kind) result.suggestions.push(`${kind}-${slug}`);
    }
  };
  const resolve = (value: unknown, seen: Set<string>): unknown => {
    for (let hops = 0; isObject(value) && typeof value.$ref === 'string' && hops < 16; hops++) {
      const ref = value.$ref;
      if (!ref.startsWith('#/') || seen.has(ref)) return undefined;
      seen.add(ref);
      value = lookUp(document, ref.slice(2).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~')));
    }
    return value;
  };
  const schemaNames = (schema: unknown, kind: string | undefined, depth: number, seen: Set<string>) => {
    const resolved = resolve(schema, new Set(seen));
    if (!isObject(resolved) || depth > MAX_DEPTH || result.names.size >= MAX_NAMES) return;
    const properties = resolved.properties;
    if (isObject(properties)) {
      for (const [name, property] of Object.entries(properties)) {
        addName(name, depth === 0 ? kind : undefined);
        schemaNames(property, undefined, depth + 1, seen);
      }
    }
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const list = resolved[key];
      if (Array.isArray(list)) for (const item of list) schemaNames(item, kind, depth + (key === 'allOf' ? 0 : 1), seen);
    }
    for (const key of ['items', 'additionalProperties']) if (isObject(resolved[key])) schemaNames(resolved[key], kind, depth + 1, seen);
  };
  const mediaNames = (holder: unknown, kind: string) => {
    const content = lookUp(resolve(holder, new Set()), ['content']);
    if (isObject(content)) for (const media of Object.values(content)) schemaNames(lookUp(media, ['schema']), kind, 0, new Set());
  };
  for (const list of [lookUp(pathItem, ['parameters']), operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const parameter = resolve(item, new Set());
      if (!isObject(parameter) || typeof parameter.name !== 'string') continue;
      addName(parameter.name, 'parameter');
      schemaNames(parameter.schema, undefined, 1, new Set());
    }
  }
  mediaNames(operation.requestBody, 'body');
  if (isObject(operation.responses)) for (const response of Object.values(operation.responses)) mediaNames(response, 'response');
  const security = Array.isArray(operation.security) ? operation.security : lookUp(document, ['security']);
  if (Array.isArray(security)) {
    for (const requirement of security) {
      if (!isObject(requirement)) continue;
      for (const scheme of Object.keys(requirement)) {
        addName(scheme, 'authorization');
        const named = lookUp(document, ['components', 'securitySchemes', scheme, 'name']);
        if (typeof named === 'string') addName(named, 'authorization');
      }
    }
  }
  addName('authorization', undefined);
  return result;
}

/**
 * Whether an anchor names something of the operation: a kind word, then names joined by `-` (of nested properties,
 * or of a `one-of-0` branch) among which one of the operation's.
 */
export function namesOperationPart(anchor: string, anchors: OperationAnchors): boolean {
  const lower = anchor.toLowerCase().replace(/_/g, '-');
  const kind = KINDS.find((word) => lower.startsWith(`${word}-`));
  if (!kind) return false;
  const words = lower.slice(kind.length + 1).split('-');
  // Any run of the words that is a name: `body-one-of-0-return-url-one-of-0` names `return_url`.
  for (let start = 0; start < words.length; start++) {
    let run = '';
    for (let end = start; end < words.length; end++) {
      run = run ? `${run}-${words[end]}` : words[end];
      if (anchors.names.has(run)) return true;
    }
  }
  return false;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lookUp(value: unknown, keys: string[]): unknown {
  let at = value;
  for (const key of keys) {
    if (!isObject(at) || !Object.prototype.hasOwnProperty.call(at, key)) return undefined;
    at = at[key];
  }
  return at;
}
