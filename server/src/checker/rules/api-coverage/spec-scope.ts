// Which local specs the navigation uses, how (operations listed one by one, or a whole spec generated), and where
// each is named first: what the coverage and the copies checks start from.
import { propertyOf, valueOf } from '../../json/json-tree';
import { generatedPagesFolder } from '../../links/generated-pages';
import { DocsModel, NavElement, OpenApiSource, openApiSources } from '../../model/docs-model';
import { endpointKey } from '../../openapi/endpoint-entry';
import { findEndpoint, localSpecPath, specsForEndpoint } from '../../openapi/inherited-specs';
import { LoadedSpec, SpecEndpoint } from '../../openapi/openapi-spec';
import { DocsWorkspace } from '../../workspace/docs-workspace';
import { detached } from '../../text/detached';

export type Spec = Extract<LoadedSpec, { ok: true }>;

/** One endpoint entry of the navigation and the operation it names. */
export interface ListedEndpoint {
  element: NavElement;
  endpoint: SpecEndpoint;
}

/** One local spec as the navigation uses it. */
export interface SpecUse {
  /** The spec's path from the docs root. */
  file: string;
  /** Where docs.json names it first (an element's own `openapi`, else `api.openapi`). */
  source: OpenApiSource;
  /** The folder its generated pages go in (the naming element's `directory`, else `api-reference`). */
  folder: string;
  /** An element names it and lists nothing under it: the platform generates a page for every operation. */
  generatesAll: boolean;
  /** The version element above where it is named, if any: copies in two versions are meant to differ. */
  version?: NavElement;
  /** Its operations listed one by one, in navigation order. */
  listed: ListedEndpoint[];
  /** An endpoint entry under it names no operation (unknown-endpoint): what is missing is judged once it is fixed. */
  unknownEntry: boolean;
}

function versionAbove(element: NavElement | undefined): NavElement | undefined {
  for (let at = element; at; at = at.parent) if (at.kind === 'version') return at;
  return undefined;
}

/** Every local spec docs.json names, in the order it names them, with the endpoint entries that resolve to each. */
export function specUses(model: DocsModel, workspace: DocsWorkspace): Map<string, SpecUse> {
  const uses = new Map<string, SpecUse>();
  const named = (source: OpenApiSource, folder: string, element: NavElement | undefined) => {
    const file = localSpecPath(source);
    if (file === undefined) return undefined;
    let use = uses.get(file);
    if (!use) uses.set(file, (use = { file, source, folder, generatesAll: false, version: versionAbove(element), listed: [], unknownEntry: false }));
    return use;
  };
  for (const element of model.elements) {
    const own = element.node.type === 'object' ? propertyOf(element.node, 'openapi') : undefined;
    if (!own) continue;
    for (const source of openApiSources(own)) {
      const use = named(source, generatedPagesFolder(own), element);
      if (use && !element.children.length) use.generatesAll = true;
    }
  }
  for (const source of openApiSources(propertyOf(valueOf(model.root, 'api'), 'openapi'))) named(source, 'api-reference', undefined);
  for (const element of model.elements) {
    if (element.kind !== 'endpoint' || !element.endpoint) continue;
    const found = specsForEndpoint(element, element.endpoint, workspace);
    if (found.status !== 'ok') continue;
    const hit = findEndpoint(found.specs, element.endpoint.key);
    if (!hit) {
      for (const spec of found.specs) {
        const use = uses.get(spec.file);
        if (use) use.unknownEntry = true;
      }
    }
    if (!hit || !hit.spec.ok) continue;
    uses.get(hit.spec.file)?.listed.push({ element, endpoint: hit.endpoint });
  }
  return uses;
}

/** The operation a page's `openapi:` front matter names (`[spec] METHOD /path`), as an index key; undefined for none. */
export function frontMatterOperation(text: string): string | undefined {
  if (!text.startsWith('---')) return undefined;
  const close = text.indexOf('\n---', 3);
  if (close < 0) return undefined;
  const line = /^openapi:(.*)$/m.exec(text.slice(0, close));
  if (!line) return undefined;
  const words = line[1].trim().replace(/^(["'])(.*)\1$/, '$2').trim().split(/\s+/);
  if (words.length < 2 || words.length > 3) return undefined;
  const [method, path] = words.slice(-2);
  return detached(endpointKey(method, path));
}
