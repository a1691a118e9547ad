import { Diagnostic } from '../diagnostics';
import { JValue } from '../json/json-tree';
import { nodePathAt } from '../query/node-path';
import { JSON_SYNTAX_CODE, WHOLE_OBJECT_CODES as WHOLE_OBJECT_LIST } from '../rules/generated/rule-codes';

/** Findings on a whole object, placed on one of its keys: the object may have lost the keys written after an error. */
const WHOLE_OBJECT_CODES = new Set(WHOLE_OBJECT_LIST);

/**
 * The findings that stand before the first syntax error of their JSON file. From that error on the parser's tree is a
 * guess: an entry cut short "needs" the keys written after the error, and the entries it lost left their pages
 * "not in the navigation". One slip showed 19 errors for one comma; the syntax error is what to fix first.
 */
export function findingsBeforeSyntaxErrors(diagnostics: Diagnostic[], root: JValue | undefined): Diagnostic[] {
  const firstError = new Map<string, number>();
  for (const d of diagnostics) {
    if (breaksTree(d)) firstError.set(d.file.path, Math.min(firstError.get(d.file.path) ?? Infinity, d.offset));
  }
  if (!firstError.size) return diagnostics;
  return diagnostics.filter((d) => {
    const limit = firstError.get(d.file.path);
    if (d.code === JSON_SYNTAX_CODE || limit === undefined) return true;
    if (d.offset >= limit) return false;
    if (!WHOLE_OBJECT_CODES.has(d.code)) return true;
    const path = nodePathAt(root, d.file.path, d.offset + 1);
    const object = path[path.length - 1]?.node;
    return !object || object.file.path !== d.file.path || object.offset + object.length <= limit;
  });
}

/** Whether a JSON file of the check does not parse and its tree is a guess (a trailing comma alone is no guess). */
export function hasSyntaxErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some(breaksTree);
}

/** A syntax error the tree may be wrong after: any but a trailing comma before `}` or `]`, which loses nothing. */
function breaksTree(d: Diagnostic): boolean {
  if (d.code !== JSON_SYNTAX_CODE) return false;
  const text = d.file.text;
  if (text[d.offset] !== '}' && text[d.offset] !== ']') return true;
  let i = d.offset - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  return text[i] !== ',';
}
