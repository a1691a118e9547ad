// Fingerprints in the suppressions file (issue 47): beside each file and rule's count, the fingerprints of the
// findings suppressed (a hash of the rule and the message, with line numbers left out: not of the file or the
// position). They let a suppression follow its file when the file is moved, and tell which findings of a file and
// rule are new when there are more than its count. A file without them works as before (counts alone).
import fs = require('node:fs');
import path = require('node:path');
import { isRecord, SuppressionCounts, suppressedFindings } from '../../server/src/language';
import type { CliDiagnostic } from './diagnostic-formats';
import { pathExists } from './path-exists';

/** Fingerprints by file and rule, as recorded. */
export type Fingerprints = Map<string, Map<string, string[]>>;

/** A finding's identity that survives a move of its file and lines added above it. */
export function fingerprintOf(d: Pick<CliDiagnostic, 'code' | 'message'>): string {
  const message = d.message.replace(/\bline \d+/g, 'line N');
  return (require('node:crypto') as typeof import('node:crypto')).createHash('sha256').update(`${d.code}\0${message}`).digest('hex').slice(0, 16);
}

/** The fingerprints a suppressions file's text records (none for an entry without them, or a text that is not JSON). */
export function readFingerprints(text: string | undefined): Fingerprints {
  const out: Fingerprints = new Map();
  let data: unknown;
  try {
    data = text === undefined ? undefined : JSON.parse(text);
  } catch {
    return out;
  }
  if (!isRecord(data)) return out;
  for (const [file, rules] of Object.entries(data)) {
    if (!isRecord(rules)) continue;
    for (const [rule, entry] of Object.entries(rules)) {
      const prints = isRecord(entry) && Array.isArray(entry.fingerprints) ? entry.fingerprints.filter((f): f is string => typeof f === 'string') : [];
      if (!prints.length) continue;
      if (!out.has(file)) out.set(file, new Map());
      out.get(file)!.set(rule, prints);
    }
  }
  return out;
}

/**
 * The counts with each suppression of a file that is gone moved to the file where its findings are now (same rule,
 * same fingerprint, in a file whose own count does not cover them): a pure rename keeps its suppressions. A file
 * still there keeps its own.
 */
export function followMoves(counts: SuppressionCounts, prints: Fingerprints, found: readonly CliDiagnostic[], docsRoot: string): { counts: SuppressionCounts; prints: Fingerprints } {
  const gone = [...counts.keys()].filter((file) => prints.has(file) && !pathExists(path.join(docsRoot, file)));
  if (!gone.length) return { counts, prints };
  const moved: SuppressionCounts = new Map([...counts].map(([file, rules]) => [file, new Map(rules)]));
  const movedPrints: Fingerprints = new Map([...prints].map(([file, rules]) => [file, new Map([...rules].map(([rule, list]) => [rule, [...list]]))]));
  // Findings beyond their own file's count, by rule and fingerprint: where a moved suppression may land.
  const uncovered = new Map<string, CliDiagnostic[]>();
  const seen = new Map<string, number>();
  for (const d of found) {
    const group = `${d.file}\0${d.code}`;
    const rank = (seen.get(group) ?? 0) + 1;
    seen.set(group, rank);
    if (rank <= (counts.get(d.file)?.get(d.code) ?? 0)) continue;
    const key = `${d.code}\0${fingerprintOf(d)}`;
    uncovered.set(key, [...(uncovered.get(key) ?? []), d]);
  }
  for (const file of gone) {
    for (const [rule, list] of prints.get(file)!) {
      for (const print of list) {
        const target = uncovered.get(`${rule}\0${print}`)?.shift();
        if (!target) continue;
        take(moved, movedPrints, file, rule, print);
        const rules = moved.get(target.file) ?? new Map<string, number>();
        rules.set(rule, (rules.get(rule) ?? 0) + 1);
        moved.set(target.file, rules);
        const targetPrints = movedPrints.get(target.file) ?? new Map<string, string[]>();
        targetPrints.set(rule, [...(targetPrints.get(rule) ?? []), print]);
        movedPrints.set(target.file, targetPrints);
      }
    }
  }
  return { counts: moved, prints: movedPrints };
}

function take(counts: SuppressionCounts, prints: Fingerprints, file: string, rule: string, print: string): void {
  const left = (counts.get(file)?.get(rule) ?? 1) - 1;
  if (left > 0) counts.get(file)!.set(rule, left);
  else counts.get(file)?.delete(rule);
  if (counts.get(file)?.size === 0) counts.delete(file);
  const list = prints.get(file)?.get(rule);
  if (list) list.splice(list.indexOf(print), 1);
}

/**
 * Which findings are suppressed: as `suppressedFindings` (all of a file and rule within its count), and, where a file
 * and rule has more findings than its count and fingerprints are recorded, those whose fingerprint is recorded
 * (up to the count): the others are the new ones, listed alone.
 */
export function suppressedByFingerprint(found: readonly CliDiagnostic[], counts: SuppressionCounts, prints: Fingerprints): boolean[] {
  const base = suppressedFindings(found, counts);
  const left = new Map<string, string[]>();
  const allowed = new Map<string, number>();
  return found.map((d, i) => {
    if (base[i]) return true;
    const recorded = prints.get(d.file)?.get(d.code);
    if (!recorded) return false;
    // Whether the rule lets this finding be suppressed at all (a count as large as wanted still would not).
    if (!suppressedFindings([d], new Map([[d.file, new Map([[d.code, Number.MAX_SAFE_INTEGER]])]]))[0]) return false;
    const group = `${d.file}\0${d.code}`;
    if (!left.has(group)) {
      left.set(group, [...recorded]);
      allowed.set(group, counts.get(d.file)?.get(d.code) ?? 0);
    }
    const list = left.get(group)!;
    const at = list.indexOf(fingerprintOf(d));
    if (at === -1 || allowed.get(group)! <= 0) return false;
    list.splice(at, 1);
    allowed.set(group, allowed.get(group)! - 1);
    return true;
  });
}

/**
 * The suppressions file's text with each entry's fingerprints: those of the findings it counts now (in `found`),
 * else those it had (a file outside `--files`, a finding fixed since). Same order and layout as formatSuppressions.
 */
export function withFingerprints(text: string, found: readonly CliDiagnostic[], before: Fingerprints): string {
  const data = JSON.parse(text) as Record<string, Record<string, { count: number; fingerprints?: string[] }>>;
  const now = new Map<string, string[]>();
  for (const d of found) {
    const group = `${d.file}\0${d.code}`;
    now.set(group, [...(now.get(group) ?? []), fingerprintOf(d)]);
  }
  for (const [file, rules] of Object.entries(data)) {
    for (const [rule, entry] of Object.entries(rules)) {
      const current = now.get(`${file}\0${rule}`) ?? [];
      const old = before.get(file)?.get(rule) ?? [];
      const prints = current.length >= entry.count ? current.slice(0, entry.count) : [...current, ...old.filter((p) => !current.includes(p))].slice(0, entry.count);
      if (prints.length) entry.fingerprints = prints.sort();
    }
  }
  return JSON.stringify(data, null, 2) + '\n';
}

