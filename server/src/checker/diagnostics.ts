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
} as const satisfies Record<string, Severity>;

export type RuleCode = keyof typeof RULES;

/** Extra facts a quick fix needs, so it does not have to recompute them. */
export interface DiagnosticData {
  /** The nearest valid replacement for the flagged value, when there is one. */
  suggestion?: string;
  /** The page path (without extension) a missing-page entry names. */
  page?: string;
  /** The key a missing-key diagnostic asks for, or the key an unknown-key diagnostic names. */
  key?: string;
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

export function diagnostic(code: RuleCode, range: Range, message: string, data?: DiagnosticData): Diagnostic {
  return { code, severity: RULES[code], message, file: range.file, offset: range.offset, length: range.length, data };
}
