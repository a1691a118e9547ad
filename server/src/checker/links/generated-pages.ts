import { JProperty, propertyOf, valueOf } from '../json/json-tree';
import { DocsModel, NavElement, openApiSources } from '../model/docs-model';
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

/** The path an operation's `x-mint.href` gives its page: from the root, lower case, an extension dropped as the platform does. */
function ownPagePath(href: string): string {
  let start = 0;
  while (href[start] === '/') start++;
  const slug = href.slice(start).split(/[?#]/)[0].toLowerCase();
  const cut = slug.lastIndexOf('/') + 1;
  const dot = slug.lastIndexOf('.');
  return dot > cut ? slug.slice(0, dot) : slug;
}

/**
 * The page the platform generates for one operation under `folder` (a directory): its `x-mint.href`, else
 * `{folder}/{tag}/{name}` (`{folder}/{name}` without a tag). Repeats (`-1`, `-2`) are not numbered here.
 */
export function operationPagePath(endpoint: { summary?: string; method: string; path: string; tag?: string; href?: string }, folder: string): string {
  if (endpoint.href) return ownPagePath(endpoint.href);
  const name = generatedPageName(endpoint.summary, endpoint.method, endpoint.path);
  return endpoint.tag ? `${folder}/${fileNameOf(endpoint.tag)}/${name}` : `${folder}/${name}`;
}

/** The page path the platform gives a listed endpoint's operation: under the folder of the nearest element above with its own `openapi`. */
export function listedEndpointPagePath(element: NavElement, endpoint: { summary?: string; method: string; path: string; tag?: string; href?: string }): string {
  for (let at = element.parent; at; at = at.parent) {
    const own = at.node.type === 'object' ? propertyOf(at.node, 'openapi') : undefined;
    if (own) return operationPagePath(endpoint, generatedPagesFolder(own));
  }
  return operationPagePath(endpoint, 'api-reference');
}

/** The folder an element's own `openapi` puts its generated pages in: its `directory`, else `api-reference`. */
export function generatedPagesFolder(openapi: JProperty): string {
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

/** Generated paths under a remote spec's folder: `{tag}/{name}`, or `{name}` for an operation with no tag. */
const MAX_REMOTE_DEPTH = 2;

/**
 * Pages generated from the OpenAPI specs the navigation names. The platform (`@mintlify/scraping` of `@mintlify/cli`
 * 4.0.1552) places a local spec's pages at `{directory}/{first tag}/{name}`, or `{directory}/{name}` for an operation
 * without a tag, the tag and name made file names, lower case; a repeated path gets `-1`, `-2`, … in spec order.
 * `directory` is the element's (`api-reference` unless set): any element's with an `openapi` is taken, since an
 * endpoint listed under another element takes that one's. Where a spec's tag could not be read, any path ending in
 * its name is taken. An operation's `x-mint.href` sets its page's path from the site's root instead (no
 * `directory`; the default path is then no page). Remote specs are not fetched: under their folders, any path of the
 * shapes they generate (`{tag}/{name}`, `{name}`) is taken (issue 35: `/api-reference/scim/list-users` of a group
 * generated from a URL is a page of the live site).
 */
export class GeneratedPagesByName implements GeneratedPages {
  /** The paths of local specs' pages (lower case, from the docs root); `?/` and a name for those known by name only. */
  readonly names = new Set<string>();
  /** The folders of remote specs' pages, lower case, each ending in `/`. */
  readonly remoteFolders: string[] = [];

  constructor(model: DocsModel | undefined, workspace: DocsWorkspace) {
    for (const folders of remoteSpecFolders(model).values()) for (const folder of folders) this.remoteFolders.push(`${folder.toLowerCase()}/`);
    const folders = new Set(['api-reference']);
    for (const element of model?.elements ?? []) {
      const own = propertyOf(element.node, 'openapi');
      if (own) folders.add(generatedPagesFolder(own).toLowerCase());
    }
    const seen = new Set<string>();
    for (const element of model?.elements ?? []) {
      for (const source of element.openapi) {
        const file = localSpecPath(source);
        if (file === undefined || seen.has(file)) continue;
        seen.add(file);
        const spec = workspace.spec(file);
        if (!spec.ok) continue;
        // Repeats are numbered per spec and directory, in spec order.
        const used = new Map<string, Set<string>>([...folders].map((folder) => [folder, new Set<string>()]));
        for (const endpoint of spec.endpoints.values()) {
          // The platform generates no page for an `x-excluded` operation (nor numbers it among repeats).
          if (endpoint.excluded) continue;
          if (endpoint.href) {
            this.names.add(ownPagePath(endpoint.href));
            continue;
          }
          const name = generatedPageName(endpoint.summary, endpoint.method, endpoint.path);
          if (endpoint.tag === undefined) {
            this.names.add(`?/${name}`);
            continue;
          }
          const tail = endpoint.tag ? `${fileNameOf(endpoint.tag)}/${name}` : name;
          for (const [folder, paths] of used) {
            let page = `${folder}/${tail}`;
            for (let repeat = 1; paths.has(page); repeat++) page = `${folder}/${tail}-${repeat}`;
            paths.add(page);
            this.names.add(page);
          }
        }
      }
    }
  }

  has(sitePath: string): boolean {
    const lower = sitePath.toLowerCase();
    if (this.names.has(lower) || this.names.has(`?/${lower.slice(lower.lastIndexOf('/') + 1)}`)) return true;
    for (const folder of this.remoteFolders) {
      if (!lower.startsWith(folder)) continue;
      const depth = lower.slice(folder.length).split('/').filter(Boolean).length;
      if (depth >= 1 && depth <= MAX_REMOTE_DEPTH) return true;
    }
    return false;
  }
}
