import { Diagnostic } from '../../diagnostics';
import { fixOf } from '../fix-edits';
import { FixContext, RuleFix } from '../rule-module';

/**
 * "Comma expected" where a value ends and the next entry begins (a page completed before another entry): the comma
 * after the value. Only for the first syntax error of the file: later ones are the parser's guesses.
 */
export function missingCommaFixes(d: Diagnostic, { diagnostics }: FixContext): RuleFix[] {
  if (d.message !== 'Comma expected') return [];
  const first = diagnostics.find((other) => other.code === 'json-syntax' && other.file.path === d.file.path);
  if (first !== d) return [];
  const text = d.file.text;
  let end = d.offset;
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  if (end === 0 || !/["}\]\w]/.test(text[end - 1]) || !/["{\[\w-]/.test(text[d.offset] ?? '')) return [];
  return fixOf('Add the missing comma', [{ file: d.file, offset: end, length: 0, text: end === d.offset ? ', ' : ',' }], true);
}
