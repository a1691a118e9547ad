import path = require('node:path');
import { isPageFile, languageGrids } from '../../checker';
import { DocsLanguageService } from '../api';
import { LanguageCore } from '../core';
import { isProblemIn } from '../findings/diagnostics';
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
      const grids = languageGrids(project.checked().result.model, project.files);
      const uri = (file: string | undefined) => (file === undefined ? undefined : uriOf(path.join(project.folder, file)));
      for (const grid of grids) {
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
