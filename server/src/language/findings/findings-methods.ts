import { toAbsolute } from '../../checker';
import { DocsLanguageService } from '../api';
import { LanguageCore } from '../core';
import { applyOverrides } from '../workspace/team-config';
import { orphanHints, publishedCheck } from './diagnostics';
import { externalLinkDiagnostics, externalLinks } from './external-links';
import { pageLinkDiagnostics, pageSliceDiagnostics } from './page-diagnostics';

export type FindingsMethods = Pick<
  DocsLanguageService,
  | 'check'
  | 'orphanHints'
  | 'checkPages'
  | 'checkPageSlice'
  | 'takeDroppedPages'
  | 'filesVersion'
  | 'basePathNote'
  | 'pageFindingsStamp'
  | 'externalLinks'
  | 'externalLinkDiagnostics'
  | 'mdxSettled'
  | 'specsValidated'
>;

/** The findings room: a folder's findings (docs.json, pages, orphans, external links), published as LSP data. */
export function findingsMethods(core: LanguageCore): FindingsMethods {
  const { registry, texts, marked } = core;
  return {
    check(project) {
      return marked(project, { byFile: project.settings.enable ? publishedCheck(project) : new Map([[project.docsJsonPath, []]]) });
    },
    checkPages(project, pages, rescan) {
      return marked(project, { byFile: pageLinkDiagnostics(project, pages, rescan) });
    },
    checkPageSlice: (project, from, count) => marked(project, pageSliceDiagnostics(project, from, count)),
    takeDroppedPages: (project) => project.pageLinks.takeDropped().map((page) => toAbsolute(project.folder, page)),
    filesVersion: (project) => project.files.version,
    basePathNote(project) {
      const base = project.pageLinks.detectedBasePath(project.lastCheck?.result.model ?? project.model());
      return base === undefined
        ? undefined
        : `${project.docsJsonPath}: links and redirects are read under the base path /${base}, which the site's redirects or links carry and the file tree lacks (a site served at …/${base}/); set docsJson.basePath or --base-path to choose another, or '' for none`;
    },
    pageFindingsStamp: (project) => `${project.pageLinks.stamp(project.lastCheck?.result.model)} ${JSON.stringify(project.settings)} ${JSON.stringify(project.teamConfig.overrides)}`,
    orphanHints(project) {
      if (!project.settings.enable || !project.lastCheck) return new Map();
      const hints = orphanHints(project, registry.ownedElsewhere(project), texts.files());
      applyOverrides(project, hints);
      return hints;
    },
    mdxSettled: (project) => project.pageLinks.mdx.whenSettled(),
    specsValidated: (project) => project.workspace.whenValidated(),
    externalLinks,
    externalLinkDiagnostics,
  };
}
