// Writes the rule codes (RULES, then ORPHAN_CODE) into package.json's `docsJson.severity` setting, so that the
// editor offers exactly the codes the checker reports: as the names it accepts (`propertyNames`), and as keys that
// settings.json completes, each with its severities, its default and what it reports (the summary of its rule page's
// source, server/src/checker/rules/*/<code>.md) (`properties`). `npm run generate` writes it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import { registryCodes } from '../server/src/checker/rules/registry.ts';
import { ruleDocs } from './generate-rule-docs.mjs';
import { ORPHAN_CODE, ORPHAN_SEVERITY, SEVERITY_SETTINGS } from '../server/src/project/project-settings.ts';

const SEVERITY_PATH = ['contributes', 'configuration', 'properties', 'docsJson.severity'];

/** package.json with the severity setting's codes replaced, the rest of its text untouched. */
export function severityEnumFiles(root) {
  let text = readFileSync(join(root, 'package.json'), 'utf8');
  const codes = [...Object.keys(registryCodes()), ORPHAN_CODE];
  const summaries = new Map(ruleDocs(root).map((doc) => [doc.code, doc.summary]));
  const defaults = { ...registryCodes(), [ORPHAN_CODE]: ORPHAN_SEVERITY };
  const properties = Object.fromEntries(
    codes.map((code) => [code, { enum: SEVERITY_SETTINGS, markdownDescription: `Default \`${defaults[code]}\`: ${summaries.get(code)}` }]),
  );
  const formattingOptions = { insertSpaces: true, tabSize: 2, eol: '\n' };
  text = applyEdits(text, modify(text, [...SEVERITY_PATH, 'propertyNames', 'enum'], codes, { formattingOptions }));
  text = applyEdits(text, modify(text, [...SEVERITY_PATH, 'properties'], properties, { formattingOptions }));
  return [{ path: 'package.json', text }];
}
