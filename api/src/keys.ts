import { ApiError } from './errors';

export type KeyKind = 'admin' | 'assistant';
/** What a key's prefix says it is: one of the two kinds the service commands take, or the platform's search-index key, which none takes. */
export type KeyNaming = KeyKind | 'index';

/**
 * The prefixes of both namings, longest first: SPEC's `svc_`/`svc_dsc_` and the platform's `mint_`/`mint_dsc_`
 * (its API page, 2026-08), with its index keys `mint_us_`. Keys issued under either naming exist.
 */
export const KEY_PREFIXES: ReadonlyArray<{ prefix: string; naming: KeyNaming }> = [
  { prefix: 'mint_dsc_', naming: 'assistant' },
  { prefix: 'svc_dsc_', naming: 'assistant' },
  { prefix: 'mint_us_', naming: 'index' },
  { prefix: 'mint_', naming: 'admin' },
  { prefix: 'svc_', naming: 'admin' },
];

/** How a key of each kind starts, as prompts and messages write it. */
export const KEY_PREFIX_HINT: Record<KeyKind, string> = { admin: 'mint_… or svc_…, not …dsc_…', assistant: 'mint_dsc_… or svc_dsc_…' };

export const KEY_LABEL: Record<KeyKind, string> = {
  admin: `admin API key (${KEY_PREFIX_HINT.admin})`,
  assistant: `assistant API key (${KEY_PREFIX_HINT.assistant})`,
};

const NAMING_TEXT: Record<KeyNaming, string> = {
  admin: 'an admin API key',
  assistant: 'an assistant API key',
  index: 'a search-index key (mint_us_…), which no service command takes',
};

export function keyKindOf(key: string): KeyNaming | undefined {
  return KEY_PREFIXES.find(({ prefix }) => key.startsWith(prefix))?.naming;
}

/** What a key given where another was due is, in words: `an assistant API key`, `a search-index key (…)`, `not an API key (…)`. */
export function describeKey(key: string): string {
  const naming = keyKindOf(key);
  return naming ? NAMING_TEXT[naming] : 'not an API key (it starts with none of mint_, svc_)';
}

/** The key without its naming prefix: the secret part, redacted on its own too. */
export function keySecret(key: string): string {
  const prefix = KEY_PREFIXES.find((candidate) => key.startsWith(candidate.prefix))?.prefix ?? '';
  return key.slice(prefix.length);
}

/** Checks a key before any request; the key itself never enters a message. */
export function requireKey(needed: KeyKind, key: string | undefined): string {
  const trimmed = key?.trim();
  if (!trimmed) throw new ApiError('config', `it needs an ${KEY_LABEL[needed]}, and none is configured`);
  if (!/^[\x21-\x7e]+$/.test(trimmed)) throw new ApiError('config', `the configured ${needed} API key holds characters a key cannot have`);
  if (keyKindOf(trimmed) !== needed) {
    throw new ApiError('wrong-key-kind', `it needs an ${KEY_LABEL[needed]}, but the key given for it is ${describeKey(trimmed)}`);
  }
  return trimmed;
}
