import { JProperty, propertyOf, valueOf } from '../json/json-tree';
import { DocsModel, openApiSources } from '../model/docs-model';
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

/** The folder an element's own `openapi` puts its generated pages in: its `directory`, else `api-reference`. */
function generatedPagesFolder(openapi: JProperty): string {
  const directory = valueOf(openapi.value, 'directory');
  let folder = directory?.type === 'string' ? directory.plain : '';
  let start = 0;
  while (folder[start] === '.' || folder[start] === '/') start++;
  let end = folder.length;
  while (end > start && folder[end - 1] === '/') end--;
  folder = folder.slice(start, end);
  return folder || 'api-reference';
}

/**
 * Each remote spec that a navigation element's own `openapi` names (the one of `api` generates no page), with the
 * folders its pages are generated in. Those pages are not known offline.
 */
export function remoteSpecFolders(model: DocsModel | undefined): Map<string, string[]> {
  const folders = new Map<string, string[]>();
  for (const element of model?.elements ?? []) {
    const own = propertyOf(element.node, 'openapi');
    if (!own) continue;
    for (const source of openApiSources(own)) {
      if (!source.remote) continue;
      const list = folders.get(source.location) ?? [];
      const folder = generatedPagesFolder(own);
      if (!list.includes(folder)) list.push(folder);
      folders.set(source.location, list);
    }
  }
  return folders;
}

/**
 * Pages generated from the local OpenAPI specs the navigation names, known by their last segment. The platform
 * places them at `<directory>/<first tag>/<name>` (directory `api-reference` unless set); we do not read tags, so
 * any path ending in a generated name is taken as that page: permissive, it never flags a page that exists.
 * Remote specs are not fetched: any path in the folder of a remote spec's pages is taken as one of them (issue 35:
 * `/api-reference/scim/list-users` of a group generated from a URL is a page of the live site).
 */
export class GeneratedPagesByName implements GeneratedPages {
  readonly names = new Set<string>();
  /** The folders of remote specs' pages, lower case, each ending in `/`. */
  readonly remoteFolders: string[] = [];

  constructor(model: DocsModel | undefined, workspace: DocsWorkspace) {
    for (const folders of remoteSpecFolders(model).values()) for (const folder of folders) this.remoteFolders.push(`${folder.toLowerCase()}/`);
    const seen = new Set<string>();
    for (const element of model?.elements ?? []) {
      for (const source of element.openapi) {
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
    if (this.names.has(sitePath.slice(sitePath.lastIndexOf('/') + 1).toLowerCase())) return true;
    if (!this.remoteFolders.length) return false;
    const lower = sitePath.toLowerCase();
    return this.remoteFolders.some((folder) => lower.startsWith(folder));
  }
}
