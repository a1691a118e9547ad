// Quick fixes of a page's front matter values (issue 26): a misspelt `mode`/`iconType` value changed to the nearest
// documented one, and a boolean written as the string "false" (which the platform reads as true) written as `false`.
import { CodeAction, CodeActionKind, Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { FrontMatterEntry, readFrontMatterEntries } from '../../checker/pages/front-matter';
import { FRONT_MATTER_KEYS } from '../../checker/rules/front-matter/rule';
import { DocsProject } from '../../project/docs-project';
import { ownPageFindings } from '../findings/own-page-findings';

/**
 * Only the server's own `front-matter-value` finding at a diagnostic's range is fixed, with the value read from the
 * page's current text: never from the `data` the client sends back.
 */
export function frontMatterValueActions(project: DocsProject, file: string, diagnostics: readonly LspDiagnostic[], uriOf: (file: string) => string): CodeAction[] {
  if (!diagnostics.some((d) => d.code === 'front-matter-value')) return [];
  const own = ownPageFindings(project, file);
  if (!own) return [];
  const { text } = own;
  const entries = readFrontMatterEntries(text)?.entries ?? [];
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.code !== 'front-matter-value') continue;
    const finding = own.findingAt(diagnostic);
    const entry = finding && entries.find((e) => e.valueStart === finding.offset && e.valueEnd === finding.offset + finding.length);
    const fix = entry && replacementOf(entry, text.slice(entry.valueStart, entry.valueEnd), finding.data?.suggestion);
    if (!fix) continue;
    actions.push({
      title: fix.title,
      kind: CodeActionKind.QuickFix,
      isPreferred: true,
      diagnostics: [diagnostic],
      edit: { changes: { [uriOf(file)]: [{ range: diagnostic.range, newText: fix.newText }] } },
    });
  }
  return actions;
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
