import { Diagnostic, DocsModel, DocsWorkspace, NavElement, PathStep } from '../../checker';
import { PageCatalog } from '../../project/page-catalog';
import { ReachedPages } from '../../project/reached-pages';
import { DocsProject } from '../../project/docs-project';

/** Everything a feature reads: one project's model and what the project keeps beside it. */
export interface DocsContext {
  project: DocsProject;
  model: DocsModel;
  workspace: DocsWorkspace;
  catalog: PageCatalog;
  /** Pages the navigation reaches, as of the latest check. */
  reached: ReachedPages;
  /** The URI the client knows a file by (absolute path in). */
  uriOf(absolutePath: string): string;
}

/** The context plus the checker's findings for the same text, for quick fixes. */
export interface CheckedContext extends DocsContext {
  diagnostics: Diagnostic[];
}

/** The innermost navigation element on a path of nodes. */
export function elementOnPath(model: DocsModel, path: PathStep[]): NavElement | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const element = model.byNode.get(path[i].node);
    if (element) return element;
  }
  return undefined;
}
