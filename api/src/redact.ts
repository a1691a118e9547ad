import { keySecret } from './keys';

export type Redactor = (text: string) => string;

// At least six characters after the prefix, so the prose 'svc_…' and 'mint_dsc_…' stays readable; see keyShaped.
// `mint_` only at the start of a word: 'peppermint_tea_2' is no key.
const KEY_LIKE = /(svc|(?<![A-Za-z0-9])mint)_[A-Za-z0-9._~+/=-]{6,}/g;
/** Keys as long as this or longer are also hidden when a run of this many of their characters is echoed. */
const KEY_PIECE = 16;
const BEARER = /(Bearer\s+)([A-Za-z0-9._~+/-]*[A-Za-z0-9_~+/-]=*)/gi;
const REDACTED = '[redacted]';

/**
 * Hides the keys in use in every form a service or a proxy may echo them in: as written in any letter case,
 * percent-encoded (any mix of `%XX`, once or twice), JSON-escaped, as HTML character references, their part after
 * the naming prefix (`svc_`, `mint_dsc_`, … see keys.ts), any run of KEY_PIECE of their characters (half a key), and base64 of their UTF-8 or
 * UTF-16 bytes (standard or URL-safe, alone or inside a longer base64 text); then anything shaped like a key
 * (`keyShaped`) and bearer tokens.
 */
export function createRedactor(keys: ReadonlyArray<string | undefined>): Redactor {
  const exact = [...new Set(keys.map((key) => key?.trim()).filter((key): key is string => Boolean(key && key.length >= 4)))];
  const byLength = (a: string, b: string) => b.length - a.length;
  const texts = exact.flatMap(keyTexts).sort(byLength);
  const cores = exact.flatMap(base64Cores).sort(byLength).map(escapeRegExp);
  // Letters in any case for the texts; base64 is case-sensitive, and would match far more without it.
  const known = [texts.length ? new RegExp(texts.join('|'), 'gi') : undefined, cores.length ? new RegExp(cores.join('|'), 'g') : undefined];
  return (text) => {
    let redacted = text;
    for (const pattern of known) if (pattern) redacted = redacted.replace(pattern, REDACTED);
    return redacted.replace(KEY_LIKE, (token, prefix: string) => (keyShaped(token) ? `${prefix}_[redacted]` : token)).replace(BEARER, bearer);
  };
}

/**
 * A `svc_` or `mint_` word that is a key rather than a name sharing its prefix: keys are random, so it has a digit; a
 * file name (`svc_billing_overview.mdx`, `mint_v2.json`: an extension of two or more letters) or a plain word is none.
 */
function keyShaped(token: string): boolean {
  return /\d/.test(token) && !/\.[A-Za-z]{2,}$/.test(token);
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

/**
 * Regular-expression sources (for a case-insensitive match) of one key's texts: the key, its part after the
 * prefix, and each run of KEY_PIECE characters followed by as much of the rest of the key as is there.
 */
function keyTexts(key: string): string[] {
  const secret = keySecret(key);
  const texts = (secret !== key && secret.length >= 8 ? [key, secret] : [key]).map((text) => [...text].map(encodedChar).join(''));
  const chars = [...key];
  if (chars.length > KEY_PIECE) {
    for (let start = 0; start + KEY_PIECE <= chars.length; start++) {
      const rest = chars.slice(start + KEY_PIECE).map(escapeRegExp);
      texts.push(chars.slice(start, start + KEY_PIECE).map(escapeRegExp).join('') + rest.map((c) => `(?:${c}`).join('') + ')?'.repeat(rest.length));
    }
  }
  return texts;
}

// Named HTML character references of the signs a key may hold.
const HTML_NAMES: Record<string, string> = { '+': 'plus', '/': 'sol', '=': 'equals', '.': 'period', _: 'lowbar', '-': 'hyphen|dash' };

/**
 * One character as itself, `%XX` (`%25XX` once more encoded), `\u00XX`, a JSON backslash escape, or an HTML
 * character reference (`&#115;`, `&#x73;`, `&plus;`).
 */
function encodedChar(char: string): string {
  const code = char.codePointAt(0)!;
  if (code > 0x7e) return escapeRegExp(char);
  const hex = code.toString(16).padStart(2, '0');
  const json = char === '"' || char === '\\' || char === '/' ? `|\\\\${escapeRegExp(char)}` : '';
  const named = HTML_NAMES[char] ? `|&(?:${HTML_NAMES[char]});` : '';
  return `(?:${escapeRegExp(char)}|%(?:25)?${hex}|\\\\u00${hex}${json}|&#0*${code};?|&#x0*${hex};?${named})`;
}

/**
 * The base64 characters that depend on the key's bytes only, for each of the three alignments the key can have
 * inside a longer base64 text (`Basic base64(user:key)`, a base64 header dump): whatever surrounds the key,
 * its encoding holds one of these.
 */
function base64Cores(key: string): string[] {
  const cores = new Set<string>();
  const utf16 = Buffer.from(key, 'utf16le');
  for (const bytes of [Buffer.from(key, 'utf8'), utf16, Buffer.from(utf16).swap16()]) {
    for (const offset of [0, 1, 2]) {
      const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
      const core = encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
      if (core.length < 8) continue;
      cores.add(core);
      cores.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...cores];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
