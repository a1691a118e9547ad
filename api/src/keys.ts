import { ApiError } from './errors';

export type KeyKind = 'admin' | 'assistant';

const ASSISTANT_PREFIX = 'svc_dsc_';
const ADMIN_PREFIX = 'svc_';

export const KEY_LABEL: Record<KeyKind, string> = {
  admin: 'admin API key (svc_…, not svc_dsc_…)',
  assistant: 'assistant API key (svc_dsc_…)',
};

export function keyKindOf(key: string): KeyKind | undefined {
  if (key.startsWith(ASSISTANT_PREFIX)) return 'assistant';
  if (key.startsWith(ADMIN_PREFIX)) return 'admin';
  return undefined;
}

/** Checks a key before any request; the key itself never enters a message. */
export function requireKey(needed: KeyKind, key: string | undefined): string {
  const trimmed = key?.trim();
  if (!trimmed) throw new ApiError('config', `it needs an ${KEY_LABEL[needed]}, and none is configured`);
  if (!/^[\x21-\x7e]+$/.test(trimmed)) throw new ApiError('config', `the configured ${needed} API key holds characters a key cannot have`);
  const actual = keyKindOf(trimmed);
  if (actual !== needed) {
    const given = actual ? `an ${actual} API key` : 'not an API key (no svc_ prefix)';
    throw new ApiError('wrong-key-kind', `it needs an ${KEY_LABEL[needed]}, but the key given for it is ${given}`);
  }
  return trimmed;
}
