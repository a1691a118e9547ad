export type Redactor = (text: string) => string;

// At least six characters after the prefix, so the prose 'svc_…' and 'svc_dsc_…' stays readable.
const KEY_LIKE = /svc_[A-Za-z0-9._~+/=-]{6,}/g;
const BEARER = /(Bearer\s+)[A-Za-z0-9._~+/-]+=*/gi;

/** Hides the exact keys in use and anything that looks like a key or a bearer token. */
export function createRedactor(keys: ReadonlyArray<string | undefined>): Redactor {
  const exact = keys
    .map((key) => key?.trim())
    .filter((key): key is string => Boolean(key && key.length >= 4))
    .sort((a, b) => b.length - a.length);
  return (text) => {
    let result = text;
    for (const key of exact) result = result.split(key).join('[redacted]');
    return result.replace(KEY_LIKE, 'svc_[redacted]').replace(BEARER, '$1[redacted]');
  };
}
