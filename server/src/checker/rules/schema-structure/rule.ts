// SPEC "Navigation configuration" table, rules 2, 3, 12-14 (required keys, types, values, menu item keys); docs-json-settings note §1-3 for the other settings.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { diagnostic, Range, Rewrite, RuleCode } from '../../diagnostics';
import { nodeAtPointer } from '../../json/json-pointer';
import { JObject, JProperty, JValue, plainValue } from '../../json/json-tree';
import { KIND_TITLE, LABEL_KEY } from '../../model/element-kinds';
import { nearest } from '../../text/nearest';
import { unknownKey } from '../legacy-keys/rule';
import { MAX_SUGGESTED_LENGTH } from '../settings-files/rule';
import { validateDocsJson } from '../generated/docs-schema-validator.js';
import { iconProblem, siteIconLibrary } from '../../icons/icon-verdict';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';
import { invalidTypeFixes, invalidValueFixes, missingKeyFixes } from './fixes';
import { keyFixes } from '../legacy-keys/fixes';

/** The validator of `schemas/docs.schema.json`, generated ahead of time by ajv (`npm run generate`). */
export function schemaValidator(): ValidateFunction {
  return validateDocsJson;
}

const TYPE_TEXT: Record<string, string> = {
  boolean: 'true or false',
  string: 'a string',
  array: 'an array',
  object: 'an object',
  number: 'a number',
  'string,array,object': 'a path, a URL, an array of them, or an object with `source`',
  'string,object': 'an icon name or an icon object',
};

export function checkSchemaStructure(context: RuleContext): void {
  const { model } = context;
  if (!model.root) return;
  const validate = schemaValidator();
  if (validate(plainValue(model.root))) return;
  const seen = new Set<string>();
  const errors = validate.errors ?? [];
  const misnamed = misnamedPageLists(errors, context);
  for (const found of misnamed.values()) report(found);
  for (const error of errors) {
    if (withinMisnamed(error, misnamed)) continue;
    const found = describe(error, context);
    if (found) report(found);
  }

  function report(found: Finding): void {
    const id = `${found.code}|${found.range.file.path}|${found.range.offset}|${found.message}`;
    if (seen.has(id)) return;
    seen.add(id);
    const data = Object.fromEntries(Object.entries({ key: found.key, suggestion: found.suggestion, rewrite: found.rewrite }).filter(([, v]) => v !== undefined));
    context.report(diagnostic(found.code, found.range, found.message, Object.keys(data).length ? data : undefined));
  }
}

/**
 * `"groups": [` written where `"pages": [` belongs: a `groups` list of page paths only, in an object without `pages`.
 * One finding on the key (its fix renames it), by the pointer of the object that holds it, instead of one per page
 * and a "needs `pages`" on the object.
 */
function misnamedPageLists(errors: ErrorObject[], { model }: RuleContext): Map<string, Finding> {
  const found = new Map<string, Finding>();
  for (const error of errors) {
    const match = /^(.*)\/groups\/\d+$/.exec(error.instancePath);
    if (error.keyword !== 'type' || !match || found.has(match[1])) continue;
    const holder = nodeAtPointer(model.root, match[1])?.node;
    const prop = holder?.type === 'object' ? holder.props.find((p) => p.key === 'groups') : undefined;
    if (holder?.type !== 'object' || !prop || prop.value.type !== 'array' || holder.props.some((p) => p.key === 'pages')) continue;
    if (!prop.value.items.every((item) => item.type === 'string')) continue;
    found.set(match[1], {
      code: 'invalid-type',
      range: { file: prop.file, offset: prop.keyOffset, length: prop.keyLength },
      message: '`groups` lists page paths: a list of pages is `pages` (`groups` holds group objects)',
      key: 'groups',
      suggestion: 'pages',
    });
  }
  return found;
}

/** Whether an error is about a misnamed page list or the object holding it (which "needs" `pages`). */
function withinMisnamed({ instancePath: pointer, keyword }: ErrorObject, misnamed: Map<string, Finding>): boolean {
  if (!misnamed.size) return false;
  if (misnamed.has(pointer)) return keyword === 'required';
  const match = /^(.*)\/groups(\/\d+)?$/.exec(pointer);
  return match !== null && misnamed.has(match[1]);
}

interface Finding {
  code: RuleCode;
  range: Range;
  message: string;
  key?: string;
  suggestion?: string;
  rewrite?: Rewrite;
}

/** What the schema's patterns ask for, in words. */
/** The icon definition's pattern: the platform's validator refuses a name with Font Awesome's prefix. */
export const NO_FA_PREFIX = '^(?!fa-)';

const PATTERN_TEXT: Record<string, string> = {
  '^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$': 'a hex color with a leading # (#RRGGBB or #RGB, no alpha)',
  '^https://': 'an https:// URL',
  '^[a-zA-Z][a-zA-Z0-9+.-]*:': 'a URL',
  '^G': 'an id that starts with G',
  '^phc_': 'a PostHog project API key (it starts with phc_)',
  '^(?!https://)': 'a domain, without https://',
  '^(/|#|[a-zA-Z][a-zA-Z0-9+.-]*:)': 'a URL, or a path of the site starting with / or #',
  '^(/(?!/)|#|mailto:|https://)': 'an https:// URL, a mailto: link, or a path of the site starting with / or #',
  [NO_FA_PREFIX]: "an icon name without Font Awesome's `fa-` prefix (the platform refuses it)",
};

function describe(error: ErrorObject, { model, options, workspace }: RuleContext): Finding | undefined {
  const at = nodeAtPointer(model.root, error.instancePath);
  // An object whose `$ref` failed has already been reported on the `$ref`.
  if (!at || model.unresolvedRefs.has(at.node)) return undefined;
  const segments = error.instancePath.split('/').slice(1);
  const last = segments[segments.length - 1];
  const name = last === undefined ? 'docs.json' : /^\d+$/.test(last) ? `entries of \`${segments[segments.length - 2]}\`` : `\`${last}\``;
  const kind = model.byNode.get(at.node)?.kind;
  const what = kind
    ? `A ${KIND_TITLE[kind]}`
    : last === undefined
      ? 'docs.json'
      : /^\d+$/.test(last)
        ? `Entry ${Number(last) + 1} of \`${segments.slice(0, -1).join('.')}\``
        : `\`${last}\``;
  switch (error.keyword) {
    case 'required': {
      const key = String(error.params.missingProperty);
      const why = key === 'pages' ? ' (a list of pages, or an `openapi` spec to generate them)' : key === 'href' ? ' (an external URL)' : '';
      return { code: 'missing-key', range: objectLabelRange(at.node, at.key), message: `${what} needs \`${key}\`${why}`, key };
    }
    case 'type': {
      const expected = [error.params.type].flat().join(',');
      const inPages = /^\d+$/.test(last ?? '') && segments[segments.length - 2] === 'pages';
      const text = inPages
        ? 'a page path (string) or a group object'
        : TYPE_TEXT[expected] ?? expected;
      return { code: 'invalid-type', range: at.node, message: `${name} must be ${text}` };
    }
    case 'enum': {
      const values = (error.params.allowedValues as unknown[]).map(String);
      const suggestion = at.node.type === 'string' && at.node.plain.length <= MAX_SUGGESTED_LENGTH ? nearest(at.node.plain, values) : undefined;
      const allowed = values.map((v) => `'${v}'`).join(' or ');
      const message = suggestion ? `\`${segments.join('.')}\` must be ${allowed}: did you mean '${suggestion}'?` : `\`${segments.join('.')}\` must be ${allowed}`;
      return { code: 'invalid-value', range: at.node, message, suggestion };
    }
    case 'pattern': {
      const pattern = String(error.params.pattern);
      const text = PATTERN_TEXT[pattern] ?? `a string matching ${pattern}`;
      // An icon written with `fa-`: this finding is the icon's only one (unknown-icon leaves it), so it offers the name
      // without the prefix, where the site's icon library has it (a fix that adds no unknown-icon).
      const bare = pattern === NO_FA_PREFIX && at.node.type === 'string' ? at.node.plain.slice('fa-'.length) : undefined;
      const names = options.iconNames;
      const suggestion = bare && names && model.root && !iconProblem(bare, siteIconLibrary(model.root), names, (file) => workspace.files.has(file), false) ? bare : undefined;
      return { code: 'invalid-value', range: at.node, message: `\`${segments.join('.')}\` must be ${text}${suggestion ? `: did you mean '${suggestion}'?` : ''}`, suggestion };
    }
    case 'minLength': {
      const limit = Number(error.params.limit);
      const text = limit > 1 ? `must hold at least ${limit} characters` : 'must not be empty';
      return { code: 'invalid-value', range: at.node, message: `\`${segments.join('.')}\` ${text}` };
    }
    case 'maxItems':
    case 'minItems': {
      const most = error.keyword === 'maxItems' ? 'at most' : 'at least';
      return { code: 'invalid-value', range: at.key ?? at.node, message: `\`${segments.join('.')}\` may hold ${most} ${String(error.params.limit)} entries` };
    }
    case 'additionalProperties': {
      if (at.node.type !== 'object') return undefined;
      const key = String(error.params.additionalProperty);
      const prop = firstProperty(at.node, key);
      if (!prop) return undefined;
      const allowed = Object.keys(error.parentSchema?.properties ?? {}).join(', ');
      const range = { file: prop.file, offset: prop.keyOffset, length: prop.keyLength };
      // The platform's schema drops a menu item's `root` (a group's page) without a word: the file stays valid.
      if (kind === 'menu-item' && key === 'root') {
        return { code: 'ignored-key', range, message: '`root` has no effect on a menu item: the platform drops it (only a group opens a `root` page)', key };
      }
      if (!error.instancePath.startsWith('/navigation')) {
        const found = unknownKey(error.instancePath, key, prop.value, allowed);
        return { ...found, range, key };
      }
      return {
        code: 'unknown-key',
        range,
        message: `\`${key}\` is not allowed in ${what.replace(/^A /, 'a ')}: it may hold only ${allowed}`,
        key,
      };
    }
    default:
      return undefined;
  }
}

const LABEL_KEYS = new Set(Object.values(LABEL_KEY));

/** Where to show a problem of a whole object: its label key, else its first key, else the key that holds it. */
export function objectLabelRange(node: JValue, holderKey: Range | undefined): Range {
  if (node.type === 'object' && node.props.length) {
    const prop = node.props.find((p) => LABEL_KEYS.has(p.key)) ?? node.props[0];
    return { file: prop.file, offset: prop.keyOffset, length: prop.keyLength };
  }
  return holderKey ?? { file: node.file, offset: node.offset, length: Math.min(node.length, 1) };
}

/** The first property of an object with this key, through an index made once per object (an object of 200,000 unknown keys was searched once per key). */
function firstProperty(node: JObject, key: string): JProperty | undefined {
  let index = firstProperties.get(node);
  if (!index) {
    index = new Map();
    for (const prop of node.props) if (!index.has(prop.key)) index.set(prop.key, prop);
    firstProperties.set(node, index);
  }
  return index.get(key);
}

const firstProperties = new WeakMap<JObject, Map<string, JProperty>>();

export const rule: RuleModule = {
  folder: 'schema-structure',
  codes: { 'missing-key': 'error', 'invalid-type': 'error', 'invalid-value': 'error', 'unknown-key': 'error' },
  fixesInvent: ['missing-key'],
  namedElsewhere: ['invalid-type'],
  wholeObject: ['missing-key'],
  breaksBuild: ['invalid-value', 'invalid-type'],
  check: checkSchemaStructure,
  fixes: { 'missing-key': missingKeyFixes, 'invalid-type': invalidTypeFixes, 'invalid-value': invalidValueFixes, 'unknown-key': keyFixes },
};
