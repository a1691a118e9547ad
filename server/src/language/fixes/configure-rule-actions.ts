import { CodeAction, CodeActionKind, Command, Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { RULES } from '../../checker';
import { ORPHAN_CODE } from '../../project/project-settings';
import { DIAGNOSTIC_SOURCE } from '../../protocol/diagnostic-source';
import { OPEN_SETTINGS_COMMAND } from '../../protocol/client-commands';

/** The setting a rule's severity is changed in (`"docsJson.severity": { "image-alt": "off" }`). */
const SEVERITY_SETTING = 'docsJson.severity';

/**
 * "Configure rule 'image-alt'…" on every finding of ours: the client opens the Settings editor at the severity setting
 * (an object setting: the Settings editor shows it with its "Edit in settings.json" link, the rule named in the
 * action's title). Only for a client that runs the command; one action per rule asked about.
 */
export function configureRuleActions(diagnostics: readonly LspDiagnostic[], commands: readonly string[]): CodeAction[] {
  if (!commands.includes(OPEN_SETTINGS_COMMAND)) return [];
  const byCode = new Map<string, LspDiagnostic[]>();
  for (const d of diagnostics) {
    const code = String(d.code);
    if (d.source !== DIAGNOSTIC_SOURCE || !(Object.hasOwn(RULES, code) || code === ORPHAN_CODE)) continue;
    byCode.set(code, [...(byCode.get(code) ?? []), d]);
  }
  return [...byCode].map(([code, found]) => {
    const title = `Configure rule '${code}'…`;
    return { title, kind: CodeActionKind.QuickFix, diagnostics: found, command: Command.create(title, OPEN_SETTINGS_COMMAND, SEVERITY_SETTING) };
  });
}
