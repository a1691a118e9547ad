import { DiagnosticSeverity, Diagnostic as LspDiagnostic, Range } from 'vscode-languageserver-types';
import { Diagnostic, DiagnosticData, pageIdOf, RuleCode, RULES, Severity } from '../../checker';
import { detached } from '../../checker/text/detached';
import { TRANSLATION_MISSING_CODE } from '../../checker/rules/generated/rule-codes';
import path = require('node:path');
import { pathToFileURL } from 'node:url';
import { DocsProject } from '../../project/docs-project';
import { OwnedElsewhere } from '../../project/orphans';
import { DocsJsonSettings, ORPHAN_CODE, ORPHAN_SEVERITY } from '../../project/project-settings';
import { DIAGNOSTIC_SOURCE } from '../../protocol/diagnostic-source';
import { rangeIn } from '../base/ranges';
import { ruleDescription } from './rule-pages';

const LSP_SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The severity's name (as settings, the CLI and the rule list write it) of a published diagnostic. */
export function severityName(severity: DiagnosticSeverity | undefined): Severity {
  return (Object.keys(LSP_SEVERITY) as Severity[]).find((name) => LSP_SEVERITY[name] === severity) ?? 'error';
}

/** The severity a code is shown with, after the `docsJson.severity` setting; undefined when turned off. */
export function effectiveSeverity(code: string, byDefault: Severity, settings: DocsJsonSettings): Severity | undefined {
  const chosen = Object.prototype.hasOwnProperty.call(settings.severity, code) ? settings.severity[code] : byDefault;
  return chosen === 'off' ? undefined : chosen;
}

/** Whether a finding counts as a problem in the folder (an error or a warning after its settings): what views count. */
export function isProblemIn(project: { settings: DocsJsonSettings }): (d: Diagnostic) => boolean {
  return (d) => {
    const severity = effectiveSeverity(d.code, d.severity, project.settings);
    return severity === 'error' || severity === 'warning';
  };
}

/**
 * The checker writes messages and fix titles as Markdown: a key or a value as written in docs.json is a code span
 * (`root`). LSP diagnostics and code action titles are plain text (the Problems panel and the quick-fix menu show
 * backticks as they are), so a code span is shown as JSON writes a key: in double quotes. Written once, for every
 * adapter (the editor, the CLI's report).
 */
export function plainText(markdown: string): string {
  return markdown.replace(/`([^`\n]+)`/g, '"$1"');
}

/**
 * An editor's diagnostics outlive their check (until the next one has replaced them), so their strings are
 * copies: a message or a page path cut from docs.json would hold that version's text alive (megabytes on a large
 * site) while the next check builds a model of the new one.
 */
export function toLspDiagnostic(d: Diagnostic, settings: DocsJsonSettings): LspDiagnostic | undefined {
  const published = toLspDiagnosticAt(d.code, d.severity, d.message, rangeIn(d.file, d.offset, d.length), settings);
  if (published) published.data = d.data && detachedData(d.data);
  // A place in another file the finding refers to (a translation's source line): the editor links it.
  const related = d.data?.related;
  if (published && related) {
    const start = { line: related.line, character: 0 };
    published.relatedInformation = [{ location: { uri: pathToFileURL(related.path).href, range: { start, end: start } }, message: detached(plainText(related.message)) }];
  }
  return published;
}

/** A finding whose place is already a range (one of a file whose text is not kept), after its severity setting. */
export function toLspDiagnosticAt(code: RuleCode, byDefault: Severity, message: string, range: Range, settings: DocsJsonSettings): LspDiagnostic | undefined {
  const severity = effectiveSeverity(code, byDefault, settings);
  if (!severity) return undefined;
  const codeDescription = ruleDescription(code);
  return { range, severity: LSP_SEVERITY[severity], code, ...(codeDescription && { codeDescription }), source: DIAGNOSTIC_SOURCE, message: detached(plainText(message)) };
}

/** The finding on a page file no navigation entry reaches: on its whole first line, where it shows. */
export function orphanDiagnostic(settings: DocsJsonSettings): LspDiagnostic | undefined {
  const severity = effectiveSeverity(ORPHAN_CODE, ORPHAN_SEVERITY, settings);
  if (!severity) return undefined;
  const codeDescription = ruleDescription(ORPHAN_CODE);
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } },
    severity: LSP_SEVERITY[severity],
    code: ORPHAN_CODE,
    ...(codeDescription && { codeDescription }),
    source: DIAGNOSTIC_SOURCE,
    // The file is named by the Problems panel's row: a message naming it again was cut off on polar's orphans.
    message: 'Not in the navigation: no entry of docs.json reaches this page',
  };
}

function detachedData(data: DiagnosticData): DiagnosticData {
  const copy: DiagnosticData = {};
  for (const [key, value] of Object.entries(data) as [keyof DiagnosticData, string | undefined][]) if (typeof value === 'string') (copy[key] as string) = detached(value);
  // A rewrite's strings are read from the text: a JSON round trip copies them.
  if (data.rewrite) copy.rewrite = JSON.parse(JSON.stringify(data.rewrite));
  if (data.related) copy.related = JSON.parse(JSON.stringify(data.related));
  return copy;
}

/** A project's check, as published diagnostics by file path (docs.json always listed, so that its problems clear). */
export function publishedCheck(project: DocsProject): Map<string, LspDiagnostic[]> {
  const byFile = new Map<string, LspDiagnostic[]>([[project.docsJsonPath, []]]);
  for (const d of project.check().result.diagnostics) {
    const converted = toLspDiagnostic(d, project.settings);
    if (!converted) continue;
    const list = byFile.get(d.file.path);
    if (list) list.push(converted);
    else byFile.set(d.file.path, [converted]);
  }
  return byFile;
}

/**
 * The orphan findings of a checked project by file path: every orphan (information by default). Lowered to a hint,
 * which is not listed among problems, they go to the open page files only, found when asked.
 */
export function orphanHints(project: DocsProject, ownedElsewhere: OwnedElsewhere, openFiles: Iterable<string>): Map<string, LspDiagnostic[]> {
  const byFile = new Map<string, LspDiagnostic[]>();
  const everywhere = effectiveSeverity(ORPHAN_CODE, ORPHAN_SEVERITY, project.settings) !== 'hint';
  const shown = everywhere
    ? project.orphans(ownedElsewhere)
    : [...openFiles]
        .map((open) => project.relative(open))
        .filter((r): r is string => r !== undefined && project.isOrphan(r, ownedElsewhere))
        .sort();
  // A translation its language's navigation does not list is told once, on docs.json, with its fix (translation-missing).
  const told = unlistedTranslations(project);
  for (const relative of shown) {
    if (told.has(pageIdOf(relative) ?? relative)) continue;
    const hint = orphanDiagnostic(project.settings);
    if (hint) byFile.set(path.join(project.folder, relative), [hint]);
  }
  return byFile;
}

/** The pages (ids) that a translation-missing finding names: written, but not listed by their language. */
export function unlistedTranslations(project: DocsProject): Set<string> {
  const told = new Set<string>();
  if (effectiveSeverity(TRANSLATION_MISSING_CODE, RULES[TRANSLATION_MISSING_CODE], project.settings) === undefined) return told;
  for (const d of project.check().result.diagnostics) {
    const page = d.code === TRANSLATION_MISSING_CODE ? d.data?.page : undefined;
    if (page !== undefined && project.files.pageFile(page) !== undefined) told.add(page.endsWith('/index') ? page.slice(0, -'/index'.length) : page);
  }
  return told;
}
