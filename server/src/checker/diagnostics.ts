import { SourceFile } from './json/json-tree';
import { RULES } from './rules/generated/rule-codes';

export type Severity = 'error' | 'warning' | 'info' | 'hint';

/** Every rule's stable code, with its default severity: generated from the rule registry (rules/registry.ts). */
export { RULES };

export type RuleCode = keyof typeof RULES;

/** A mechanical rewrite of a mint.json key: remove it, and set `path` (from the docs.json root) to `value`. */
export interface Rewrite {
  path: string[];
  value: unknown;
}

/** Extra facts a quick fix needs, so it does not have to recompute them. */
export interface DiagnosticData {
  /** The nearest valid replacement for the flagged value, when there is one. */
  suggestion?: string;
  /** The page path (without extension) a missing-page entry names. */
  page?: string;
  /** The key a missing-key diagnostic asks for, or the key an unknown-key diagnostic names. */
  key?: string;
  /** The docs.json form of a mint.json key, when the rewrite is mechanical. */
  rewrite?: Rewrite;
  /** A duplicate redirect: the destination of the earlier entry with the same source (the one its fix keeps). */
  keptDestination?: string;
  /** A translation-missing finding: the default language's page it translates, and the language's code. */
  translationOf?: string;
  language?: string;
  /** A translation's finding against its source (issue 51): the place in the source it differs from (an editor's related information). */
  related?: RelatedPlace;
  /** Which kind of translation drift it is: the language grid counts them. */
  drift?: 'structure' | 'outdated';
  /** unlisted-endpoints: the insertions its fix makes, worked out by the check (offsets of the check's texts). */
  insertions?: { file: SourceFile; offset: number; text: string }[];
  /** A URL the base site served that this one does not (`/old/page`): the redirect its fix writes starts there. */
  removedUrl?: string;
  /** Whether the fix is sure enough to be the one applied first (a rename or the same title, not the nearest path). */
  preferredFix?: boolean;
}

/** A place in another file that a finding refers to: its absolute path, its line (from 0) and what it is there. */
export interface RelatedPlace {
  path: string;
  line: number;
  message: string;
}

export interface Diagnostic {
  code: RuleCode;
  severity: Severity;
  message: string;
  file: SourceFile;
  offset: number;
  length: number;
  data?: DiagnosticData;
}

export interface Range {
  file: SourceFile;
  offset: number;
  length: number;
}

/**
 * The longest message a diagnostic carries. Messages quote values from the files, and a value can be tens of
 * megabytes: a 60 MB page entry made a 314 MB message (2.7 GB peak), a 120 MB one failed with "Invalid string
 * length" and nothing was published. Every output (editor, CLI, SARIF) takes the message from here.
 */
export const MAX_MESSAGE_CHARS = 2_000;
/** The longest value a message quotes whole (see `shown`). */
const MAX_SHOWN_CHARS = 200;

/** A value as a message quotes it: whole up to 200 characters, else its start and its length. */
export function shown(value: string): string {
  if (value.length <= MAX_SHOWN_CHARS) return value;
  return `${value.slice(0, MAX_SHOWN_CHARS - 40)}… (${value.length.toLocaleString('en-US')} characters)`;
}

export function diagnostic(code: RuleCode, range: Range, message: string, data?: DiagnosticData): Diagnostic {
  if (message.length > MAX_MESSAGE_CHARS) message = `${message.slice(0, MAX_MESSAGE_CHARS - 60)}… (message of ${message.length.toLocaleString('en-US')} characters cut)`;
  return { code, severity: RULES[code], message, file: range.file, offset: range.offset, length: range.length, data };
}

/**
 * The findings one file gets at most; past them, one more finding says how many were left out. An 8 MB page of a
 * million broken links gave 148 MB of output and a 2 GB peak, a 63 MB one ran the CLI out of memory.
 */
export const MAX_FINDINGS_PER_FILE = 1_000;

/**
 * At most `MAX_FINDINGS_PER_FILE` of the findings of each file (the first, in the order given), then one that
 * counts the rest, where the first left out is and with its code and severity.
 */
export function capFindings(found: Diagnostic[]): Diagnostic[] {
  const perFile = new Map<string, number>();
  let over = false;
  for (const d of found) {
    const count = (perFile.get(d.file.path) ?? 0) + 1;
    perFile.set(d.file.path, count);
    if (count > MAX_FINDINGS_PER_FILE) over = true;
  }
  if (!over) return found;
  const kept: Diagnostic[] = [];
  const seen = new Map<string, number>();
  for (const d of found) {
    const count = (seen.get(d.file.path) ?? 0) + 1;
    seen.set(d.file.path, count);
    if (count <= MAX_FINDINGS_PER_FILE) kept.push(d);
    else if (count === MAX_FINDINGS_PER_FILE + 1) {
      kept.push(findingsLeftOut(d, perFile.get(d.file.path)! - MAX_FINDINGS_PER_FILE));
    }
  }
  return kept;
}

/** The finding that stands for `more` findings of a file left out, the first of them `first`. */
export function findingsLeftOut(first: Diagnostic, more: number): Diagnostic {
  const message = `${more.toLocaleString('en-US')} more finding${more === 1 ? '' : 's'} in this file not shown: at most ${MAX_FINDINGS_PER_FILE.toLocaleString('en-US')} a file are reported`;
  return { ...diagnostic(first.code, first, message), severity: first.severity };
}
