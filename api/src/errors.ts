export type ApiErrorKind =
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'rate-limited'
  | 'server'
  | 'invalid-response'
  | 'too-large'
  | 'timeout'
  | 'network'
  | 'cancelled'
  | 'config'
  | 'wrong-key-kind'
  | 'insecure-url'
  | 'invalid-argument';

export interface ApiErrorDetails {
  /** HTTP status of the answer that failed, when there was one. */
  status?: number;
  /** `error.code` of the service's error body. */
  code?: string;
  /** `error.details.field`: the offending parameter. */
  field?: string;
  /** `error.details.reason`: why it was rejected. */
  reason?: string;
  /** Requests made before giving up. */
  attempts?: number;
}

/** Every failure of the client. The message is meant for people and never holds key text. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly field?: string;
  readonly reason?: string;
  readonly attempts?: number;

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.field = details.field;
    this.reason = details.reason;
    this.attempts = details.attempts;
  }

  details(): ApiErrorDetails {
    return { status: this.status, code: this.code, field: this.field, reason: this.reason, attempts: this.attempts };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Kinds that come from the caller's setup rather than from the service: nothing was sent. */
export const SETUP_ERROR_KINDS: readonly ApiErrorKind[] = ['config', 'wrong-key-kind', 'insecure-url', 'invalid-argument'];
