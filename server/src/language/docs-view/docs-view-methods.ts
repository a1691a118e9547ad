import path = require('node:path');
import { Diagnostic, isPageFile, languageGrids } from '../../checker';
import { DocsLanguageService } from '../api';
import { LanguageCore } from '../core';
import { effectiveSeverity, isProblemIn } from '../findings/diagnostics';
import { uriToPath } from '../workspace/uris';
import { navigationPathOf, navigationTree, pageRows } from './navigation-tree';
import { treeCountsKeeper } from './tree-counts';
import { llmsTxtPreview } from './llms-txt-preview';

export type DocsViewMethods = Pick<DocsLanguageService, 'navigationTree' | 'navigationPath' | 'pageRows' | 'languageGrids' | 'languageStandings' | 'llmsTxt'>;

/** The docs-view room: the navigation as the site shows it, with each row's findings, and the languages' grids. */
export function docsViewMethods(core: LanguageCore): DocsViewMethods {
  const { registry, contextOf, uriOf } = core;
  const treeCountsOf = treeCountsKeeper(contextOf, (project) => registry.ownedElsewhere(project));
  return {
    navigationTree(project, path, depth) {
      if (!project.settings.enable || !registry.isCurrent(project)) return [];
      const { ctx, counts } = treeCountsOf(project);
      return navigationTree(ctx, counts, path, depth);
    },

    navigationPath(project, page) {
      const file = uriToPath(page);
      if (!project.settings.enable || !registry.isCurrent(project) || file === undefined) return null;
      const relative = project.relative(file);
      if (relative === undefined) return null;
      const { ctx, counts } = treeCountsOf(project);
      return navigationPathOf(ctx, counts, relative) ?? null;
    },

    languageGrids(project) {
      if (!project.settings.enable || !registry.isCurrent(project)) return [];
      const model = project.checked().result.model;
      const grids = languageGrids(model, project.files);
      const uri = (file: string | undefined) => (file === undefined ? undefined : uriOf(path.join(project.folder, file)));
      const shown = (d: Diagnostic) => effectiveSeverity(d.code, d.severity, project.settings) !== undefined;
      for (const grid of grids) {
        // Each translation's drift from its source, from its page findings (kept from the folder's pass).
        grid.drift = grid.languages.map(() => ({ differing: 0, outdated: 0 }));
        for (const row of grid.rows) {
          row.cells.forEach((cell, i) => {
            if (i === 0 || cell.file === undefined || cell.cell === 'fallback') return;
            const found = project.pageLinks.check(cell.file, model).filter(shown);
            const differences = found.filter((d) => d.data?.drift === 'structure').length;
            const outdated = found.some((d) => d.data?.drift === 'outdated');
            if (differences) [cell.differences, grid.drift![i].differing] = [differences, grid.drift![i].differing + 1];
            if (outdated) [cell.outdated, grid.drift![i].outdated] = [true, grid.drift![i].outdated + 1];
          });
        }
        for (const row of grid.rows) {
          row.file = uri(row.file);
          for (const cell of row.cells) cell.file = uri(cell.file);
        }
      }
      return grids;
    },
    languageStandings(project) {
      return project.settings.enable ? (project.checked().result.findings.languages ?? []) : [];
    },
    llmsTxt(project, options) {
      if (!project.settings.enable || !registry.isCurrent(project)) return null;
      return llmsTxtPreview(project.checked().result.model, project.workspace, options);
    },
    pageRows(project, pages) {
      const files = pages.map((page) => {
        const file = typeof page === 'string' ? uriToPath(page) : undefined;
        return file === undefined || !isPageFile(file) ? undefined : project.relative(file);
      });
      if (!project.settings.enable || !registry.isCurrent(project)) return files.map(() => ({ problems: 0 }));
      const model = project.checked().result.model;
      const isProblem = isProblemIn(project);
      const known = files.filter((file): file is string => file !== undefined);
      const rows = pageRows(contextOf(project, model), known, (file) => project.pageLinks.check(file, model).filter(isProblem).length);
      let next = 0;
      return files.map((file) => (file === undefined ? { problems: 0 } : rows[next++]));
    },

  };
}
