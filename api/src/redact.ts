export type Redactor = (text: string) => string;

// At least six characters after the prefix, so the prose 'svc_…' and 'svc_dsc_…' stays readable.
const KEY_LIKE = /svc_[A-Za-z0-9._~+/=-]{6,}/g;
const BEARER = /(Bearer\s+)([A-Za-z0-9._~+/-]*[A-Za-z0-9_~+/-]=*)/gi;
const REDACTED = '[redacted]';

/**
 * Hides the keys in use in every form a service or a proxy may echo them in: as written, percent-encoded
 * (any mix of `%XX`), JSON-escaped, their part after the `svc_`/`svc_dsc_` prefix, and base64 (standard or
 * URL-safe, alone or inside a longer base64 text); then anything that looks like a key or a bearer token.
 */
export function createRedactor(keys: ReadonlyArray<string | undefined>): Redactor {
  const exact = [...new Set(keys.map((key) => key?.trim()).filter((key): key is string => Boolean(key && key.length >= 4)))];
  const forms = exact.flatMap(keyForms).sort((a, b) => b.length - a.length);
  const known = forms.length > 0 ? new RegExp(forms.join('|'), 'g') : undefined;
  return (text) => (known ? text.replace(known, REDACTED) : text).replace(KEY_LIKE, 'svc_[redacted]').replace(BEARER, bearer);
}

/** A token after `Bearer`, but not the prose "a bearer key" or "bearer tokens": a token has a digit or a sign, or is long. */
function bearer(match: string, prefix: string, token: string): string {
  return /[0-9._~+/=-]/.test(token) || token.length >= 16 ? `${prefix}${REDACTED}` : match;
}

/** A redactor applied to every string of a parsed answer (objects and arrays are copied, other values kept). */
export function redactStrings<T>(value: T, redact: Redactor): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, redact)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [redact(name), redactStrings(item, redact)])) as T;
  }
  return value;
}

/** Regular-expression sources matching one key's forms. */
function keyForms(key: string): string[] {
  const secret = key.replace(/^svc_(dsc_)?/, '');
  const texts = secret !== key && secret.length >= 8 ? [key, secret] : [key];
  return [...texts.map(encodedText), ...base64Cores(key).map(escapeRegExp)];
}

/** Each character as itself, `%XX` (either case), `\u00XX`, or a JSON backslash escape. */
function encodedText(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if (code > 0x7e) return escapeRegExp(char);
      const hex = code.toString(16).padStart(2, '0');
      const anyCase = [...hex].map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit)).join('');
      const json = char === '"' || char === '\\' || char === '/' ? `|\\\\${escapeRegExp(char)}` : '';
      return `(?:${escapeRegExp(char)}|%${anyCase}|\\\\u00${anyCase}${json})`;
    })
    .join('');
}

/**
 * The base64 characters that depend on the key's bytes only, for each of the three alignments the key can have
 * inside a longer base64 text (`Basic base64(user:key)`, a base64 header dump): whatever surrounds the key,
 * its encoding holds one of these.
 */
function base64Cores(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8');
  const cores = new Set<string>();
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const core = encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
    if (core.length < 8) continue;
    cores.add(core);
    cores.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...cores];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
