// Writes the rule codes (RULES, then ORPHAN_CODE) into package.json's `docsJson.severity` setting, so that the
// editor offers exactly the codes the checker reports: as the names it accepts (`propertyNames`), and as keys that
// settings.json completes, each with its severities and, from README's Rules table, its default and what it
// reports (`properties`). `npm run generate` writes it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import { RULES } from '../server/src/checker/diagnostics.ts';
import { ORPHAN_CODE, ORPHAN_SEVERITY, SEVERITY_SETTINGS } from '../server/src/project/project-settings.ts';

const SEVERITY_PATH = ['contributes', 'configuration', 'properties', 'docsJson.severity'];

/** package.json with the severity setting's codes replaced, the rest of its text untouched. */
export function severityEnumFiles(root) {
  let text = readFileSync(join(root, 'package.json'), 'utf8');
  const codes = [...Object.keys(RULES), ORPHAN_CODE];
  const summaries = ruleSummaries(readFileSync(join(root, 'README.md'), 'utf8'));
  summaries.set(ORPHAN_CODE, 'a page file under the docs folder that no entry of the navigation reaches');
  const defaults = { ...RULES, [ORPHAN_CODE]: ORPHAN_SEVERITY };
  const properties = Object.fromEntries(
    codes.map((code) => [code, { enum: SEVERITY_SETTINGS, markdownDescription: `Default \`${defaults[code]}\`: ${summaries.get(code) ?? code}.` }]),
  );
  const formattingOptions = { insertSpaces: true, tabSize: 2, eol: '\n' };
  text = applyEdits(text, modify(text, [...SEVERITY_PATH, 'propertyNames', 'enum'], codes, { formattingOptions }));
  text = applyEdits(text, modify(text, [...SEVERITY_PATH, 'properties'], properties, { formattingOptions }));
  return [{ path: 'package.json', text }];
}

/** `code` → what it reports, from the rows of README's Rules table (`| \`code\` | severity | what |`). */
function ruleSummaries(readme) {
  const summaries = new Map();
  for (const [, code, what] of readme.matchAll(/^\| `([^`]+)` \| \w+ \| (.+) \|$/gm)) {
    summaries.set(code, what);
  }
  return summaries;
}
