import { DiagnosticSeverity, Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { Diagnostic, Severity } from '../checker';
import { rangeIn } from '../features/ranges';
import { DocsJsonSettings, ORPHAN_CODE } from './protocol-extensions';

const LSP_SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export const SOURCE = 'docs.json';

/** The severity a code is shown with, after the `docsJson.severity` setting; undefined when turned off. */
export function effectiveSeverity(code: string, byDefault: Severity, settings: DocsJsonSettings): Severity | undefined {
  const chosen = Object.prototype.hasOwnProperty.call(settings.severity, code) ? settings.severity[code] : byDefault;
  return chosen === 'off' ? undefined : chosen;
}

export function toLspDiagnostic(d: Diagnostic, settings: DocsJsonSettings): LspDiagnostic | undefined {
  const severity = effectiveSeverity(d.code, d.severity, settings);
  if (!severity) return undefined;
  return {
    range: rangeIn(d.file, d.offset, d.length),
    severity: LSP_SEVERITY[severity],
    code: d.code,
    source: SOURCE,
    message: d.message,
    data: d.data,
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
