import * as path from 'node:path';
import { Diagnostic, RULES } from '../../server/src/checker';

/** A diagnostic as the CLI prints it: file relative to the docs folder, lines and columns 1-based. */
export interface CliDiagnostic {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Diagnostic['severity'];
  code: string;
  message: string;
}

export function toCliDiagnostic(root: string, d: Diagnostic): CliDiagnostic {
  const start = d.file.lines.positionAt(d.offset);
  const end = d.file.lines.positionAt(d.offset + d.length);
  return {
    file: path.relative(root, d.file.path).split(path.sep).join('/'),
    line: start.line + 1,
    column: start.character + 1,
    endLine: end.line + 1,
    endColumn: end.character + 1,
    severity: d.severity,
    code: d.code,
    message: d.message,
  };
}

export function formatText(diagnostics: CliDiagnostic[]): string {
  const lines = diagnostics.map((d) => `${d.file}:${d.line}:${d.column}  ${d.severity}  ${d.code}  ${d.message}`);
  const count = (s: string) => diagnostics.filter((d) => d.severity === s).length;
  const summary = diagnostics.length
    ? `${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'} (${count('error')} errors, ${count('warning')} warnings, ${count('info')} info, ${count('hint')} hints)`
    : 'No problems found';
  return [...lines, summary].join('\n') + '\n';
}

export function formatJson(diagnostics: CliDiagnostic[]): string {
  return JSON.stringify({ diagnostics }, null, 2) + '\n';
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
                artifactLocation: { uri: d.file },
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
