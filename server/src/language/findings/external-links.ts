import { Diagnostic as LspDiagnostic, Range as LspRange } from 'vscode-languageserver-types';
import { isPageFile, makeSourceFile, RULES, SourceFile, toAbsolute } from '../../checker';
import { scanPageLinks } from '../../checker/pages/page-links';
import { ExternalVerdict, externalLinkProblem, externalLinksNotChecked, externalLinkUrl, settingsExternalLinks } from '../../checker/rules/external-links/rule';
import { DocsProject } from '../../project/docs-project';
import { toLspDiagnosticAt } from './diagnostics';
import { rangeIn } from '../base/ranges';

/** Where an external link is written: `url` as externalLinkUrl gives it, in `file` (an absolute path). */
export interface ExternalLink {
  url: string;
  file: string;
  range: LspRange;
}

/**
 * Every http(s) link of docs.json, its `$ref` files and the folder's pages, in that order, with its place (the
 * positions are taken at once, so no page's text is kept). Reads files; sends nothing.
 */
export function externalLinks(project: DocsProject): ExternalLink[] {
  if (!project.settings.enable) return [];
  const model = project.lastCheck?.result.model ?? project.model();
  const found: ExternalLink[] = settingsExternalLinks(model).map(({ url, range }) => ({ url, file: range.file.path, range: rangeIn(range.file, range.offset, range.length) }));
  for (const relative of project.files.all()) {
    if (!isPageFile(relative)) continue;
    const text = project.workspace.read(relative);
    if (text === undefined) continue;
    let file: SourceFile | undefined;
    for (const link of scanPageLinks(text, !relative.endsWith('.md'))) {
      const url = externalLinkUrl(link.href);
      if (url === undefined) continue;
      file ??= makeSourceFile(toAbsolute(project.folder, relative), text);
      found.push({ url, file: file.path, range: rangeIn(file, link.start, link.end - link.start) });
    }
  }
  return found;
}

/**
 * The findings of external links, by file, given the verdict of each URL (a URL without one has none). Links the time
 * budget left unasked get one finding per file, at the first of them: never silence, never one per link.
 */
export function externalLinkDiagnostics(project: DocsProject, links: readonly ExternalLink[], verdicts: ReadonlyMap<string, ExternalVerdict>): Map<string, LspDiagnostic[]> {
  const byFile = new Map<string, LspDiagnostic[]>();
  const add = (file: string, code: keyof typeof RULES, message: string, range: LspRange) => {
    const published = toLspDiagnosticAt(code, RULES[code], message, range, project.settings);
    if (!published) return;
    const list = byFile.get(file);
    if (list) list.push(published);
    else byFile.set(file, [published]);
  };
  const outOfTime = new Map<string, { count: number; url: string; range: LspRange }>();
  for (const { url, file, range } of links) {
    const verdict = verdicts.get(url);
    if (verdict?.kind === 'skipped' && verdict.outOfTime) {
      const entry = outOfTime.get(file);
      if (entry) entry.count++;
      else outOfTime.set(file, { count: 1, url, range });
      continue;
    }
    const problem = verdict && externalLinkProblem(url, verdict);
    if (problem) add(file, problem.code, problem.message, range);
  }
  for (const [file, { count, url, range }] of outOfTime) {
    const problem = externalLinksNotChecked(count, url);
    add(file, problem.code, problem.message, range);
  }
  return byFile;
}
