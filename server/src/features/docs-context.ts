import { Diagnostic, DocsModel, DocsWorkspace, NavElement, PathStep } from '../checker';
import { PageCatalog, ReachedPages } from './page-catalog';

/** Everything a feature reads: one docs folder's current model and what the server keeps beside it. */
export interface DocsContext {
  model: DocsModel;
  workspace: DocsWorkspace;
  catalog: PageCatalog;
  /** Pages the navigation reaches, as of the latest check. */
  reached: ReachedPages;
  /** The URI the client knows a file by (absolute path in). */
  uriOf(absolutePath: string): string;
  /** A file's text: the editor's unsaved text when it is open, else the disk's. */
  readText(absolutePath: string): string | undefined;
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
