import { Node as JsonNode, ParseError, parseTree, findNodeAtLocation } from 'jsonc-parser';
import type { Node as YamlNode, Pair } from 'yaml';
import { findExcessiveNesting, JValue, makeSourceFile, MAX_NESTING, SourceFile } from '../json/json-tree';
import { parseStrictJson } from '../json/strict-json-tree';
import { detached } from '../text/detached';
import { loadYaml } from '../text/load-yaml';
import { endpointKey, HTTP_METHODS, WEBHOOK } from './endpoint-entry';
import { scanJsonSpec } from './json-spec-scan';
import { isFlagKey, X_MINT, X_MINT_HREF } from './x-mint';
import { scanYamlEndpoints, SliceParser, Unsupported } from './yaml-scan';

export interface SpecEndpoint {
  method: string;
  path: string;
  key: string;
  summary?: string;
  /** The operation's first tag (the folder of its generated page); '' when it has none; absent when not read. */
  tag?: string;
  operationId?: string;
  description?: string;
  /** The operation's `x-mint.href`: its generated page's own path, from the site's root (as written). */
  href?: string;
  /** Written `deprecated: true`. */
  deprecated?: boolean;
  /** Written `x-hidden: true`: the platform generates its page but lists it in no navigation. */
  hidden?: boolean;
  /** Written `x-excluded: true`: the platform generates no page for it at all (its docs: "completely excludes"). */
  excluded?: boolean;
  /** Where the operation is written in the spec file: offset, and zero-based line and character. */
  offset: number;
  line: number;
  character: number;
}

export type LoadedSpec =
  | { ok: true; file: string; endpoints: Map<string, SpecEndpoint> }
  /** `loading`: a worker is reading it (the language server); nothing about its endpoints is known yet. */
  | { ok: false; file: string; problem: 'missing' | 'invalid' | 'loading'; message: string };

/** Specs longer than this are not read: a clear finding instead of a parse that might not fit in memory. */
export const MAX_SPEC_BYTES = 40 * 1024 * 1024;
/**
 * A YAML spec the line scanner cannot follow (anchors at the levels it reads, flow-style `paths`, several
 * documents) is read by the full YAML parser up to this size: it takes about 0.8 s and 55 MB per MB of text.
 */
export const MAX_FULL_YAML_BYTES = 2 * 1024 * 1024;
/**
 * Specs with more operations than this are refused: the largest public specs hold some thousands, and a hostile
 * 37 MB YAML spec of 1M one-line operations took 32 s in the worker and held the server's main thread 2.65 s
 * (7 s on a loaded machine) while its answer was copied back.
 */
export const MAX_SPEC_OPERATIONS = 100_000;

const MB = 1024 * 1024;

const LOWER_METHODS = HTTP_METHODS.map((m) => m.toLowerCase());

/** Reads the operations of an OpenAPI (or Swagger 2) document written as JSON or YAML. */
export function readSpec(file: string, text: string): LoadedSpec {
  if (text.length > MAX_SPEC_BYTES) {
    const message = `it is ${(text.length / MB).toFixed(1)} MB, over the ${MAX_SPEC_BYTES / MB} MB limit for an OpenAPI spec`;
    return { ok: false, file, problem: 'invalid', message };
  }
  try {
    // Positions are taken now, and the strings kept are copies (see `add`): the text (megabytes for some specs) is not kept.
    const source = makeSourceFile(file, text);
    const endpoints = /^\s*[{[]/.test(text) ? endpointsFromJson(source) : endpointsFromYamlText(text);
    for (const endpoint of endpoints.values()) Object.assign(endpoint, source.lines.positionAt(endpoint.offset));
    return { ok: true, file, endpoints };
  } catch (error) {
    return { ok: false, file, problem: 'invalid', message: error instanceof Error ? error.message : String(error) };
  }
}

function endpointsFromJson(file: SourceFile): Map<string, SpecEndpoint> {
  const source = file.text;
  const scanned = endpointsFromValidJson(source);
  if (scanned) return scanned;
  // Strictly valid JSON, the usual case, is read by the checker's fast pass; anything else by jsonc-parser below.
  const strict = parseStrictJson(file, source.charCodeAt(0) === 0xfeff ? 1 : 0, MAX_NESTING);
  if (strict) return endpointsFromTree(strict);
  // The parser takes a byte order mark for a bad symbol; a space in its place keeps every offset.
  const text = source.charCodeAt(0) === 0xfeff ? ` ${source.slice(1)}` : source;
  // parseTree recurses once per level: refuse what would exhaust the stack, with a message that says why.
  const tooDeep = findExcessiveNesting(text, MAX_NESTING);
  if (tooDeep >= 0) throw new Error(`nested deeper than ${MAX_NESTING} levels (at offset ${tooDeep})`);
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
        add(endpoints, upper, path, opProp.offset, (key) =>
          key === 'tags' ? jsoncFirstTag(operation) : isFlagKey(key) ? (findNodeAtLocation(operation, [key])?.value === true ? 'true' : undefined) : jsonString(operation, key === X_MINT_HREF ? [X_MINT, 'href'] : [key]),
        );
        if (isWebhook) break;
      }
    }
  }
  return endpoints;
}

/**
 * Valid JSON (as JSON.parse judges it), read by the scan without a tree. Undefined for anything else (a byte order
 * mark, nesting over the limit, an error): the whole-tree paths below read it.
 */
function endpointsFromValidJson(text: string): Map<string, SpecEndpoint> | undefined {
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  const scan = scanJsonSpec(text, MAX_NESTING - 1);
  if (!scan) return undefined;
  if (!scan.stringVersion) throw new Error('not an OpenAPI document: no `openapi` or `swagger` version field');
  const endpoints = new Map<string, SpecEndpoint>();
  for (const [operations, isWebhook] of [[scan.paths, false], [scan.webhooks, true]] as const) {
    for (const op of operations) {
      const method = op.method.toLowerCase();
      // A webhook's operations share its one key: `add` keeps the first, as the tree readers do.
      if (LOWER_METHODS.includes(method)) add(endpoints, isWebhook ? WEBHOOK : method.toUpperCase(), op.path, op.keyOffset, op.read);
    }
  }
  return endpoints;
}

/** endpointsFromJson over the fast pass's tree. Of repeated keys the first counts, as in findNodeAtLocation. */
function endpointsFromTree(root: JValue): Map<string, SpecEndpoint> {
  const first = (node: JValue | undefined, key: string) => (node?.type === 'object' ? node.props.find((p) => p.key === key)?.value : undefined);
  if (root.type !== 'object') throw new Error('not an OpenAPI document: the top level is not an object');
  const version = first(root, 'openapi') ?? first(root, 'swagger');
  if (version?.type !== 'string') throw new Error('not an OpenAPI document: no `openapi` or `swagger` version field');
  const endpoints = new Map<string, SpecEndpoint>();
  for (const [section, isWebhook] of [['paths', false], ['webhooks', true]] as const) {
    const node = first(root, section);
    for (const pathProp of node?.type === 'object' ? node.props : []) {
      if (pathProp.value.type !== 'object') continue;
      for (const opProp of pathProp.value.props) {
        const method = opProp.key.toLowerCase();
        const operation = opProp.value;
        if (!LOWER_METHODS.includes(method) || operation.type !== 'object') continue;
        const upper = isWebhook ? WEBHOOK : method.toUpperCase();
        add(endpoints, upper, pathProp.key, opProp.keyOffset, (key) => {
          const value = key === X_MINT_HREF ? first(first(operation, X_MINT), 'href') : first(operation, key);
          if (key === 'tags') {
            if (!value || (value.type === 'array' && !value.items.length)) return '';
            const tag = value.type === 'array' ? value.items[0] : undefined;
            return tag?.type === 'string' ? tag.plain : undefined;
          }
          if (isFlagKey(key)) return value?.type === 'boolean' && value.plain === true ? 'true' : undefined;
          return value?.type === 'string' ? value.plain : undefined;
        });
        if (isWebhook) break;
      }
    }
  }
  return endpoints;
}

function jsoncFirstTag(operation: JsonNode): string | undefined {
  const node = findNodeAtLocation(operation, ['tags']);
  if (!node || (node.type === 'array' && !node.children?.length)) return '';
  const first = node.type === 'array' ? node.children?.[0] : undefined;
  return first?.type === 'string' ? (first.value as string) : undefined;
}

function jsonString(operation: JsonNode, location: string[]): string | undefined {
  const node = findNodeAtLocation(operation, location);
  return node?.type === 'string' ? (node.value as string) : undefined;
}

/** YAML by the line scanner; what it cannot follow by the full parser, up to its limit. */
function endpointsFromYamlText(text: string): Map<string, SpecEndpoint> {
  try {
    return endpointsFromYamlScan(text);
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    if (text.length > MAX_FULL_YAML_BYTES) {
      throw new Error(
        `YAML specs over ${MAX_FULL_YAML_BYTES / MB} MB are read line by line, in block style, and this one is not (${error.message}): ` +
          'write its `paths` in block style without anchors, or as JSON',
      );
    }
    return endpointsFromYamlDocument(text);
  }
}

/** Operations found by the line scanner, in the same form as the full parser's. */
export function endpointsFromYamlScan(text: string): Map<string, SpecEndpoint> {
  const endpoints = new Map<string, SpecEndpoint>();
  scanYamlEndpoints(text, yamlSlices(text), (op, isWebhook) => {
    add(endpoints, isWebhook ? WEBHOOK : op.method.toUpperCase(), op.path, op.offset, op.read);
  });
  return endpoints;
}

/** Flow mappings and multi-line values of the scanned text: JSON ones by JSON.parse (about 20 times faster), the rest by `yaml`. */
function yamlSlices(text: string): SliceParser {
  const parse = (start: number, end: number) => {
    const { parseDocument } = loadYaml();
    const doc = parseDocument(text.slice(start, end), { uniqueKeys: false });
    throwIfInvalid(doc);
    return doc.contents;
  };
  const stringOf = (node: unknown) => {
    const { isScalar } = loadYaml();
    return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
  };
  return {
    operation(start, end) {
      const slice = text.slice(start, end);
      if (/^\{\s*(?:"|\})/.test(slice)) {
        let value: unknown;
        try {
          value = JSON.parse(slice);
        } catch {
          value = undefined;
        }
        if (value && typeof value === 'object') {
          const fields = value as Record<string, unknown>;
          return (key) => {
            if (key === 'tags') {
              const tags = fields.tags;
              if (tags === undefined || (Array.isArray(tags) && !tags.length)) return '';
              return Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : undefined;
            }
            if (key === X_MINT_HREF) {
              const xMint = fields[X_MINT];
              const href = xMint && typeof xMint === 'object' && !Array.isArray(xMint) ? (xMint as Record<string, unknown>).href : undefined;
              return typeof href === 'string' ? href : undefined;
            }
            if (isFlagKey(key)) return fields[key] === true ? 'true' : undefined;
            return Object.hasOwn(fields, key) && typeof fields[key] === 'string' ? (fields[key] as string) : undefined;
          };
        }
      }
      const node = parse(start, end);
      const { isMap } = loadYaml();
      return isMap(node)
        ? (key) => (key === 'tags' ? yamlFirstTag(node.get(key, true)) : isFlagKey(key) ? yamlFlag(node.get(key, true)) : stringOf(node.getIn(key === X_MINT_HREF ? [X_MINT, 'href'] : [key], true)))
        : undefined;
    },
    entryString(start, end, inner) {
      const node = parse(start, end);
      const { isMap } = loadYaml();
      if (!isMap(node)) return undefined;
      const value: unknown = node.items[0]?.value ?? undefined;
      if (inner === undefined) return stringOf(value);
      return isMap(value) ? stringOf(value.get(inner, true)) : undefined;
    },
  };
}

/** An operation's first tag from its YAML `tags` value: '' when there is none, undefined when it is no string. */
function yamlFirstTag(value: unknown): string | undefined {
  const { isScalar, isSeq } = loadYaml();
  if (value === undefined || (isSeq(value) && !value.items.length)) return '';
  const tag: unknown = isSeq(value) ? value.items[0] : undefined;
  return isScalar(tag) && typeof tag.value === 'string' ? tag.value : undefined;
}

/** 'true' for a YAML value that is the boolean true, else undefined (see `isFlagKey`). */
function yamlFlag(value: unknown): string | undefined {
  const { isScalar } = loadYaml();
  return isScalar(value) && value.value === true ? 'true' : undefined;
}

/** The first error of a parsed YAML document, on one line. */
function throwIfInvalid(doc: { errors: { message: string }[] }): void {
  if (doc.errors.length) throw new Error(`not valid YAML: ${doc.errors[0].message.split('\n')[0].replace(/:$/, '')}`);
}

/** Every YAML form, by the full `yaml` document (slow and large on big specs: see MAX_FULL_YAML_BYTES). */
export function endpointsFromYamlDocument(text: string): Map<string, SpecEndpoint> {
  const { isMap, isScalar, LineCounter, parseDocument } = loadYaml();
  // Aliases are never expanded (no toJS), so alias bombs cost no more than their text.
  const doc = parseDocument(text, { lineCounter: new LineCounter(), uniqueKeys: false });
  throwIfInvalid(doc);
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
          const value = operation.getIn(key === X_MINT_HREF ? [X_MINT, 'href'] : [key], true);
          if (key === 'tags') return yamlFirstTag(value);
          if (isFlagKey(key)) return yamlFlag(value);
          return isScalar(value) && typeof value.value === 'string' ? value.value : undefined;
        };
        add(endpoints, isWebhook ? WEBHOOK : method.toUpperCase(), path, opPair.key.range?.[0] ?? 0, read);
        if (isWebhook) break;
      }
    }
  }
  return endpoints;
}

/** One operation, once (the first of repeated ones). Its strings are copied: cut from the text, they would keep it all. */
function add(
  endpoints: Map<string, SpecEndpoint>,
  method: string,
  path: string,
  offset: number,
  read: (key: string) => string | undefined,
): void {
  const key = detached(endpointKey(method, path));
  if (endpoints.has(key)) return;
  if (endpoints.size >= MAX_SPEC_OPERATIONS) throw new Error(`it has more than ${MAX_SPEC_OPERATIONS.toLocaleString('en-US')} operations, the limit for an OpenAPI spec`);
  const own = (text: string | undefined) => (text === undefined ? undefined : detached(text));
  endpoints.set(key, {
    method,
    path: detached(path),
    key,
    offset,
    line: 0,
    character: 0,
    summary: own(read('summary')),
    tag: own(read('tags')),
    operationId: own(read('operationId')),
    description: own(read('description')),
    href: own(read(X_MINT_HREF)),
    deprecated: read('deprecated') === 'true' || undefined,
    hidden: read('x-hidden') === 'true' || undefined,
    excluded: read('x-excluded') === 'true' || undefined,
  });
}
