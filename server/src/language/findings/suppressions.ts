// Bulk suppressions as eslint has them (eslint-suppressions.json): the findings a team accepts for now, as counts
// per file and rule in `docs-json-suppressions.json`, committed. A check fails only on what goes beyond them.
import { RULE_MODULES } from '../../checker/rules/registry';
import { isRecord } from '../../project/data-file';

/** The file's name, in the docs folder. */
export const SUPPRESSIONS_FILE = 'docs-json-suppressions.json';

/**
 * What makes the platform's build fail (each rule's `breaksBuild`; its pages say so): never suppressed, whatever the file lists (issue 44:
 * a suppressed `json-syntax` let a docs.json the platform cannot read pass with exit 0). `--suppress-all` does not
 * write them; a file that lists them is told of once.
 */
export const BUILD_BREAKERS: ReadonlySet<string> = new Set(RULE_MODULES.flatMap((rule) => rule.breaksBuild ?? []));

/** The build breakers a suppressions file lists (ignored), in code-point order. */
export function listedBuildBreakers(counts: SuppressionCounts): string[] {
  const found = new Set<string>();
  for (const rules of counts.values()) for (const rule of rules.keys()) if (BUILD_BREAKERS.has(rule)) found.add(rule);
  return [...found].sort(byCodePoint);
}

/** Counts by file (relative to the docs folder, `/`-separated) and rule code. */
export type SuppressionCounts = Map<string, Map<string, number>>;

/** What a finding is counted by. Only errors and warnings are suppressed: the rest never fails a check. */
export interface Suppressible {
  file: string;
  code: string;
  severity: string;
}

/** A suppressions file's text as counts, or why it cannot be read (one line). */
export function parseSuppressions(text: string): SuppressionCounts | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return `it is not JSON (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
  if (!isRecord(data)) return 'it is not an object of files';
  const counts: SuppressionCounts = new Map();
  for (const [file, rules] of Object.entries(data)) {
    if (!isRecord(rules)) return `'${file}' is not an object of rules`;
    const byRule = new Map<string, number>();
    for (const [rule, entry] of Object.entries(rules)) {
      const count = isRecord(entry) ? entry.count : undefined;
      if (!Number.isSafeInteger(count) || (count as number) < 1) return `'${file}' → '${rule}' has no count of 1 or more`;
      byRule.set(rule, count as number);
    }
    if (byRule.size) counts.set(file, byRule);
  }
  return counts;
}

/** The file's text: files and rules in code-point order, two-space indented, one trailing line end (diffs stay small). */
export function formatSuppressions(counts: SuppressionCounts): string {
  // No prototype: a file named __proto__ is a key like any other.
  const data: Record<string, Record<string, { count: number }>> = Object.create(null);
  for (const file of [...counts.keys()].sort(byCodePoint)) {
    const rules = counts.get(file)!;
    if (!rules.size) continue;
    data[file] = Object.create(null);
    for (const rule of [...rules.keys()].sort(byCodePoint)) data[file][rule] = { count: rules.get(rule)! };
  }
  return JSON.stringify(data, null, 2) + '\n';
}

/** How many errors and warnings each file has of each rule. */
export function countFindings(findings: readonly Suppressible[]): SuppressionCounts {
  const counts: SuppressionCounts = new Map();
  for (const finding of findings) {
    if (!isSuppressible(finding)) continue;
    let rules = counts.get(finding.file);
    if (!rules) counts.set(finding.file, (rules = new Map()));
    rules.set(finding.code, (rules.get(finding.code) ?? 0) + 1);
  }
  return counts;
}

/**
 * Which findings the counts suppress: all errors and warnings of a file and rule when there are no more of them
 * than its count; none of them when there are more (as eslint: which one is new cannot be told, so all are shown).
 */
export function suppressedFindings(findings: readonly Suppressible[], counts: SuppressionCounts): boolean[] {
  const found = countFindings(findings);
  return findings.map((finding) => {
    if (!isSuppressible(finding)) return false;
    const allowed = counts.get(finding.file)?.get(finding.code) ?? 0;
    return found.get(finding.file)!.get(finding.code)! <= allowed;
  });
}

/** The message of a suppressed finding as the editor shows it. */
export function suppressedMessage(message: string): string {
  return `${message} (suppressed in ${SUPPRESSIONS_FILE})`;
}

function isSuppressible(finding: Suppressible): boolean {
  return (finding.severity === 'error' || finding.severity === 'warning') && !BUILD_BREAKERS.has(finding.code);
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
