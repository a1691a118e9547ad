import { DocsModel } from '../model/docs-model';
import { localSpecPath } from '../openapi/inherited-specs';
import { DocsWorkspace } from '../workspace/docs-workspace';
import { GeneratedPages } from './resolve-link';

/**
 * The file name the platform gives a generated page: the operation's summary, else `method-path`, spaces as `-`,
 * `{params}` as `-`, punctuation dropped, lower case.
 */
export function generatedPageName(summary: string | undefined, method: string, path: string): string {
  return summary ? fileNameOf(summary) : `${method.toLowerCase()}-${fileNameOf(path)}`;
}

function fileNameOf(text: string): string {
  return text
    .replaceAll(' ', '-')
    .replace(/\{[^{}\n]*\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/]/g, '')
    .replaceAll('--', '-')
    .toLowerCase();
}

/**
 * Pages generated from the local OpenAPI specs the navigation names, known by their last segment. The platform
 * places them at `<directory>/<first tag>/<name>` (directory `api-reference` unless set); we do not read tags, so
 * any path ending in a generated name is taken as that page: permissive, it never flags a page that exists.
 * Remote specs are not fetched: a link to a page of a remote spec is not known here (see `hasRemoteSpecs`).
 */
export class GeneratedPagesByName implements GeneratedPages {
  readonly names = new Set<string>();
  hasRemoteSpecs = false;

  constructor(model: DocsModel | undefined, workspace: DocsWorkspace) {
    const seen = new Set<string>();
    for (const element of model?.elements ?? []) {
      for (const source of element.openapi) {
        if (source.remote) this.hasRemoteSpecs = true;
        const file = localSpecPath(source);
        if (file === undefined || seen.has(file)) continue;
        seen.add(file);
        const spec = workspace.spec(file);
        if (!spec.ok) continue;
        for (const endpoint of spec.endpoints.values()) this.names.add(generatedPageName(endpoint.summary, endpoint.method, endpoint.path));
      }
    }
  }

  has(sitePath: string): boolean {
    return this.names.has(sitePath.slice(sitePath.lastIndexOf('/') + 1).toLowerCase());
  }
}
