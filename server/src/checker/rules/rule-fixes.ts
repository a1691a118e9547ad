import { Diagnostic } from '../diagnostics';
import { RULE_MODULES } from './registry';
import { FixContext, PageFixContext, PageFixer, RuleFix, RuleFixer } from './rule-module';

const FIXERS = new Map<string, RuleFixer>(RULE_MODULES.flatMap((rule) => Object.entries(rule.fixes ?? {})));

/** The quick fixes of a finding from its rule's folder; undefined when its rule gives none there. */
export function ruleFixes(finding: Diagnostic, context: FixContext): RuleFix[] | undefined {
  return FIXERS.get(finding.code)?.(finding, context);
}

const PAGE_FIXERS = new Map<string, PageFixer>(RULE_MODULES.flatMap((rule) => Object.entries(rule.pageFixes ?? {})));

/** Whether a page finding of this code has fixes in its rule's folder. */
export function hasPageFixes(code: string): boolean {
  return PAGE_FIXERS.has(code);
}

/** The quick fixes of a page's finding from its rule's folder (none when its rule gives none). */
export function rulePageFixes(finding: Diagnostic, context: PageFixContext): RuleFix[] {
  return PAGE_FIXERS.get(finding.code)?.(finding, context) ?? [];
}

/** The codes whose one fix writes words nobody chose (a title, alt text): the editor offers them, `check --fix` leaves them. */
export const FIXES_INVENT: ReadonlySet<string> = new Set(RULE_MODULES.flatMap((rule) => rule.fixesInvent ?? []));
