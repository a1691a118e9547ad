import { PageRule } from './page-rule';
import { RULE_MODULES } from './registry';

/** The page rules, in registry order. */
export const PAGE_RULES: readonly PageRule[] = RULE_MODULES.flatMap((rule) => (rule.page ? [rule.page] : []));

/** The codes whose severity `off` skips each page rule (its `skippedWhenOff`, else all its codes). */
const SKIP_CODES = new Map(RULE_MODULES.flatMap((rule) => (rule.page ? [[rule.page, rule.page.skippedWhenOff ?? Object.keys(rule.codes)] as const] : [])));

/**
 * The page rules a page check runs: a severity of `off` for every code of a rule skips it (not only hides its
 * findings: its part of the scan is not done either).
 */
export function pageRulesOn(off: (code: string) => boolean): PageRule[] {
  return PAGE_RULES.filter((rule) => {
    const codes = SKIP_CODES.get(rule)!;
    return codes.length === 0 || !codes.every(off);
  });
}
