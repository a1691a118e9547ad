import { DiagnosticSeverity, Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { Diagnostic, DiagnosticData, Severity } from '../checker';
import { detached } from '../checker/text/detached';
import { DocsJsonSettings, ORPHAN_CODE } from '../project/project-settings';
import { rangeIn } from './ranges';

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

export const SOURCE = 'docs.json';

/** The severity a code is shown with, after the `docsJson.severity` setting; undefined when turned off. */
export function effectiveSeverity(code: string, byDefault: Severity, settings: DocsJsonSettings): Severity | undefined {
  const chosen = Object.prototype.hasOwnProperty.call(settings.severity, code) ? settings.severity[code] : byDefault;
  return chosen === 'off' ? undefined : chosen;
}

/**
 * An editor's diagnostics outlive their check (until the next one has replaced them), so their strings are
 * copies: a message or a page path cut from docs.json would hold that version's text alive (megabytes on a large
 * site) while the next check builds a model of the new one.
 */
export function toLspDiagnostic(d: Diagnostic, settings: DocsJsonSettings): LspDiagnostic | undefined {
  const severity = effectiveSeverity(d.code, d.severity, settings);
  if (!severity) return undefined;
  return {
    range: rangeIn(d.file, d.offset, d.length),
    severity: LSP_SEVERITY[severity],
    code: d.code,
    source: SOURCE,
    message: detached(d.message),
    data: d.data && detachedData(d.data),
  };
}

/** The hint on a page file no navigation entry reaches. */
export function orphanDiagnostic(relative: string, settings: DocsJsonSettings): LspDiagnostic | undefined {
  const severity = effectiveSeverity(ORPHAN_CODE, 'hint', settings);
  if (!severity) return undefined;
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: LSP_SEVERITY[severity],
    code: ORPHAN_CODE,
    source: SOURCE,
    message: `'${relative}' is not in the navigation: no entry of docs.json reaches it`,
  };
}

function detachedData(data: DiagnosticData): DiagnosticData {
  const copy: DiagnosticData = {};
  for (const [key, value] of Object.entries(data) as [keyof DiagnosticData, string | undefined][]) if (value !== undefined) copy[key] = detached(value);
  return copy;
}
