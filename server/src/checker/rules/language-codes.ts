// SPEC "Supported language codes": each `language` is one of SPEC's codes (or one a setting adds).
import { diagnostic } from '../diagnostics';
import { valueOf } from '../json/json-tree';
import { nearest } from '../text/nearest';
import { RuleContext } from './rule-context';

export const LANGUAGE_CODES = [
  'ar', 'cs', 'cn', 'zh-Hant', 'nl', 'en', 'fr', 'de', 'he', 'hi', 'id', 'it', 'jp',
  'ko', 'lv', 'no', 'pl', 'pt-BR', 'ro', 'ru', 'es', 'sv', 'tr', 'ua', 'uz', 'vi',
];

/** Codes other lists use for the same languages (ISO 639-1, BCP 47). */
const KNOWN_ALIASES: Record<string, string> = {
  ja: 'jp',
  zh: 'cn',
  'zh-hans': 'cn',
  'zh-cn': 'cn',
  'zh-tw': 'zh-Hant',
  'zh-hk': 'zh-Hant',
  uk: 'ua',
  pt: 'pt-BR',
  'pt-pt': 'pt-BR',
  nb: 'no',
  iw: 'he',
  in: 'id',
  cz: 'cs',
  kr: 'ko',
  se: 'sv',
};

export function suggestLanguageCode(code: string, accepted: string[]): string | undefined {
  const lower = code.toLowerCase();
  return (
    accepted.find((c) => c.toLowerCase() === lower) ??
    (Object.hasOwn(KNOWN_ALIASES, lower) ? KNOWN_ALIASES[lower] : undefined) ??
    nearest(code, accepted, 2)
  );
}

export function checkLanguageCodes({ model, options, report }: RuleContext): void {
  const accepted = [...LANGUAGE_CODES, ...(options.extraLanguageCodes ?? [])];
  for (const element of model.elements) {
    if (element.kind !== 'language') continue;
    const code = valueOf(element.node, 'language');
    if (code?.type !== 'string' || accepted.includes(code.plain)) continue;
    const suggestion = suggestLanguageCode(code.plain, accepted);
    const hint = suggestion ? `: did you mean '${suggestion}'?` : `; supported: ${accepted.join(', ')}`;
    report(diagnostic('language-code', code, `'${code.plain}' is not a supported language code${hint}`, suggestion ? { suggestion } : undefined));
  }
}
