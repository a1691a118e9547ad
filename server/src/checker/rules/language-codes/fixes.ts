import { Diagnostic, shown } from '../../diagnostics';
import { fixOf, nodeUnder, replaceNode, replaceWithSuggestion } from '../fix-edits';
import { FixContext, RuleFix } from '../rule-module';

/** The specification's code nearest the one written. */
export function languageCodeFixes(d: Diagnostic, { model }: FixContext): RuleFix[] {
  const suggestion = d.data?.suggestion;
  const node = nodeUnder(model, d);
  return suggestion && node?.type === 'string' ? fixOf(`Replace with '${suggestion}'`, [replaceNode(node, JSON.stringify(suggestion))], true) : [];
}

/**
 * A code the platform accepts but SPEC does not list (its data names the code): accepting it comes first, added to
 * `docsJson.extraLanguageCodes`, a setting no text edit of docs.json reaches; changing it (its URLs with it) is
 * never preferred.
 */
export function platformLanguageCodeFixes(d: Diagnostic, { model }: FixContext): RuleFix[] {
  const code = d.data?.key;
  const accept: RuleFix[] = code === undefined ? [] : [{ title: `Accept '${shown(code)}': add it to docsJson.extraLanguageCodes`, edits: [], preferred: true, addToSetting: { setting: 'extraLanguageCodes', value: code } }];
  const replace = replaceWithSuggestion(d, nodeUnder(model, d), ", the specification's code").map((fix) => ({ ...fix, preferred: false }));
  return [...accept, ...replace];
}
