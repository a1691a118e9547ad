/** A `METHOD /path` entry of a `pages` array, optionally preceded by the spec file it names. */
export interface EndpointEntry {
  spec?: string;
  method: string;
  path: string;
  /** `METHOD /path` as the spec index keys it. */
  key: string;
}

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'];
/** Mintlify writes webhooks of an OpenAPI 3.1 spec as `WEBHOOK name`. */
export const WEBHOOK = 'WEBHOOK';

export type ParsedEntry = { kind: 'endpoint'; entry: EndpointEntry } | { kind: 'malformed'; reason: string } | { kind: 'page' };

export function endpointKey(method: string, path: string): string {
  const upper = method.toUpperCase();
  return upper === WEBHOOK ? `${upper} ${path.replace(/^\/+/, '')}` : `${upper} ${path}`;
}

/** Under an inherited spec, a string with white space is meant as an endpoint; anything else is a page path. */
export function parseEndpointEntry(text: string): ParsedEntry {
  const trimmed = text.trim();
  if (!/\s/.test(trimmed)) return { kind: 'page' };
  const words = trimmed.split(/\s+/);
  const spec = words.length === 3 && /\.(json|ya?ml)$/i.test(words[0]) ? words.shift() : undefined;
  if (words.length !== 2) return { kind: 'malformed', reason: 'expected `METHOD /path`, for example `GET /users/{id}`' };
  const [rawMethod, path] = words;
  const method = rawMethod.toUpperCase();
  if (method !== WEBHOOK && !HTTP_METHODS.includes(method)) {
    return { kind: 'malformed', reason: `'${rawMethod}' is not an HTTP method (${HTTP_METHODS.join(', ')})` };
  }
  if (method !== WEBHOOK && !path.startsWith('/')) return { kind: 'malformed', reason: `the path '${path}' must start with '/'` };
  return { kind: 'endpoint', entry: { spec, method, path, key: endpointKey(method, path) } };
}
