// Quick fixes of a page's front matter values (issue 26): a misspelt `mode`/`iconType` value changed to the nearest
// documented one, and a boolean written as the string "false" (which the platform reads as true) written as `false`.
import { Diagnostic } from '../../diagnostics';
import { FrontMatterEntry, readFrontMatterEntries } from '../../pages/front-matter';
import { PageFixContext, RuleFix } from '../rule-module';
import { FRONT_MATTER_KEYS } from './front-matter-keys';

export function frontMatterValueFixes(finding: Diagnostic, { text }: PageFixContext): RuleFix[] {
  const entries = readFrontMatterEntries(text)?.entries ?? [];
  const entry = entries.find((e) => e.valueStart === finding.offset && e.valueEnd === finding.offset + finding.length);
  const fix = entry && replacementOf(entry, text.slice(entry.valueStart, entry.valueEnd), finding.data?.suggestion);
  return fix ? [{ title: fix.title, preferred: true, edits: [{ file: finding.file, offset: finding.offset, length: finding.length, text: fix.newText }] }] : [];
}

function replacementOf(entry: FrontMatterEntry, written: string, suggestion: string | undefined): { title: string; newText: string } | undefined {
  const type = FRONT_MATTER_KEYS[entry.key];
  if (type === 'boolean' && entry.value === 'false') return { title: 'Write false without quotes (a boolean, not a string)', newText: 'false' };
  if (typeof type !== 'object' || suggestion === undefined || !type.oneOf.includes(suggestion)) return undefined;
  // The value's quotes, if it had any, are kept: `mode: "wid"` becomes `mode: "wide"`.
  const quote = /^["']/.exec(written)?.[0];
  const closed = quote !== undefined && written.length > 1 && written.endsWith(quote);
  return { title: `Change to '${suggestion}'`, newText: closed ? `${quote}${suggestion}${quote}` : suggestion };
}
