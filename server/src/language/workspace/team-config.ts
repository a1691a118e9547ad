// The team's config (docs-json.config.json) under the editor's settings: the config sets the folder's severities,
// the editor's `docsJson.severity` is a personal layer on top (a code it names keeps the editor's severity).
import { Diagnostic as LspDiagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import type { DocsProject } from '../../project/docs-project';
import type { DocsJsonSettings, SeveritySetting } from '../../project/project-settings';
import { overriddenCodes, overriddenRules, TeamConfig } from '../../project/team-config';

export { CONFIG_FILE, findConfigFile, readTeamConfig, NO_CONFIG } from '../../project/team-config';
export type { TeamConfig, ConfigOverride } from '../../project/team-config';

const LSP_SEVERITY: Record<Exclude<SeveritySetting, 'off'>, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/**
 * The settings a folder is checked with: the config's `rules` under the editor's `severity`. A code an override
 * names is left out here (it is the checker's default) and decided per file by `applyOverrides`.
 */
export function layeredSettings(editor: DocsJsonSettings, config: TeamConfig): DocsJsonSettings {
  const perFile = overriddenCodes(config);
  const rules = Object.fromEntries(Object.entries(config.rules).filter(([code]) => !perFile.has(code)));
  return { ...editor, severity: { ...rules, ...editor.severity } };
}

/**
 * Findings by file after the config's overrides (in place): a code the editor's settings do not name gets the
 * severity the config gives it in that file, or is left out when that is `off`.
 */
export function applyOverrides(project: DocsProject, byFile: Map<string, LspDiagnostic[]>): void {
  const config = project.teamConfig;
  if (!config.overrides.length) return;
  const personal = project.editorSettings.severity;
  for (const [file, diagnostics] of byFile) {
    const rules = overriddenRules(config, file);
    if (!rules || !Object.keys(rules).length) continue;
    const out: LspDiagnostic[] = [];
    for (const d of diagnostics) {
      const code = String(d.code ?? '');
      const chosen = Object.hasOwn(personal, code) || !Object.hasOwn(rules, code) ? undefined : rules[code];
      if (chosen === 'off') continue;
      out.push(chosen === undefined ? d : { ...d, severity: LSP_SEVERITY[chosen] });
    }
    byFile.set(file, out);
  }
}
