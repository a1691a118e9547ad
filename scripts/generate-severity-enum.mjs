// Writes the rule codes (RULES, then ORPHAN_CODE) into package.json's `docsJson.severity` setting, so that the
// editor offers exactly the codes the checker reports. `npm run generate` writes it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import { RULES } from '../server/src/checker/diagnostics.ts';
import { ORPHAN_CODE } from '../server/src/project/project-settings.ts';

const ENUM_PATH = ['contributes', 'configuration', 'properties', 'docsJson.severity', 'propertyNames', 'enum'];

/** package.json with the severity setting's codes replaced, the rest of its text untouched. */
export function severityEnumFiles(root) {
  const text = readFileSync(join(root, 'package.json'), 'utf8');
  const codes = [...Object.keys(RULES), ORPHAN_CODE];
  const edits = modify(text, ENUM_PATH, codes, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } });
  return [{ path: 'package.json', text: applyEdits(text, edits) }];
}
