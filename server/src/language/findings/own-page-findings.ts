import { Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { Diagnostic, LineMap } from '../../checker';
import { DocsProject } from '../../project/docs-project';

/**
 * A page's text and, for a diagnostic the client sends back, the server's own finding of that code at its range:
 * page fixes are built from these, never from the `data` a client returns. Undefined when the page cannot be read.
 */
export function ownPageFindings(project: DocsProject, file: string): { text: string; findingAt(diagnostic: LspDiagnostic): Diagnostic | undefined } | undefined {
  const relative = project.relative(file);
  const text = relative === undefined ? undefined : project.workspace.read(relative);
  if (text === undefined) return undefined;
  const lines = new LineMap(text);
  const findings = project.pageLinks.check(relative!, project.lastCheck?.result.model ?? project.model());
  return {
    text,
    findingAt(diagnostic) {
      const start = lines.offsetAt(diagnostic.range.start);
      const end = lines.offsetAt(diagnostic.range.end);
      return findings.find((f) => f.code === diagnostic.code && f.offset === start && f.offset + f.length === end);
    },
  };
}
