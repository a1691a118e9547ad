import fs = require('node:fs');
import path = require('node:path');
import { Diagnostic as LspDiagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { readDataFile } from '../../project/data-file';
import type { DocsProject } from '../../project/docs-project';
import { parseSuppressions, SuppressionCounts, suppressedFindings, suppressedMessage, SUPPRESSIONS_FILE } from './suppressions';

const MAX_BYTES = 64 * 1024 * 1024;

/**
 * The editor shows every finding, those the folder's docs-json-suppressions.json suppresses with a message that says
 * so (their severity kept: they are as broken as before, only accepted for now). The file is read again when its
 * size or time of change moved; one that cannot be read suppresses nothing (the CLI says why).
 */
export class SuppressionMarks {
  private readonly byFolder = new Map<string, { stamp: string; counts?: SuppressionCounts }>();

  /** Marks, in place, the suppressed findings of each file's whole list of findings. */
  mark(project: DocsProject, byFile: Map<string, LspDiagnostic[]>): void {
    const counts = this.countsOf(project.folder);
    if (!counts) return;
    for (const [file, diagnostics] of byFile) {
      const relative = project.relative(file)?.split(path.sep).join('/');
      if (relative === undefined || !counts.has(relative)) continue;
      const findings = diagnostics.map((d) => ({ file: relative, code: String(d.code ?? ''), severity: SEVERITY[d.severity ?? DiagnosticSeverity.Error] }));
      const suppressed = suppressedFindings(findings, counts);
      byFile.set(file, diagnostics.map((d, i) => (suppressed[i] && typeof d.message === 'string' ? { ...d, message: suppressedMessage(d.message) } : d)));
    }
  }

  private countsOf(folder: string): SuppressionCounts | undefined {
    const file = path.join(folder, SUPPRESSIONS_FILE);
    let stamp: string;
    try {
      const stat = fs.statSync(file);
      stamp = `${stat.size} ${stat.mtimeMs}`;
    } catch {
      this.byFolder.delete(folder);
      return undefined;
    }
    const kept = this.byFolder.get(folder);
    if (kept?.stamp === stamp) return kept.counts;
    const read = readDataFile(file, MAX_BYTES);
    const parsed = read && 'text' in read ? parseSuppressions(read.text) : undefined;
    const counts = typeof parsed === 'object' ? parsed : undefined;
    this.byFolder.set(folder, { stamp, counts });
    return counts;
  }
}

const SEVERITY: Record<DiagnosticSeverity, string> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'info',
  [DiagnosticSeverity.Hint]: 'hint',
};
