import { Diagnostic, Severity } from '../diagnostics';
import { SourceFile } from '../json/json-tree';
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
  /** Its quick fixes for one of its findings, as plain edits (the editor, the CLI's `--fix`). */
  fixes?(finding: Diagnostic): RuleFix[];
}

/** A quick fix: each edit replaces `length` characters at `offset` of `file` with `text`. */
export interface RuleFix {
  title: string;
  edits: { file: SourceFile; offset: number; length: number; text: string }[];
  /** The fix an editor applies first (and the CLI's `--fix`, when it applies fixes). */
  preferred?: boolean;
}
