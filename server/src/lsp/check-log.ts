// What the server's output channel ("docs.json Language Server" in VS Code) shows: a start line per docs folder
// (version, files indexed, first check time) and a line per check (file, findings, ms). Written through
// `connection.console`, the LSP log every client shows.
import path = require('node:path');
import { Connection } from 'vscode-languageserver';
import { DocsProject } from '../language';
import { serverVersion } from './server-version';

export class CheckLog {
  private readonly started = new WeakSet<DocsProject>();
  /** The base-path line last told per project: told again only when it changes. */
  private readonly basePathTold = new WeakMap<DocsProject, string | undefined>();

  constructor(private readonly connection: Connection) {}

  /** After a check of `project` that took `ms` and found `findings` published diagnostics; `basePathNote` (see the service) once. */
  checked(project: DocsProject, findings: number, ms: number, basePathNote?: string): void {
    const took = `${findings} ${findings === 1 ? 'finding' : 'findings'} in ${Math.round(ms)} ms`;
    if (!this.started.has(project)) {
      this.started.add(project);
      const files = project.files.size;
      this.connection.console.info(
        `docs-json-language-server ${serverVersion()} (Node ${process.version}) started on ${project.folder}: ${files} ${files === 1 ? 'file' : 'files'} indexed, first check of ${path.basename(project.docsJsonPath)}: ${took}`,
      );
    } else this.connection.console.log(`Checked ${project.docsJsonPath}: ${took}`);
    if (basePathNote !== this.basePathTold.get(project)) {
      this.basePathTold.set(project, basePathNote);
      if (basePathNote) this.connection.console.info(basePathNote);
    }
  }
}
