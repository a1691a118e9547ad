import { CodeAction, CodeActionKind, Command, Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { Diagnostic, SourceFile } from '../../checker';
import { plainText } from '../findings/diagnostics';
import { CheckedContext } from '../base/docs-context';
import { newPageText } from '../pages/new-page-file';
import { createdFiles, textEdit, toChanges } from '../base/text-edits';
import { ruleFixes } from '../../checker/rules/rule-fixes';
import { FixContext, RuleFix } from '../../checker/rules/rule-module';
import { isSyntaxError } from '../../checker/model/syntax-diagnostics';
import { ACCEPT_LANGUAGE_CODE_COMMAND } from '../../protocol/client-commands';

export interface CodeActionOptions {
  /** The client can create files through a workspace edit. */
  createFiles: boolean;
  /** The commands of client-commands.ts the client runs. */
  commands: readonly string[];
  /** The published form of a checker diagnostic, to attach to its fixes (undefined when it is hidden). */
  published(d: Diagnostic): LspDiagnostic | undefined;
  /** The `#anchors` the site's page links ask of a missing page, for the page a fix creates (see new-page-file.ts). */
  anchorsLinkedTo?(page: string): string[];
}

/** Quick fixes for the checker's diagnostics in `file` that touch [start, end]. */
export function codeActions(ctx: CheckedContext, file: SourceFile, start: number, end: number, options: CodeActionOptions): CodeAction[] {
  const actions: CodeAction[] = [];
  const safe = editsBeforeSyntaxErrors(ctx);
  for (const d of ctx.diagnostics) {
    if (d.file.path !== file.path || d.offset > end || d.offset + d.length < start) continue;
    const published = options.published(d);
    if (!published) continue;
    for (const fix of fixesFor(ctx, d, options)) {
      if (!isSyntaxError(d) && !safe(fix)) continue;
      actions.push({ ...fix, title: plainText(fix.title), kind: CodeActionKind.QuickFix, diagnostics: [published] });
    }
  }
  return actions;
}

/**
 * Whether a fix's edits all end before the first syntax error of the JSON file they change. From that error on, the
 * parser's tree is a guess: a fix there (an unterminated string replaced, a key added to an object cut short) traded
 * one syntax error for others on 13 of 40 seeded faults.
 */
function editsBeforeSyntaxErrors(ctx: CheckedContext): (fix: Fix) => boolean {
  const firstError = new Map<string, number>();
  for (const d of ctx.diagnostics) {
    if (!isSyntaxError(d)) continue;
    const uri = ctx.uriOf(d.file.path);
    firstError.set(uri, Math.min(firstError.get(uri) ?? Infinity, d.offset));
  }
  if (!firstError.size) return () => true;
  const sources = new Map(ctx.model.sources.map((source) => [ctx.uriOf(source.path), source]));
  return (fix) =>
    Object.entries(fix.edit?.changes ?? {}).every(([uri, edits]) => {
      const limit = firstError.get(uri);
      const source = sources.get(uri);
      return limit === undefined || (source !== undefined && edits.every((e) => source.lines.offsetAt(e.range.end) < limit));
    });
}

type Fix = Pick<CodeAction, 'title' | 'edit' | 'isPreferred' | 'command'>;

/** The fixes of a finding from its rule's folder (the registry, by its code), as the editor's code actions. */
function fixesFor(ctx: CheckedContext, d: Diagnostic, options: CodeActionOptions): Fix[] {
  const { workspace } = ctx;
  const context: FixContext = {
    model: ctx.model,
    diagnostics: ctx.diagnostics,
    files: workspace.files,
    pageIds: ctx.catalog.pageIds,
    read: (file) => workspace.read(file),
    ignores: (file) => workspace.ignore.ignores(file),
    createFiles: options.createFiles,
    newPage: (page) => newPageText(page, options.anchorsLinkedTo?.(page)),
  };
  return (ruleFixes(d, context) ?? []).flatMap((fix) => editorFix(ctx, fix, options));
}

/** A rule's fix as a code action: its plain edits as text edits, the files it creates and the setting it changes as the client does them. */
function editorFix(ctx: CheckedContext, fix: RuleFix, options: CodeActionOptions): Fix[] {
  const preferred = fix.preferred === undefined ? {} : { isPreferred: fix.preferred };
  if (fix.addToSetting) {
    if (!options.commands.includes(ACCEPT_LANGUAGE_CODE_COMMAND)) return [];
    return [{ title: fix.title, command: Command.create(fix.title, ACCEPT_LANGUAGE_CODE_COMMAND, fix.addToSetting.value, ctx.uriOf(ctx.workspace.root)), ...preferred }];
  }
  if (!fix.creates) return [{ title: fix.title, ...preferred, edit: { changes: toChanges(fix.edits, ctx.uriOf) } }];
  if (!options.createFiles) return [];
  const created = createdFiles(fix.creates, ctx.workspace.root, ctx.uriOf);
  const edits = fix.edits.map((e) => ({ textDocument: { uri: ctx.uriOf(e.file.path), version: null }, edits: [textEdit(e)] }));
  return [{ title: fix.title, edit: { documentChanges: [...created, ...edits] }, ...preferred }];
}
