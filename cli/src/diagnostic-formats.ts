import path = require('node:path');
import { Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { githubCommand, oneLine } from '../../api/src';
import { RULES, Severity, severityName } from '../../server/src/service/language-service';

/** A diagnostic as the CLI prints it: file relative to the docs folder, lines and columns 1-based. */
export interface CliDiagnostic {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
}

/** A check's diagnostics by absolute file path, as the CLI prints them: by file (relative to root), then position. */
export function toCliDiagnostics(root: string, byFile: Map<string, LspDiagnostic[]>): CliDiagnostic[] {
  const printed = [...byFile].flatMap(([file, diagnostics]) => {
    const relative = path.relative(root, file).split(path.sep).join('/');
    return diagnostics.map((d) => toCliDiagnostic(relative, d));
  });
  // sort is stable: diagnostics at one position keep the checker's order.
  return printed.sort((a, b) => (a.file === b.file ? a.line - b.line || a.column - b.column : a.file < b.file ? -1 : 1));
}

function toCliDiagnostic(file: string, d: LspDiagnostic): CliDiagnostic {
  const { start, end } = d.range;
  return {
    file,
    line: start.line + 1,
    column: start.character + 1,
    endLine: end.line + 1,
    endColumn: end.character + 1,
    severity: severityName(d.severity),
    code: String(d.code ?? ''),
    message: typeof d.message === 'string' ? d.message : d.message.value,
  };
}

export function formatText(diagnostics: CliDiagnostic[]): string {
  // File names and messages (which quote page strings) come from the docs folder: each finding stays on its line.
  const lines = diagnostics.map((d) => `${oneLine(d.file)}:${d.line}:${d.column}  ${d.severity}  ${oneLine(d.code)}  ${oneLine(d.message)}`);
  const count = (s: string) => diagnostics.filter((d) => d.severity === s).length;
  const summary = diagnostics.length
    ? `${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'} (${count('error')} errors, ${count('warning')} warnings, ${count('info')} info, ${count('hint')} hints)`
    : 'No problems found';
  return [...lines, summary].join('\n') + '\n';
}

export function formatJson(diagnostics: CliDiagnostic[]): string {
  return JSON.stringify({ diagnostics }, null, 2) + '\n';
}

const GITHUB_COMMAND = { error: 'error', warning: 'warning', info: 'notice', hint: 'notice' } as const;

/**
 * GitHub Actions annotations, one workflow command a finding. GitHub reads `file` from the repository's root (the
 * job's working folder), so files are given relative to `cwd`, not to the docs folder. Print through
 * `CliIO.commands`.
 */
export function formatGithub(diagnostics: CliDiagnostic[], root: string, cwd: string): string {
  return diagnostics
    .map((d) => {
      const file = path.relative(cwd, path.join(root, d.file.split('/').filter((part) => part !== '').join(path.sep))).split(path.sep).join('/');
      const properties = { file, line: d.line, col: d.column, endLine: d.endLine, endColumn: d.endColumn, title: d.code };
      return githubCommand(GITHUB_COMMAND[d.severity], properties, d.message);
    })
    .join('');
}

const SARIF_LEVEL = { error: 'error', warning: 'warning', info: 'note', hint: 'note' } as const;

export function formatSarif(diagnostics: CliDiagnostic[], version: string): string {
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'docs-json',
            version,
            informationUri: 'https://github.com/docs-json-tools/docs-json-tools',
            rules: Object.entries(RULES).map(([id, level]) => ({
              id,
              defaultConfiguration: { level: SARIF_LEVEL[level] },
            })),
          },
        },
        results: diagnostics.map((d) => ({
          ruleId: d.code,
          level: SARIF_LEVEL[d.severity],
          message: { text: d.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: relativeUri(d.file) },
                region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn },
              },
            },
          ],
        })),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}

/** A relative path as a URI reference: each segment percent-encoded (`a b#c%20.json` → `a%20b%23c%2520.json`). */
function relativeUri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}
