import path = require('node:path');
import {
  BUILD_BREAKERS,
  countFindings,
  listedBuildBreakers,
  formatSuppressions,
  parseSuppressions,
  readDataFile,
  RULES,
  SuppressionCounts,
  SUPPRESSIONS_FILE,
  writeDataFile,
} from '../../server/src/language';
import { repositoryRoot } from './repository-root';
import type { CliDiagnostic } from './diagnostic-formats';
import { UsageError } from './options';
import { followMoves, readFingerprints, suppressedByFingerprint, withFingerprints } from './suppression-fingerprints';

export interface SuppressionOptions {
  /** The suppressions file (`--suppressions-location`, else docs-json-suppressions.json in the docs folder). */
  file: string;
  suppressAll: boolean;
  /** `--suppress-rule`: the rules whose findings are written as suppressed. */
  suppressRules: string[];
  prune: boolean;
  /** The folders the file's path must not leave through a link (the repository). */
  inside: string[];
  /** The docs folder: a suppressed file that is no longer there may have moved (suppression-fingerprints.ts). */
  docsRoot?: string;
}

/** The file's largest size: ~60 bytes a count, so a million counts. */
const MAX_BYTES = 64 * 1024 * 1024;

export function suppressionOptions(root: string, cwd: string, location: string | undefined, suppressAll: boolean, suppressRules: string[], prune: boolean): SuppressionOptions {
  for (const rule of suppressRules) if (!Object.hasOwn(RULES, rule)) throw new UsageError(`--suppress-rule takes a rule code (got '${rule}')`);
  const file = location === undefined ? path.join(root, SUPPRESSIONS_FILE) : path.resolve(cwd, location);
  return { file, suppressAll, suppressRules, prune, inside: [repositoryRoot(root, cwd), root], docsRoot: root };
}

export interface Suppressed {
  /** The findings, those the file suppresses marked `suppressed`. */
  diagnostics: CliDiagnostic[];
  /** Lines for stderr: what was written, suppressions that no longer occur. */
  notes: string[];
}

/**
 * Reads the suppressions file, writes it first when asked (`--suppress-all`, `--suppress-rule`,
 * `--prune-suppressions`: only the counts of the `reported` files, all when undefined), and marks the findings it
 * suppresses. A file that cannot be read is a usage error: a check that silently fails every old finding is worse.
 */
export function applySuppressions(found: CliDiagnostic[], options: SuppressionOptions, reported: Set<string> | undefined): Suppressed {
  const { file } = options;
  const read = readDataFile(file, MAX_BYTES);
  if (read && 'refused' in read) throw new UsageError(`cannot read ${file}: ${read.refused}`);
  const parsed = read ? parseSuppressions(read.text) : new Map();
  if (typeof parsed === 'string') throw new UsageError(`cannot read ${file}: ${parsed}`);
  let counts: SuppressionCounts = parsed;
  let prints = readFingerprints(read?.text);
  if (options.docsRoot !== undefined) ({ counts, prints } = followMoves(counts, prints, found, options.docsRoot));
  const notes: string[] = [];
  const breakers = listedBuildBreakers(counts);
  if (breakers.length) notes.push(`${file} lists ${breakers.join(', ')}: ignored, the platform's build fails on ${breakers.length === 1 ? 'it' : 'them'}, so ${breakers.length === 1 ? 'it is' : 'they are'} never suppressed`);
  const inScope = (name: string) => reported === undefined || reported.has(name);
  const current = countFindings(found);
  const writing = options.suppressAll || options.suppressRules.length > 0 || options.prune;
  if (writing) {
    counts = updatedCounts(counts, current, options, inScope);
    const text = withFingerprints(formatSuppressions(counts), found, prints);
    if (text !== read?.text) {
      const failed = writeDataFile(file, text, { inside: options.inside });
      if (failed) throw new UsageError(`cannot write ${file}: ${failed}`);
      const total = [...counts.values()].reduce((sum, rules) => sum + [...rules.values()].reduce((a, b) => a + b, 0), 0);
      notes.push(`wrote ${file}: ${total} suppressed finding${total === 1 ? '' : 's'} in ${counts.size} file${counts.size === 1 ? '' : 's'}`);
    }
  }
  const suppressed = suppressedByFingerprint(found, counts, prints);
  const diagnostics = found.map((d, i) => (suppressed[i] ? { ...d, suppressed: true as const } : d));
  const unused = unusedCount(counts, current, inScope);
  if (unused) notes.push(`${unused} suppressed finding${unused === 1 ? ' no longer occurs' : 's no longer occur'}: --prune-suppressions drops ${unused === 1 ? 'it' : 'them'} from ${file}`);
  return { diagnostics, notes };
}

/** The counts after `--suppress-all` or `--suppress-rule` (set to what is found now) and `--prune-suppressions`. */
function updatedCounts(before: SuppressionCounts, current: SuppressionCounts, options: SuppressionOptions, inScope: (file: string) => boolean): SuppressionCounts {
  const counts: SuppressionCounts = new Map([...before].map(([file, rules]) => [file, new Map(rules)]));
  const written = (rule: string) => options.suppressAll || options.suppressRules.includes(rule);
  for (const [file, rules] of counts) {
    if (!inScope(file)) continue;
    for (const [rule, count] of rules) {
      const now = current.get(file)?.get(rule) ?? 0;
      if (written(rule) || (options.prune && now === 0)) rules.delete(rule);
      else if (options.prune && now < count) rules.set(rule, now);
    }
  }
  for (const [file, rules] of current) {
    if (!inScope(file)) continue;
    for (const [rule, count] of rules) {
      if (!written(rule)) continue;
      if (!counts.has(file)) counts.set(file, new Map());
      counts.get(file)!.set(rule, count);
    }
  }
  for (const [file, rules] of counts) if (!rules.size) counts.delete(file);
  return counts;
}

/** Suppressed findings beyond what is found now (fixed since), in the reported files. */
function unusedCount(counts: SuppressionCounts, current: SuppressionCounts, inScope: (file: string) => boolean): number {
  let unused = 0;
  for (const [file, rules] of counts) {
    if (!inScope(file)) continue;
    for (const [rule, count] of rules) if (!BUILD_BREAKERS.has(rule)) unused += Math.max(0, count - (current.get(file)?.get(rule) ?? 0));
  }
  return unused;
}
