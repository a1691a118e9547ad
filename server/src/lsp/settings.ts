import { DEFAULT_SETTINGS, DocsJsonSettings, SeveritySetting } from './protocol-extensions';

const SEVERITIES: SeveritySetting[] = ['error', 'warning', 'info', 'hint', 'off'];

/** Reads the `docsJson` section as a client sent it; anything malformed falls back to the default. */
export function normalizeSettings(raw: unknown): DocsJsonSettings {
  const section = isRecord(raw) ? raw : {};
  const severity: Record<string, SeveritySetting> = {};
  if (isRecord(section.severity)) {
    for (const [code, value] of Object.entries(section.severity)) {
      if (SEVERITIES.includes(value as SeveritySetting)) severity[code] = value as SeveritySetting;
    }
  }
  const extra = Array.isArray(section.extraLanguageCodes) ? section.extraLanguageCodes.filter((c): c is string => typeof c === 'string' && c !== '') : [];
  return {
    enable: typeof section.enable === 'boolean' ? section.enable : DEFAULT_SETTINGS.enable,
    severity,
    extraLanguageCodes: extra,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
