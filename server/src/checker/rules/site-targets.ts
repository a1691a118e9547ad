// What a link of docs.json (a setting's href, a redirect destination) may land on, built once per check for the
// rules that resolve such links through the shared resolver (checker/links).
import { basePathOf, treePaths } from '../links/base-path';
import { FolderSet } from '../links/folders';
import { GeneratedPagesByName } from '../links/generated-pages';
import { redirectsOf, RedirectTable } from '../links/redirects';
import { LinkTargets } from '../links/resolve-link';
import { localSpecPath } from '../openapi/inherited-specs';
import { RuleContext } from './rule-context';

/**
 * The pages, files, folders, generated API pages and redirects of the folder; undefined while a local spec of the
 * navigation is still being read (the language server reads them off the main thread): its generated pages are
 * not known yet, so links are judged at the check that follows the read.
 */
export function siteTargets(context: RuleContext): LinkTargets | undefined {
  const { model, workspace, previous, findings } = context;
  for (const element of model.elements) {
    for (const source of element.openapi) {
      const file = localSpecPath(source);
      const spec = file === undefined ? undefined : workspace.spec(file);
      if (spec && !spec.ok && spec.problem === 'loading') return undefined;
    }
  }
  if (!findings.siteTargets) {
    findings.siteTargets = {
      files: workspace.files,
      generated: new GeneratedPagesByName(model, workspace),
      redirects: new RedirectTable(redirectsOf(model.root)),
      folders: redirectFolders({ workspace, previous, findings }),
      basePath: siteBasePath(context).basePath,
    };
  }
  return findings.siteTargets;
}

/** The site's base path: the setting's, or the one the redirects and the file tree show (`detected`), once per check. */
export function siteBasePath(context: Pick<RuleContext, 'model' | 'workspace' | 'previous' | 'findings' | 'options'>): { basePath?: string; detected: boolean } {
  const { model, workspace, findings, options } = context;
  findings.basePath ??= basePathOf(redirectsOf(model.root), treePaths(workspace.files, redirectFolders(context)), options.basePath);
  return findings.basePath;
}

/** The folders of the file index, made once per check (and kept from the previous check while the index is the same). */
export function redirectFolders({ workspace, previous, findings }: Pick<RuleContext, 'workspace' | 'previous' | 'findings'>): FolderSet {
  if (!findings.redirectFolders) {
    const reused = previous?.redirectFolders;
    findings.redirectFolders = reused && reused.files === workspace.files ? reused : { files: workspace.files, folders: new FolderSet(workspace.files) };
  }
  return findings.redirectFolders.folders;
}
