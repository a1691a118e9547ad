// The text output's line per language of `navigation.languages` (issue 37): how far each stands from the default.
import type { LanguageStanding } from '../../server/src/language';

export function formatLanguageSummary(standings: LanguageStanding[]): string {
  if (!standings.length) return '';
  const count = (n: number) => n.toLocaleString('en-US');
  const parts = standings.map((s) => {
    if (s.isDefault) return `${s.code} ${count(s.pages)} pages (default)`;
    const notes = [`${count(s.missing)} missing`];
    if (s.unlisted) notes.push(`${count(s.unlisted)} of them written but not listed`);
    if (s.fallbacks) notes.push(`${count(s.fallbacks)} from another language`);
    return `${s.code} ${count(s.pages)} pages (${notes.join(', ')})`;
  });
  return `Languages: ${parts.join('; ')}\n`;
}
