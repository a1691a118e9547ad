import path = require('node:path');
import { capFindings, Diagnostic } from './diagnostics';
import { makeSourceFile } from './json/json-tree';
import { buildModel } from './model/docs-model';
import { findingsBeforeSyntaxErrors } from './model/recovered-findings';
import { RULE_MODULES } from './rules/registry';
import { CheckOptions, CheckResult, Rule, RuleFindings } from './rules/rule-context';

export type { CheckResult };
import { DocsWorkspace } from './workspace/docs-workspace';

/** The docs.json rules, in registry order. */
export const ALL_RULES: Rule[] = RULE_MODULES.flatMap((rule) => (rule.check ? [rule.check] : []));

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
