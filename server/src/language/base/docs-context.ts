import { Diagnostic, DocsModel, DocsWorkspace } from '../../checker';
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

export { elementOnPath } from '../../checker/query/node-path';
