import { Diagnostic } from '../diagnostics';
import { DocsModel } from '../model/docs-model';
import { DocsWorkspace } from '../workspace/docs-workspace';

export interface CheckOptions {
  /** Language codes accepted beyond SPEC's list (setting `docsJson.extraLanguageCodes`). */
  extraLanguageCodes?: string[];
}

export interface RuleContext {
  model: DocsModel;
  workspace: DocsWorkspace;
  options: CheckOptions;
  report(diagnostic: Diagnostic): void;
}

export type Rule = (context: RuleContext) => void;
