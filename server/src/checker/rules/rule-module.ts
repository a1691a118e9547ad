import { Diagnostic, Severity } from '../diagnostics';
import { SourceFile } from '../json/json-tree';
import { DocsModel } from '../model/docs-model';
import { FileIndex } from '../workspace/file-index';
import { PageRule } from './page-rule';
import { Rule } from './rule-context';

/**
 * One rule: its folder under `checker/rules/` holds its check (`rule.ts`), its fixes, its pages (`<code>.md`) and
 * the modules it alone uses; `registry.ts` lists it once. A docs.json rule has `check`, a page rule `page`; a rule
 * whose findings come from parsing (json-syntax, invalid-ref) has neither, only its codes and pages.
 */
export interface RuleModule {
  /** Its folder's name: its pages are `<folder>/<code>.md`. */
  folder: string;
  /** The codes it reports, with their default severities: `RULES` is every rule's, in registry order (`npm run generate`). */
  codes: Readonly<Record<string, Severity>>;
  /** A docs.json rule: run by every check of docs.json, in registry order. */
  check?: Rule;
  /** A page rule: run on every page, in registry order. */
  page?: PageRule;
  /** Its codes whose findings make the platform's build fail: never suppressed (their pages say so). */
  breaksBuild?: readonly string[];
  /** Its codes whose one fix writes words nobody chose (a title, alt text): `check --fix` leaves them to a writer. */
  fixesInvent?: readonly string[];
  /**
   * Its codes other floors name: the model reports them while parsing, a feature reads their findings. They name
   * them through the constants `npm run generate` writes (`JSON_SYNTAX_CODE` in rules/generated/rule-codes.ts).
   */
  namedElsewhere?: readonly string[];
  /** Its codes whose finding is about a whole object, placed on one of its keys: a syntax error inside the object hides it. */
  wholeObject?: readonly string[];
  /** Its quick fixes, by code, as plain edits: the editor's code actions and the CLI's `--fix` take them from here. */
  fixes?: Readonly<Record<string, RuleFixer>>;
}

/** What a fix may read beside its finding: the check it came from. */
export interface FixContext {
  model: DocsModel;
  /** The check's findings (a fix may depend on the others: only the first syntax error is fixed). */
  diagnostics: readonly Diagnostic[];
  files: FileIndex;
  /** The site's page ids (its files and generated pages). */
  pageIds: readonly string[];
}

export type RuleFixer = (finding: Diagnostic, context: FixContext) => RuleFix[];

/** One edit of a fix: `length` characters at `offset` of `file` replaced with `text`. */
export interface FixEdit {
  file: SourceFile;
  offset: number;
  length: number;
  text: string;
}

/** A quick fix: its title and its edits. */
export interface RuleFix {
  title: string;
  edits: FixEdit[];
  /** The fix an editor applies first (and the CLI's `--fix`, when it applies fixes). */
  preferred?: boolean;
}
