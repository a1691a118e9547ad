import type { SpecText } from './spec-loader';

/** One problem the platform's validator finds in a spec: where it is in the spec's text, and what it says. */
export interface SpecProblem {
  message: string;
  /** The JSON pointer the validator names ('' for the document itself). */
  pointer: string;
  offset: number;
  length: number;
}

export type SpecValidation =
  | { state: 'pending' }
  | { state: 'done'; problems: SpecProblem[] }
  /** Not validated (too large, too slow, too much memory): `note` says why. */
  | { state: 'skipped'; note: string };

/**
 * Validates a spec's text as the platform does, off the caller's thread: `ready` is called once with the outcome
 * (never `pending`). The language server and the CLI validate in a worker with a time and memory budget.
 */
export interface SpecValidator {
  validate(request: SpecText, ready: (validation: SpecValidation) => void): void;
}

const MB = 1024 * 1024;
/**
 * JSON specs longer than this are not validated: the validator builds the whole document and walks it (polar's
 * 2.7 MB spec: 0.4 s, most of it compiling the OpenAPI schema once).
 */
export const MAX_VALIDATED_JSON_BYTES = 16 * MB;
/** YAML specs longer than this are not validated: the YAML document with its positions takes about 55 MB per MB of text. */
export const MAX_VALIDATED_YAML_BYTES = 4 * MB;

/** Why a spec's text is not validated, or undefined when it is short enough. */
export function tooLargeToValidate(text: string): string | undefined {
  const json = /^\s*[{[]/.test(text);
  const limit = json ? MAX_VALIDATED_JSON_BYTES : MAX_VALIDATED_YAML_BYTES;
  if (text.length <= limit) return undefined;
  return `not validated: it is too large (${(text.length / MB).toFixed(1)} MB, over the ${limit / MB} MB the validator reads for a ${json ? 'JSON' : 'YAML'} spec)`;
}
