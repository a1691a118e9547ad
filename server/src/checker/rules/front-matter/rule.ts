import { diagnostic, Diagnostic, shown } from '../../diagnostics';
import { SourceFile } from '../../json/json-tree';
import { HTTP_METHODS } from '../../openapi/endpoint-entry';
import { FrontMatter, FrontMatterEntry } from '../../pages/front-matter';
import { nearest } from '../../text/nearest';
import { RuleModule } from '../rule-module';
import { pushAll } from '../../text/push-all';

import { FRONT_MATTER_KEYS, KeyType } from './front-matter-keys';
import { frontMatterValueFixes } from './fixes';
export { FRONT_MATTER_KEYS, ICON_TYPES, PAGE_MODES } from './front-matter-keys';

/** Issue 26: front matter the platform can read, its documented keys of the documented types and values. */
export function checkFrontMatter(page: () => SourceFile, frontMatter: FrontMatter): Diagnostic[] {
  const found: Diagnostic[] = [];
  if (frontMatter.error) {
    const { offset, length, message } = frontMatter.error;
    found.push(diagnostic('front-matter-syntax', { file: page(), offset, length }, message));
  }
  for (const entry of frontMatter.entries) {
    if (!Object.prototype.hasOwnProperty.call(FRONT_MATTER_KEYS, entry.key)) continue;
    const problem = valueProblem(FRONT_MATTER_KEYS[entry.key], entry);
    if (!problem) continue;
    const empty = entry.valueEnd === entry.valueStart;
    const range = empty ? { offset: entry.keyStart, length: entry.keyEnd - entry.keyStart } : { offset: entry.valueStart, length: entry.valueEnd - entry.valueStart };
    found.push(diagnostic('front-matter-value', { file: page(), ...range }, `\`${entry.key}\`: ${problem.message}`, problem.suggestion ? { suggestion: problem.suggestion } : undefined));
  }
  return found;
}

function valueProblem(type: KeyType, entry: FrontMatterEntry): { message: string; suggestion?: string } | undefined {
  const { value } = entry;
  // An empty value is no value: the platform does as if the key were absent.
  if (value === null) return undefined;
  if (type === 'string') return isText(value) ? undefined : { message: `expected a string, got ${describe(value)}.` };
  if (type === 'boolean') {
    // `noindex: "true"` (three live Portkey pages) is a truthy string: it works as meant. "false" does the opposite.
    if (typeof value === 'boolean' || value === 'true') return undefined;
    const opposite = value === 'false' ? ' A string is not a boolean: write `false` without quotes.' : '';
    return { message: `expected \`true\` or \`false\`, got ${describe(value)}.${opposite}` };
  }
  if (type === 'strings') {
    if (!Array.isArray(value)) return { message: `expected a list of strings, got ${describe(value)}.` };
    const bad = value.find((item) => !isText(item));
    return bad === undefined ? undefined : { message: `expected a list of strings, one item is ${describe(bad)}.` };
  }
  if (type === 'endpoint') {
    if (typeof value !== 'string') return { message: `expected \`METHOD url\` (\`POST https://api.example.com/users\`), got ${describe(value)}.` };
    const [method, url] = value.trim().split(/\s+/, 2);
    if (!url || !HTTP_METHODS.includes(method.toUpperCase())) return { message: `expected \`METHOD url\` (\`POST https://api.example.com/users\`), got '${shown(value)}'.` };
    return undefined;
  }
  if (typeof value !== 'string' || !type.oneOf.includes(value)) {
    const suggestion = typeof value === 'string' ? nearest(value, type.oneOf) : undefined;
    const meant = suggestion ? ` Did you mean '${suggestion}'?` : '';
    return { message: `expected one of ${type.oneOf.map((v) => `'${v}'`).join(', ')}, got ${describe(value)}.${meant}`, suggestion };
  }
  return undefined;
}

/** A string, or a number: a title of `404` shows as written. */
function isText(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number';
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `the string '${shown(value)}'`;
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'object' && value !== null) return 'a map';
  return `${typeof value} \`${String(value)}\``;
}

export const rule: RuleModule = {
  folder: 'front-matter',
  codes: { 'front-matter-syntax': 'error', 'front-matter-value': 'warning' },
  breaksBuild: ['front-matter-syntax'],
  pageFixes: { 'front-matter-value': frontMatterValueFixes },
  page: {
    collects: ['front-matter'],
    check(page) {
      if (page.frontMatter) pushAll(page.found, checkFrontMatter(page.file, page.frontMatter));
    },
  },
};
