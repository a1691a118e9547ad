import { ApiError } from './errors';

/** Parses the configured base URL. No default host exists: the caller must say where the service is. */
export function parseBaseUrl(baseUrl: string | undefined): URL {
  const text = baseUrl?.trim();
  if (!text) throw new ApiError('config', 'no API base URL is configured: give the base URL of the documentation service (https://…)');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ApiError('config', `the API base URL '${text}' is not a valid URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ApiError('config', `the API base URL must start with https:// (got ${url.protocol}//)`);
  }
  if (url.username || url.password) throw new ApiError('config', 'the API base URL must not carry a user name or password');
  return url;
}

/** Keys travel over plain http only to this machine. */
export function assertSecureForKeys(url: URL): void {
  if (url.protocol === 'https:' || isLoopbackHost(url.hostname)) return;
  throw new ApiError(
    'insecure-url',
    `refusing to send an API key over plain http to ${url.host}: use https:// (plain http is allowed only for localhost, 127.0.0.0/8 and ::1)`,
  );
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host.replace(/^::ffff:/, ''));
  if (v4) return Number(v4[1]) === 127 && v4.slice(2).every((part) => Number(part) <= 255);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  return mapped !== null && parseInt(mapped[1], 16) >> 8 === 127;
}

/** Joins a path from endpoints.ts onto the base URL, keeping any path prefix of the base. */
export function joinUrl(base: URL, path: string): URL {
  const prefix = base.pathname.replace(/(?<!\/)\/+$/, '');
  return new URL(`${base.origin}${prefix}${path}`);
}
