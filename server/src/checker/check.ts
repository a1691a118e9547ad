import path = require('node:path');
import { capFindings, Diagnostic } from './diagnostics';
import { makeSourceFile } from './json/json-tree';
import { buildModel } from './model/docs-model';
import { findingsBeforeSyntaxErrors } from './model/recovered-findings';
import { checkDetectedBasePath } from './rules/detected-base-path';
import { checkColorContrast } from './rules/color-contrast';
import { checkDuplicatePages } from './rules/duplicate-pages';
import { checkEndpoints } from './rules/endpoints';
import { checkExpandedGroups } from './rules/expanded-groups';
import { checkGlobalAnchors } from './rules/global-anchors';
import { checkIcons } from './rules/icons';
import { checkLanguageCodes } from './rules/language-codes';
import { checkLanguageParity } from './rules/language-parity';
import { checkMixedChildren } from './rules/mixed-children';
import { checkOpenApiFiles } from './rules/openapi-files';
import { checkOpenApiSchemas } from './rules/openapi-schema';
import { checkPageFiles } from './rules/page-files';
import { checkRedirects } from './rules/redirects';
import { checkSettingsFiles } from './rules/settings-files';
import { checkSettingsLinks } from './rules/settings-links';
import { checkSettingsValues } from './rules/settings-values';
import { checkNavigationKeySlips } from './rules/navigation-key-slips';
import { checkRootPattern } from './rules/root-pattern';
import { CheckOptions, CheckResult, Rule, RuleFindings } from './rules/rule-context';

export type { CheckResult };
import { checkSchemaStructure } from './rules/schema-structure';
import { DocsWorkspace } from './workspace/docs-workspace';

export const ALL_RULES: Rule[] = [
  checkSchemaStructure,
  checkRootPattern,
  checkMixedChildren,
  checkGlobalAnchors,
  checkLanguageCodes,
  checkPageFiles,
  checkOpenApiFiles,
  checkOpenApiSchemas,
  checkEndpoints,
  checkExpandedGroups,
  checkNavigationKeySlips,
  checkDuplicatePages,
  checkSettingsValues,
  checkSettingsFiles,
  checkSettingsLinks,
  checkRedirects,
  checkDetectedBasePath,
  checkColorContrast,
  checkLanguageParity,
  checkIcons,
];

/**
 * Checks the docs.json text of `workspace.root` (read from disk unless an editor's text is given).
 * Diagnostics come sorted by file, then position. `previous`, the findings of the folder's last check, spares work
 * they still answer.
 */
export function checkDocs(
  workspace: DocsWorkspace,
  text?: string,
  options: CheckOptions = {},
  previous?: RuleFindings,
  docsJsonName = 'docs.json',
): CheckResult {
  const filePath = path.join(workspace.root, docsJsonName);
  const source = text ?? workspace.read(docsJsonName) ?? '';
  const model = buildModel(makeSourceFile(filePath, source), workspace, docsJsonName);
  const diagnostics = [...model.diagnostics];
  const findings: RuleFindings = {};
  const context = { model, workspace, options, previous, findings, report: (d: Diagnostic) => diagnostics.push(d) };
  for (const rule of ALL_RULES) rule(context);
  const shown = findingsBeforeSyntaxErrors(diagnostics, model.root);
  shown.sort((a, b) => (a.file.path === b.file.path ? a.offset - b.offset : a.file.path < b.file.path ? -1 : 1));
  return { model, diagnostics: capFindings(shown), findings };
}
