// The fixes of a page's findings from their rules' folders (the registry, by code): front matter values, icons,
// components, operations, anchors, MDX closing tags, alt text, link names and broken links.
import { CodeAction, CodeActionKind, Diagnostic as LspDiagnostic, Range, WorkspaceEdit } from 'vscode-languageserver-types';
import { LineMap } from '../../checker';
import { hasPageFixes, rulePageFixes } from '../../checker/rules/rule-fixes';
import { PageFixSite, RuleFix } from '../../checker/rules/rule-module';
import { DocsProject } from '../../project/docs-project';
import { createdFiles } from '../base/text-edits';
import { plainText } from '../findings/diagnostics';
import { ownPageFindings } from '../findings/own-page-findings';
import { pageByLinkText, pageTitle } from '../pages/link-text-match';
import { anchorsLinkedTo, newPageText } from '../pages/new-page-file';

export interface PageFixAbilities {
  /** The client applies snippet edits in a workspace edit (LSP 3.18). */
  snippetEdits?: boolean;
  /** The client can create files through a workspace edit. */
  createFiles?: boolean;
}

/**
 * Only the server's own finding at a diagnostic's range is fixed, from the page's current text, never from the `data`
 * the client sends back.
 */
export function rulePageActions(project: DocsProject, file: string, diagnostics: readonly LspDiagnostic[], uriOf: (file: string) => string, abilities: PageFixAbilities = {}): CodeAction[] {
  if (!diagnostics.some((d) => hasPageFixes(String(d.code)))) return [];
  const own = ownPageFindings(project, file);
  if (!own) return [];
  const { text } = own;
  const snippetEdits = abilities.snippetEdits ?? false;
  const lines = new LineMap(text);
  const uri = uriOf(file);
  const range = (start: number, end: number): Range => ({ start: lines.positionAt(start), end: lines.positionAt(end) });
  const editOf = (fix: RuleFix): WorkspaceEdit => {
    if (fix.creates) return { documentChanges: createdFiles(fix.creates, project.folder, uriOf) };
    if (!fix.snippet) return { changes: { [uri]: fix.edits.map((e) => ({ range: range(e.offset, e.offset + e.length), newText: e.text })) } };
    return { documentChanges: [{ textDocument: { uri, version: null }, edits: fix.edits.map((e) => ({ range: range(e.offset, e.offset + e.length), snippet: { kind: 'snippet', value: e.text } })) }] };
  };
  const site = pageFixSite(project, abilities.createFiles ?? false);
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    const finding = hasPageFixes(String(diagnostic.code)) ? own.findingAt(diagnostic) : undefined;
    if (!finding) continue;
    for (const fix of rulePageFixes(finding, { text, snippetEdits, site })) {
      if ((fix.snippet && !snippetEdits) || (fix.creates && !site.createFiles)) continue;
      actions.push({ title: plainText(fix.title), kind: CodeActionKind.QuickFix, isPreferred: fix.preferred ?? false, diagnostics: [diagnostic], edit: editOf(fix) });
    }
  }
  return actions;
}

/** What a page fix may ask of the project (read when asked: the site's titles and ids only for a broken link). */
function pageFixSite(project: DocsProject, createFiles: boolean): PageFixSite {
  return {
    files: project.files,
    get pageIds() {
      return project.catalog().pageIds;
    },
    ignores: (relative) => project.workspace.ignore.ignores(relative),
    createFiles,
    newPage: (page) => newPageText(page, anchorsLinkedTo(project, page)),
    pageTitle: (page) => pageTitle(project, page),
    pageByLinkText: (linkText) => pageByLinkText(project, linkText),
    idsOf: (file) => project.pageLinks.idsOf(file),
  };
}
