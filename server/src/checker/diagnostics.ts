import { SourceFile } from './json/json-tree';

export type Severity = 'error' | 'warning' | 'info' | 'hint';

/** Every rule's stable code, with its default severity. */
export const RULES = {
  'json-syntax': 'error',
  'root-pattern': 'error',
  'mixed-children': 'error',
  'missing-key': 'error',
  'invalid-type': 'error',
  'invalid-value': 'error',
  'unknown-key': 'error',
  'global-href': 'error',
  'language-code': 'error',
  'missing-page': 'error',
  'page-outside-root': 'error',
  'missing-openapi': 'error',
  'invalid-openapi': 'error',
  'invalid-endpoint': 'error',
  'unknown-endpoint': 'error',
  'remote-openapi': 'info',
  'expanded-top-level': 'hint',
  'duplicate-page': 'warning',
  'invalid-ref': 'error',
  'broken-link': 'error',
  'missing-image': 'error',
  'missing-snippet': 'error',
  'ignored-key': 'warning',
  'legacy-key': 'warning',
  'missing-file': 'warning',
  'platform-language-code': 'warning',
  'duplicate-redirect': 'error',
  'redirect-source': 'warning',
  'redirect-param': 'error',
  'redirect-loop': 'warning',
  'front-matter-syntax': 'error',
  'front-matter-value': 'warning',
  'front-matter-openapi': 'error',
  'broken-anchor': 'warning',
} as const satisfies Record<string, Severity>;

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
