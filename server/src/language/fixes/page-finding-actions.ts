// Quick fixes of page findings whose message already knows the answer (issue 38): a broken `#anchor` changed to the
// nearest id of its page, an unclosed MDX tag closed, an image given `alt=""` with the cursor inside.
import { CodeAction, CodeActionKind, Diagnostic as LspDiagnostic, Range, WorkspaceEdit } from 'vscode-languageserver-types';
import { Diagnostic, LineMap } from '../../checker';
import { mdxSyntaxError } from '../../checker/pages/mdx-parse';
import { DocsProject } from '../../project/docs-project';
import { ownPageFindings } from '../findings/own-page-findings';

const FIXED = new Set(['broken-anchor', 'mdx-syntax', 'image-alt', 'link-name']);

/** Text inserted with the cursor left at `$0` (a snippet edit), for the writer to type what the image shows. */
interface Insertion {
  title: string;
  at: number;
  /** The text, `$0` marking the cursor (`$1` twice: the same text typed in both places). */
  snippet: string;
}

/**
 * Only the server's own finding at a diagnostic's range is fixed, from the page's current text, never from the `data`
 * the client sends back. `snippetEdits`: the client applies snippet edits in a workspace edit (LSP 3.18).
 */
export function pageFindingActions(project: DocsProject, file: string, diagnostics: readonly LspDiagnostic[], uriOf: (file: string) => string, snippetEdits = false): CodeAction[] {
  if (!diagnostics.some((d) => FIXED.has(String(d.code)))) return [];
  const own = ownPageFindings(project, file);
  if (!own) return [];
  const { text } = own;
  const lines = new LineMap(text);
  const uri = uriOf(file);
  const range = (start: number, end: number): Range => ({ start: lines.positionAt(start), end: lines.positionAt(end) });
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (!FIXED.has(String(diagnostic.code))) continue;
    const finding = own.findingAt(diagnostic);
    if (!finding) continue;
    const push = (title: string, edit: WorkspaceEdit) => actions.push({ title, kind: CodeActionKind.QuickFix, isPreferred: true, diagnostics: [diagnostic], edit });
    if (finding.code === 'broken-anchor') {
      const near = finding.data?.suggestion;
      if (near !== undefined) push(`Change to '#${near}'`, { changes: { [uri]: [{ range: diagnostic.range, newText: `#${near}` }] } });
    } else if (finding.code === 'mdx-syntax') {
      const closing = closingTagFix(text, finding);
      if (closing) push(closing.title, { changes: { [uri]: [{ range: range(closing.at, closing.at + closing.removed), newText: closing.text }] } });
    } else {
      // Without a cursor to type at, `alt=""` alone would say "decoration" (a finding of its own): no fix then.
      const insertion = snippetEdits ? altInsertion(text, finding) : undefined;
      if (!insertion) continue;
      const at = range(insertion.at, insertion.at);
      push(insertion.title, { documentChanges: [{ textDocument: { uri, version: null }, edits: [{ range: at, snippet: { kind: 'snippet', value: insertion.snippet } }] }] });
    }
  }
  return actions;
}

/**
 * The closing tag an MDX error asks for: `Expected a closing tag for <Note>` (put at the end of the block the tag
 * opens, else at the end of the page) or `Unexpected closing tag </Step>, expected … for <Steps>` (put before it, or
 * in its place: a `</Step>` written for `</Steps>`). Offered only where the page then parses: the parser is asked
 * again (`</Steps>` put before that stray `</Step>` only moved the error on).
 */
function closingTagFix(text: string, finding: Diagnostic): { title: string; at: number; removed: number; text: string } | undefined {
  const unclosed = /Expected a closing tag for `<([\w.:-]+)>`/.exec(finding.message);
  const mismatched = /Unexpected closing tag `<\/[\w.:-]*>`, expected corresponding closing tag for `<([\w.:-]+)>`/.exec(finding.message);
  const name = (unclosed ?? mismatched)?.[1];
  if (!name) return undefined;
  const tag = `</${name}>`;
  const indent = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', finding.offset - 1) + 1))![0];
  const add = `Add '${tag}'`;
  const candidates: { title: string; at: number; removed: number; text: string }[] = [];
  if (mismatched) {
    candidates.push({ title: add, at: finding.offset, removed: 0, text: `${tag}\n${indent}` });
    candidates.push({ title: `Change to '${tag}'`, at: finding.offset, removed: finding.length, text: tag });
  } else {
    const blank = /\n[ \t]*\n/g;
    blank.lastIndex = text.indexOf('\n', finding.offset + finding.length);
    const end = blank.lastIndex > 0 ? blank.exec(text) : null;
    if (end) candidates.push({ title: add, at: end.index, removed: 0, text: `\n${indent}${tag}` });
    candidates.push({ title: add, at: text.trimEnd().length, removed: 0, text: `\n${indent}${tag}` });
  }
  for (const candidate of candidates) {
    const fixed = text.slice(0, candidate.at) + candidate.text + text.slice(candidate.at + candidate.removed);
    if (!mdxSyntaxError(fixed)) return candidate;
  }
  return undefined;
}

/** Where an image's text alternative goes: between `![` and `]`, or as an attribute after `<img`/`<video`; a link's name, after `<a`. */
function altInsertion(text: string, finding: Diagnostic): Insertion | undefined {
  const written = text.slice(finding.offset, finding.offset + finding.length);
  if (finding.code === 'link-name') return /^<a$/i.test(written) ? { title: 'Add aria-label=""', at: finding.offset + 2, snippet: ' aria-label="$0"' } : undefined;
  if (written.startsWith('![]')) return { title: 'Describe the image (alt text)', at: finding.offset + 2, snippet: '$0' };
  const element = /^<(img|video)\b/i.exec(written);
  if (!element || /\balt\s*=/.test(written)) return undefined;
  const at = finding.offset + element[0].length;
  if (element[1].toLowerCase() === 'img') return { title: 'Add alt=""', at, snippet: ' alt="$0"' };
  // The same text twice (a mirrored placeholder): `aria-label` for screen readers, `alt` for `mint a11y`.
  return { title: 'Add aria-label="" and alt=""', at, snippet: ' aria-label="$1" alt="$1"' };
}
