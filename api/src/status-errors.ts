import { snippet } from './bounded-body';
import { Endpoint, isRecord } from './endpoints';
import { ApiError } from './errors';

interface ErrorBody {
  code?: string;
  message?: string;
  field?: string;
  reason?: string;
}

/**
 * SPEC's error body `{ error: { code, message, details: { field, reason } } }`, the published documents' `{ error }`
 * and `{ message }` with a text, or whatever text came instead.
 */
export function parseErrorBody(text: string): ErrorBody & { raw?: string } {
  try {
    const body: unknown = JSON.parse(text);
    const error = isRecord(body) ? body.error : undefined;
    if (isRecord(error)) {
      const details = isRecord(error.details) ? error.details : {};
      return {
        code: str(error.code),
        message: str(error.message),
        field: str(details.field),
        reason: str(details.reason),
      };
    }
    if (isRecord(body) && typeof error === 'string') return { message: error };
    if (isRecord(body) && typeof body.message === 'string') return { message: body.message };
  } catch {
    // not JSON: a proxy's HTML page or an empty body
  }
  return text.trim() ? { raw: snippet(text) } : {};
}

export function errorForStatus(status: number, endpoint: Endpoint, body: ErrorBody & { raw?: string }, location?: string): ApiError {
  const said = body.message ? `: ${body.message}` : body.raw ? ` (body: "${body.raw}")` : '';
  const details = { status, code: body.code, field: body.field, reason: body.reason };
  if (status === 400) {
    const which = body.field ? ` [field '${body.field}'${body.reason ? `: ${body.reason}` : ''}]` : body.reason ? ` [${body.reason}]` : '';
    return new ApiError('bad-request', `the request was rejected as invalid (400)${said}${which}`, details);
  }
  if (status === 401) return new ApiError('unauthorized', `the ${endpoint.key} API key was refused as missing or invalid (401)${said}`, details);
  if (status === 403) return new ApiError('forbidden', `the ${endpoint.key} API key has no access to this resource (403)${said}`, details);
  if (status === 404) return new ApiError('not-found', `${endpoint.notFound} (404)${said}`, details);
  if (status === 429) return new ApiError('rate-limited', `the rate limit is exceeded (429)${said}`, details);
  if (status >= 500) return new ApiError('server', `the service failed (${status})${said}`, details);
  if (status >= 400) return new ApiError('bad-request', `the service refused the request (${status})${said}`, details);
  if (status >= 300 && status < 400) {
    return new ApiError('invalid-response', `the service redirected (${status})${location ? ` to ${location}` : ''}; redirects are not followed with a key: check the base URL`, details);
  }
  return new ApiError('invalid-response', `unexpected answer ${status}${said}`, details);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
