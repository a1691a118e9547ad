import { Node as JsonNode, ParseError, parseTree, findNodeAtLocation } from 'jsonc-parser';
import { isMap, isScalar, LineCounter, parseDocument, Node as YamlNode, Pair } from 'yaml';
import { endpointKey, HTTP_METHODS, WEBHOOK } from './endpoint-entry';

export interface SpecEndpoint {
  method: string;
  path: string;
  key: string;
  summary?: string;
  operationId?: string;
  description?: string;
  /** Where the operation is written in the spec file. */
  offset: number;
}

export type LoadedSpec =
  | { ok: true; file: string; text: string; endpoints: Map<string, SpecEndpoint> }
  | { ok: false; file: string; problem: 'missing' | 'invalid'; message: string };

const LOWER_METHODS = HTTP_METHODS.map((m) => m.toLowerCase());

/** Reads the operations of an OpenAPI (or Swagger 2) document written as JSON or YAML. */
export function readSpec(file: string, text: string): LoadedSpec {
  const looksJson = /^\s*[{[]/.test(text) || /\.json$/i.test(file);
  try {
    const endpoints = looksJson && /^\s*[{[]/.test(text) ? endpointsFromJson(text) : endpointsFromYaml(text);
    return { ok: true, file, text, endpoints };
  } catch (error) {
    return { ok: false, file, problem: 'invalid', message: error instanceof Error ? error.message : String(error) };
  }
}

function endpointsFromJson(text: string): Map<string, SpecEndpoint> {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true });
  if (errors.length || !root) throw new Error(`not valid JSON (first error at offset ${errors[0]?.offset ?? 0})`);
  if (root.type !== 'object') throw new Error('not an OpenAPI document: the top level is not an object');
  const version = findNodeAtLocation(root, ['openapi']) ?? findNodeAtLocation(root, ['swagger']);
  if (version?.type !== 'string') throw new Error('not an OpenAPI document: no `openapi` or `swagger` version field');
  const endpoints = new Map<string, SpecEndpoint>();
  for (const [section, isWebhook] of [['paths', false], ['webhooks', true]] as const) {
    const node = findNodeAtLocation(root, [section]);
    for (const pathProp of node?.type === 'object' ? node.children ?? [] : []) {
      const [keyNode, item] = pathProp.children ?? [];
      if (!keyNode || item?.type !== 'object') continue;
      for (const opProp of item.children ?? []) {
        const [methodNode, operation] = opProp.children ?? [];
        const method = String(methodNode?.value).toLowerCase();
        if (!LOWER_METHODS.includes(method) || operation?.type !== 'object') continue;
        const upper = isWebhook ? WEBHOOK : method.toUpperCase();
        const path = String(keyNode.value);
        add(endpoints, upper, path, opProp.offset, (key) => jsonString(operation, key));
        if (isWebhook) break;
      }
    }
  }
  return endpoints;
}

function jsonString(operation: JsonNode, key: string): string | undefined {
  const node = findNodeAtLocation(operation, [key]);
  return node?.type === 'string' ? (node.value as string) : undefined;
}

function endpointsFromYaml(text: string): Map<string, SpecEndpoint> {
  // Aliases are never expanded (no toJS), so alias bombs cost no more than their text.
  const doc = parseDocument(text, { lineCounter: new LineCounter(), uniqueKeys: false });
  if (doc.errors.length) throw new Error(`not valid YAML: ${doc.errors[0].message.split('\n')[0].replace(/:$/, '')}`);
  const root = doc.contents;
  if (!isMap(root)) throw new Error('not an OpenAPI document: the top level is not a mapping');
  const version = root.get('openapi', true) ?? root.get('swagger', true);
  if (!isScalar(version)) throw new Error('not an OpenAPI document: no `openapi` or `swagger` version field');
  const endpoints = new Map<string, SpecEndpoint>();
  for (const [section, isWebhook] of [['paths', false], ['webhooks', true]] as const) {
    const paths = root.get(section, true);
    if (!isMap(paths)) continue;
    for (const pathPair of paths.items as Pair<YamlNode, YamlNode>[]) {
      if (!isScalar(pathPair.key) || !isMap(pathPair.value)) continue;
      const path = String(pathPair.key.value);
      for (const opPair of pathPair.value.items as Pair<YamlNode, YamlNode>[]) {
        if (!isScalar(opPair.key)) continue;
        const method = String(opPair.key.value).toLowerCase();
        if (!LOWER_METHODS.includes(method) || !isMap(opPair.value)) continue;
        const operation = opPair.value;
        const read = (key: string) => {
          const value = operation.get(key, true);
          return isScalar(value) && typeof value.value === 'string' ? value.value : undefined;
        };
        add(endpoints, isWebhook ? WEBHOOK : method.toUpperCase(), path, opPair.key.range?.[0] ?? 0, read);
        if (isWebhook) break;
      }
    }
  }
  return endpoints;
}

function add(
  endpoints: Map<string, SpecEndpoint>,
  method: string,
  path: string,
  offset: number,
  read: (key: string) => string | undefined,
): void {
  const key = endpointKey(method, path);
  if (endpoints.has(key)) return;
  endpoints.set(key, { method, path, key, offset, summary: read('summary'), operationId: read('operationId'), description: read('description') });
}
