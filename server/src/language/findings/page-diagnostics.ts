import { Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { isPageFile, toAbsolute } from '../../checker';
import { DocsProject } from '../../project/docs-project';
import { toLspDiagnostic } from './diagnostics';

/**
 * The link findings of pages, as published diagnostics by file path: of the given pages (absolute paths, each
 * listed even when clean, so that its problems clear; with `rescan`, read again from its current text, as after a
 * keystroke, else as kept from its last check), else of every page of the folder (only those with findings).
 */
export function pageLinkDiagnostics(project: DocsProject, pages?: readonly string[], rescan = true): Map<string, LspDiagnostic[]> {
  const byFile = new Map<string, LspDiagnostic[]>();
  if (!project.settings.enable) return byFile;
  for (const [file, diagnostics] of pageFindings(project, pages, rescan)) {
    byFile.set(file, diagnostics.map((d) => toLspDiagnostic(d, project.settings)).filter((d): d is LspDiagnostic => d !== undefined));
  }
  return byFile;
}

/**
 * The pages checked as `pageLinkDiagnostics` checks them (their findings kept by the project, their MDX parses
 * queued), nothing published: the CLI's first pass, whose findings are replaced once the parses are in (on the
 * 25,000-page synthetic site, 45,000 findings made into published ones only to be dropped: issue 52).
 */
export function checkPagesUnpublished(project: DocsProject, pages?: readonly string[]): void {
  if (project.settings.enable) pageFindings(project, pages, true);
}

function pageFindings(project: DocsProject, pages: readonly string[] | undefined, rescan: boolean): Map<string, ReturnType<DocsProject['pageLinks']['check']>> {
  // The latest check's model, when there is one: asking for the current one reads docs.json again (7 of the 14 ms of
  // a keystroke in a page of a 1,000-page site); a change of docs.json is followed by its check, which re-checks pages.
  const model = project.lastCheck?.result.model ?? project.model();
  const found = new Map<string, ReturnType<typeof project.pageLinks.check>>();
  if (pages) {
    for (const file of pages) {
      const relative = project.relative(file);
      if (relative === undefined || !isPageFile(relative)) continue;
      if (rescan) project.pageLinks.pageChanged(relative);
      found.set(file, project.pageLinks.check(relative, model));
    }
  } else {
    for (const [relative, diagnostics] of project.pageLinks.checkAll(model)) found.set(diagnostics[0].file.path, diagnostics);
  }
  return found;
}

/**
 * The findings of the next `count` page files of a folder, from the file id `from` on, and the id the slice after
 * starts at (undefined after the last page). No list of every page: the 126,339 page paths of the 100k bench repo
 * held 17 MB for the whole pass. After the last slice, a base path the pages' links carry is detected as the CLI's
 * pass does (`detectBasePathFromLinks`); `restart` then says the pass must begin again, its findings dropped.
 */
export function pageSliceDiagnostics(project: DocsProject, from: number, count: number): { byFile: Map<string, LspDiagnostic[]>; next?: number; restart?: boolean } {
  const pages: string[] = [];
  let next: number | undefined;
  for (const [id, file] of project.files.withIds(from)) {
    if (pages.length === count) {
      next = id;
      break;
    }
    if (isPageFile(file)) pages.push(toAbsolute(project.folder, file));
  }
  const byFile = pageLinkDiagnostics(project, pages, false);
  if (next === undefined && project.settings.enable && project.pageLinks.detectBasePathFromLinks(project.lastCheck?.result.model ?? project.model())) {
    return { byFile: new Map(), next: 0, restart: true };
  }
  return { byFile, next };
}
