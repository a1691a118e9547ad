import type { IncomingMessage, ServerResponse } from 'node:http';

export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { field?: string; reason?: string },
    readonly headers: Record<string, string> = {},
    /** The published form's body when it is not `{ error }` (page content's 404 is `{ message }`). */
    readonly publishedBody?: unknown,
  ) {
    super(message);
  }
}

/** How a rejection's body is written: SPEC's error object, or the published documents' `{ error: text }`. */
export type ErrorShape = 'spec' | 'published';

/** SPEC's error body on every rejection (or the published form's, for the published service). */
export function sendFailure(res: ServerResponse, failure: HttpFailure, shape: ErrorShape = 'spec'): void {
  if (shape === 'published') return sendJson(res, failure.status, failure.publishedBody ?? { error: failure.message }, failure.headers);
  const error: Record<string, unknown> = { code: failure.code, message: failure.message };
  if (failure.details) error.details = failure.details;
  sendJson(res, failure.status, { error }, failure.headers);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => (size > limit ? reject(new HttpFailure(400, 'invalid_request', 'The request body is too large', { field: 'body', reason: `more than ${limit} bytes` })) : resolve(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

export function parseJsonObject(text: string, contentType: string | undefined): Record<string, unknown> {
  if (text.trim() === '') return {};
  if (!(contentType ?? '').toLowerCase().startsWith('application/json')) {
    throw new HttpFailure(400, 'invalid_request', 'The request body must be JSON', { field: 'Content-Type', reason: 'expected application/json' });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpFailure(400, 'invalid_request', 'The request body is not valid JSON', { field: 'body', reason: 'not valid JSON' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpFailure(400, 'invalid_request', 'The request body must be a JSON object', { field: 'body', reason: 'not an object' });
  }
  return value as Record<string, unknown>;
}

export function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (value === undefined) throw new HttpFailure(400, 'invalid_request', `${field} is required`, { field, reason: 'missing' });
  if (typeof value !== 'string' || value.trim() === '') throw new HttpFailure(400, 'invalid_request', `${field} must be a non-empty string`, { field, reason: 'not a non-empty string' });
  return value;
}
