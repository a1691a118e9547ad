// SPEC "Supported language codes", and the platform's own list (docs-json-settings note §11): a code the platform
// refuses is an error (SPEC's `ua` too); a code only the platform accepts works on a live site: a hint that says which
// list it is missing from.
import { diagnostic } from '../../diagnostics';
import { valueOf } from '../../json/json-tree';
import { nearest } from '../../text/nearest';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';
import { languageCodeFixes, platformLanguageCodeFixes } from './fixes';

export const LANGUAGE_CODES = [
  'ar', 'cs', 'cn', 'zh-Hant', 'nl', 'en', 'fr', 'de', 'he', 'hi', 'id', 'it', 'jp',
  'ko', 'lv', 'no', 'pl', 'pt-BR', 'ro', 'ru', 'es', 'sv', 'tr', 'ua', 'uz', 'vi',
];

/** The codes the platform's validator accepts (0.1.878). */
export const PLATFORM_LANGUAGE_CODES = [
  'en', 'cn', 'zh', 'zh-Hans', 'zh-Hant', 'zh-CN', 'zh-TW', 'es', 'fr', 'fr-CA', 'fr-ca', 'ja', 'jp', 'ja-jp', 'ja-JP',
  'pt', 'pt-BR', 'de', 'ko', 'it', 'ru', 'ro', 'cs', 'id', 'ar', 'tr', 'hi', 'sv', 'no', 'da', 'lv', 'nl', 'uk', 'vi',
  'pl', 'uz', 'he', 'ca', 'fi', 'hu',
];

/** Codes other lists use for the same languages (ISO 639-1, BCP 47), as SPEC writes them. */
const KNOWN_ALIASES: Record<string, string> = {
  ja: 'jp',
  'ja-jp': 'jp',
  zh: 'cn',
  'zh-hans': 'cn',
  'zh-cn': 'cn',
  'zh-tw': 'zh-Hant',
  'zh-hk': 'zh-Hant',
  pt: 'pt-BR',
  'pt-pt': 'pt-BR',
  nb: 'no',
  iw: 'he',
  in: 'id',
  cz: 'cs',
  kr: 'ko',
  se: 'sv',
};

/** The codes both SPEC and the platform accept (`ua` is SPEC's but the platform refuses it), plus the setting's. */
export function safeLanguageCodes(extra: string[]): string[] {
  return [...LANGUAGE_CODES.filter((c) => PLATFORM_LANGUAGE_CODES.includes(c)), ...extra];
}

/** A code both lists accept for `code`: the same code in another case, a known alias, or a close spelling. */
export function suggestLanguageCode(code: string, accepted: string[], spelling = true): string | undefined {
  const lower = code.toLowerCase();
  const alias = Object.hasOwn(KNOWN_ALIASES, lower) ? KNOWN_ALIASES[lower] : undefined;
  const same = accepted.find((c) => c.toLowerCase() === lower) ?? (alias && accepted.includes(alias) ? alias : undefined);
  return same ?? (spelling ? nearest(code, accepted, 2) : undefined);
}

export function checkLanguageCodes({ model, options, report }: RuleContext): void {
  const extra = options.extraLanguageCodes ?? [];
  const safe = safeLanguageCodes(extra);
  for (const element of model.elements) {
    if (element.kind !== 'language') continue;
    const code = valueOf(element.node, 'language');
    if (code?.type !== 'string' || safe.includes(code.plain)) continue;
    const written = code.plain;
    if (LANGUAGE_CODES.includes(written)) {
      // No fix: 'uk' would be a code only the platform accepts, a finding of its own.
      const instead = written === 'ua' ? ": it accepts 'uk' for Ukrainian" : '';
      report(diagnostic('language-code', code, `'${written}' is in the navigation specification's language list, but the platform refuses it${instead}`));
      continue;
    }
    if (PLATFORM_LANGUAGE_CODES.includes(written)) {
      // Only the specification's code for the same language: a close spelling of a two-letter code is another language.
      const suggestion = suggestLanguageCode(written, safe, false);
      const spec = suggestion ? ` (the specification writes '${suggestion}')` : '';
      const message = `'${written}' is not in the navigation specification's language list, but the platform accepts it${spec}`;
      report(diagnostic('platform-language-code', code, message, suggestion ? { suggestion, key: written } : { key: written }));
      continue;
    }
    const suggestion = suggestLanguageCode(written, safe);
    const hint = suggestion ? `: did you mean '${suggestion}'?` : `; supported: ${safe.join(', ')}`;
    report(diagnostic('language-code', code, `'${written}' is not a supported language code${hint}`, suggestion ? { suggestion } : undefined));
  }
}

export const rule: RuleModule = {
  folder: 'language-codes',
  codes: { 'language-code': 'error', 'platform-language-code': 'hint' },
  breaksBuild: ['language-code'],
  check: checkLanguageCodes,
  fixes: { 'language-code': languageCodeFixes, 'platform-language-code': platformLanguageCodeFixes },
};
