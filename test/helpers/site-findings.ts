// A docs folder's findings as `docs-json check` lists them (docs.json, its `$ref` parts, then every page), one line
// each: `file:line:col code text`, where `text` is what the finding marks (cut at 80 characters). The corpus
// verdicts and the server–CLI agreement test compare these lines.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Diagnostic } from 'vscode-languageserver-types';
import { toCliDiagnostics } from '../../cli/src/diagnostic-formats';
import { mdxVerdict } from '../../server/src/checker/pages/mdx-parse';
import { createLanguageService, nameListsFile } from '../../server/src/language';

/** A finding as a line: its place, code and the text it marks. */
export function findingLine(root: string, file: string, d: { range: Diagnostic['range']; code?: Diagnostic['code'] }): string {
  const lines = readLines(path.join(root, file));
  const { start, end } = d.range;
  const marked = start.line === end.line ? (lines[start.line] ?? '').slice(start.character, end.character) : `${(lines[start.line] ?? '').slice(start.character)}…`;
  return `${file}:${start.line + 1}:${start.character + 1} ${d.code} ${marked.slice(0, 80)}`;
}

const cache = new Map<string, string[]>();
function readLines(file: string): string[] {
  let lines = cache.get(file);
  if (!lines) cache.set(file, (lines = fs.readFileSync(file, 'utf8').split('\n')));
  return lines;
}

/** The findings of `docs-json check root`, in process, as lines (sorted as the CLI prints them). */
export function siteFindings(root: string): string[] {
  // As `docs-json check`, the MDX parse in process: the same verdicts, and the function stays synchronous.
  const service = createLanguageService({ mdxParse: mdxVerdict, nameLists: nameListsFile() });
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: false });
  const byFile = service.folderFindings.now(project);
  service.dispose();
  return toCliDiagnostics(root, byFile).map((d) =>
    findingLine(root, d.file, { code: d.code, range: { start: { line: d.line - 1, character: d.column - 1 }, end: { line: d.endLine - 1, character: d.endColumn - 1 } } }),
  );
}

/**
 * The orphan findings (`docsJson.orphan`, the editor's alone: the CLI does not list them) of a docs folder with the
 * default settings, as lines like `siteFindings`', sorted by file.
 */
export function orphanFindings(root: string): string[] {
  const service = createLanguageService({ nameLists: nameListsFile() });
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: false });
  service.check(project);
  const lines: string[] = [];
  for (const [file, diagnostics] of service.orphanHints(project)) {
    for (const d of diagnostics) lines.push(findingLine(root, path.relative(root, file).split(path.sep).join('/'), d));
  }
  service.dispose();
  return lines.sort();
}
