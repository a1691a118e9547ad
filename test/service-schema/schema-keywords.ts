// Which keywords, and which uses of them, in a JSON schema the completion, hover and quick fixes of
// server/src/checker/json/schema-lookup.ts would not understand. The keywords it reads are its own export; the ones
// they may skip are listed here, each with why.
import {
  definitionName,
  requiredUnless,
  requiredWhen,
  SchemaNode,
  typeCondition,
  UNDERSTOOD_KEYWORDS,
  UNDERSTOOD_TYPES,
} from '../../server/src/checker/json/schema-lookup';

type Schema = Record<string, unknown>;

interface Ignored {
  why: string;
  /** A problem with this use of the keyword, when it is one the features could not skip. */
  misuse?: (value: unknown, schema: Schema) => string | undefined;
}

const VALIDATION_ONLY = 'validation only (the checker reports it); completion inserts an empty value of the right type either way';

export const IGNORED_KEYWORDS: Record<string, Ignored> = {
  $schema: { why: 'names the JSON Schema draft: nothing to complete or show' },
  $id: { why: "the schema's own URI: `$ref`s are read as `#/definitions/…` fragments, never resolved against it" },
  $comment: { why: 'a note for the schema’s authors, not for users' },
  title: { why: "hover shows a key's description; the root's title names the file, no key" },
  additionalProperties: {
    why: "completion offers the keys under `properties`; any other key is the checker's concern (unknown-key)",
    misuse: (value) => (typeof value === 'boolean' ? undefined : 'a schema for other keys: their values would get no completion or hover'),
  },
  markdownDescription: {
    why: "VS Code's JSON service shows it instead of `description`; our hover renders `description` as Markdown already",
    misuse: (_, schema) => (typeof schema.description === 'string' ? undefined : 'no `description` beside it: hover would show nothing'),
  },
  minItems: { why: VALIDATION_ONLY },
  maxItems: { why: VALIDATION_ONLY },
  uniqueItems: { why: VALIDATION_ONLY },
  maxLength: { why: VALIDATION_ONLY },
  format: { why: VALIDATION_ONLY },
};

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStrings = (value: unknown) => Array.isArray(value) && value.every((v) => typeof v === 'string');
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** One line per keyword use of `root` that schema-lookup does not understand: what, where (JSON pointer), why. */
export function unsupportedKeywords(root: Schema): string[] {
  const problems: string[] = [];
  const definitions = isObject(root.definitions) ? root.definitions : {};
  const definition = (ref: unknown) => {
    const name = typeof ref === 'string' ? definitionName(ref) : undefined;
    return name !== undefined && Object.hasOwn(definitions, name) ? definitions[name] : undefined;
  };
  const resolve = (node: unknown) => {
    for (let i = 0; isObject(node) && node.$ref !== undefined && i < 16; i++) node = definition(node.$ref);
    return node;
  };

  /** A problem with an understood keyword's use; visits the schemas inside it. */
  const check = (keyword: string, value: unknown, node: Schema, at: string): string | undefined => {
    const children = (entries: [string, unknown][]) => entries.forEach(([key, child]) => visit(child, `${at}/${escape(key)}`));
    switch (keyword) {
      case 'definitions':
        if (at !== '/definitions') return '`$ref`s reach only the root’s definitions';
        return isObject(value) ? void children(Object.entries(value)) : 'not an object';
      case 'properties':
        return isObject(value) ? void children(Object.entries(value)) : 'not an object';
      case 'items':
        return isObject(value) ? void visit(value, at) : 'only one schema for every item is read (not a tuple, not a boolean)';
      case 'then':
      case 'else':
        return 'if' in node ? void visit(value, at) : 'without `if`';
      case '$ref': {
        if (definition(value) === undefined) return `\`${String(value)}\`: only \`#/definitions/<name>\` of an existing definition is read`;
        const siblings = Object.keys(node).filter((k) => k !== '$ref');
        return siblings.length ? `keys beside it are not read: ${siblings.join(', ')}` : undefined;
      }
      case 'type': {
        const unknown = [value].flat().filter((t) => !UNDERSTOOD_TYPES.includes(t as string));
        return unknown.length ? `type ${unknown.join(', ')}: completion writes values of type ${UNDERSTOOD_TYPES.join(', ')} only` : undefined;
      }
      case 'description':
        return typeof value === 'string' ? undefined : 'not a string';
      case 'enum':
        return isStrings(value) ? undefined : 'completion offers enum values as strings: every value must be one';
      case 'enumDescriptions':
        return isStrings(value) && Array.isArray(node.enum) && value.length === node.enum.length ? undefined : 'one string per `enum` value, beside the `enum`';
      case 'required':
        return isStrings(value) ? undefined : 'not an array of key names';
      case 'pattern':
        return typeof value === 'string' ? undefined : 'not a string';
      case 'minLength':
        return Number.isInteger(value) ? undefined : 'not an integer';
      case 'if':
        return ifProblem(node as SchemaNode, at);
      default:
        throw new Error(`schema-keywords.ts does not check \`${keyword}\`, which schema-lookup understands: add it`);
    }
  };

  const ifProblem = (node: SchemaNode, at: string): string | undefined => {
    if (requiredUnless(node) || requiredWhen(node)) return undefined;
    if (typeCondition(node) === undefined) {
      return 'only `if: { type }` with `then`/`else` (and a description) beside it, `if: { not: { required } }` with `then: { required }`, or `if: { required: [K], properties: { K: { enum } } }` with `then` or `else: { required }`, is read';
    }
    if (at === '/if') return 'a type condition at the root is not followed';
    const nested = [node.then, node.else].some((b) => isObject(resolve(b)) && typeCondition(resolve(b) as SchemaNode) !== undefined);
    return nested ? 'a type condition in the branch of another is not followed' : undefined;
  };

  const visit = (node: unknown, at: string) => {
    if (!isObject(node)) return void problems.push(`${at || '/'}: a ${JSON.stringify(node)} schema: only objects are read`);
    for (const [keyword, value] of Object.entries(node)) {
      const where = `${at}/${escape(keyword)}`;
      const ignored = IGNORED_KEYWORDS[keyword];
      const problem = UNDERSTOOD_KEYWORDS.includes(keyword)
        ? check(keyword, value, node, where)
        : ignored
          ? ignored.misuse?.(value, node)
          : 'not read by server/src/checker/json/schema-lookup.ts: teach it there (UNDERSTOOD_KEYWORDS), or list it in IGNORED_KEYWORDS of test/service-schema/schema-keywords.ts with why completion and hover may skip it';
      if (problem) problems.push(`\`${keyword}\` at ${where}: ${problem}`);
    }
  };
  visit(root, '');
  return problems;
}
