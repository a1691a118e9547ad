import { Diagnostic } from '../../diagnostics';
import { PageFixContext, RuleFix } from '../rule-module';

/**
 * Where an image's text alternative goes, with the cursor left there for the writer to type what the image shows:
 * between `![` and `]`, or as an attribute after `<img`/`<video`. Without a cursor to type at (a client without
 * snippet edits), `alt=""` alone would say "decoration" (a finding of its own): no fix then.
 */
export function imageAltFixes(finding: Diagnostic, { text, snippetEdits }: PageFixContext): RuleFix[] {
  if (!snippetEdits) return [];
  const written = text.slice(finding.offset, finding.offset + finding.length);
  const insert = (title: string, at: number, snippet: string): RuleFix[] => [{ title, preferred: true, snippet: true, edits: [{ file: finding.file, offset: at, length: 0, text: snippet }] }];
  if (written.startsWith('![]')) return insert('Describe the image (alt text)', finding.offset + 2, '$0');
  const element = /^<(img|video)\b/i.exec(written);
  if (!element || /\balt\s*=/.test(written)) return [];
  const at = finding.offset + element[0].length;
  if (element[1].toLowerCase() === 'img') return insert('Add alt=""', at, ' alt="$0"');
  // The same text twice (a mirrored placeholder): `aria-label` for screen readers, `alt` for `mint a11y`.
  return insert('Add aria-label="" and alt=""', at, ' aria-label="$1" alt="$1"');
}
