// A spec validated as the platform validates it (`mint validate`): its text read as a document, no `$ref` outside
// the file, OpenAPI 3.0 or 3.1, then @mintlify/openapi-parser's schema check and references. Each problem is placed
// where the spec writes what it names. Only the spec workers load this (the parser and its schemas are large).
import { validate } from '@mintlify/openapi-parser';
import { loadYaml } from '../text/load-yaml';
import { SpecValidation, SpecValidator, SpecProblem, tooLargeToValidate } from './spec-validation';
import { jsonLocator, pointerSegments, refSpan, TextSpan, yamlLocator } from './spec-pointer';

export async function validateSpecText(text: string): Promise<SpecValidation> {
  const tooLarge = tooLargeToValidate(text);
  if (tooLarge) return { state: 'skipped', note: tooLarge };
  const read = readDocument(text);
  // A text that is not a document is invalid-openapi's (on the docs.json entry naming it).
  if (!read) return { state: 'done', problems: [] };
  const { document, locate } = read;
  const problem = (message: string, pointer: string, span: TextSpan = locate(pointer)): SpecProblem => ({ message, pointer, ...span });
  const external = externalRefs(document);
  if (external.length) {
    return { state: 'done', problems: external.map(({ pointer, ref }) => problem(`The platform refuses a \`$ref\` to another file or URL ('${ref}'): write the definition in this spec, under \`components\``, pointer)) };
  }
  if (typeof document.swagger === 'string') {
    return { state: 'done', problems: [problem('The platform refuses Swagger 2.0 specs (OpenAPI versions before 3.0 are not supported): convert it to OpenAPI 3', '/swagger')] };
  }
  const result = await validate(document as Parameters<typeof validate>[0]);
  if (result.valid) return { state: 'done', problems: [] };
  const problems = (result.errors ?? []).map((error) => {
    const message = String(error.message);
    const pointer = 'path' in error && typeof error.path === 'string' ? error.path : '';
    const reference = /^Can.t resolve reference: (.*)$/.exec(message)?.[1];
    if (reference !== undefined) return problem(`The platform cannot resolve the reference '${reference}': nothing is written there`, pointer, refSpan(text, reference));
    if (/supported Swagger\/OpenAPI version/.test(message)) return problem(`The platform refuses this spec: ${message}`, '/openapi');
    return problem(`The platform's OpenAPI validator refuses this spec at ${shownPointer(pointer)}: ${plainer(message)}`, pointer);
  });
  return { state: 'done', problems };
}

/**
 * The validator's words, with what they mean where they mislead: an object that may also be a `$ref` (a response, a
 * parameter, a schema) and matches neither form is said to lack `$ref`, though what it lacks is its own keys.
 */
function plainer(message: string): string {
  if (message !== "must have required property '$ref'") return message;
  return `${message}, that is, it is neither a \`$ref\` nor a valid object of its kind (a required key missing or misspelt, or a value of the wrong type)`;
}

/** The pointer as a reader finds it: `paths › /users › get`. */
function shownPointer(pointer: string): string {
  const segments = pointerSegments(pointer);
  return segments.length ? `\`${segments.join(' › ')}\`` : 'its top level';
}

function readDocument(text: string): { document: Record<string, unknown>; locate: (pointer: string) => TextSpan } | undefined {
  if (/^\s*[{[]/.test(text)) {
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      return undefined;
    }
    return isObject(document) ? { document, locate: jsonLocator(text) } : undefined;
  }
  const { parseDocument } = loadYaml();
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length) return undefined;
  let document: unknown;
  try {
    // Aliases are expanded by toJS: an alias bomb is refused by its count limit (an error, taken as unparseable).
    document = doc.toJS({ maxAliasCount: 1000 });
  } catch {
    return undefined;
  }
  return isObject(document) ? { document, locate: yamlLocator(text, doc) } : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every `$ref` that does not point into the document (the platform refuses them all, before validating). */
function externalRefs(document: unknown): { pointer: string; ref: string }[] {
  const found: { pointer: string; ref: string }[] = [];
  const seen = new WeakSet<object>();
  const walk = (value: unknown, pointer: string): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    for (const [key, item] of Object.entries(value)) {
      const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (key === '$ref' && typeof item === 'string' && !item.startsWith('#')) found.push({ pointer: at, ref: item });
      else walk(item, at);
    }
  };
  walk(document, '');
  return found;
}

/** Validates in process, with no time budget (tests; the language server and the CLI use the worker). */
export const inProcessSpecValidator: SpecValidator = {
  validate: ({ text }, ready) => {
    void validateSpecText(text).then(ready, (error: unknown) => ready({ state: 'skipped', note: `not validated: ${error instanceof Error ? error.message : String(error)}` }));
  },
};
