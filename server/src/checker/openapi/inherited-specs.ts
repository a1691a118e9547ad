import { NavElement, OpenApiSource } from '../model/docs-model';
import { resolveDocsPath } from '../workspace/docs-paths';
import { DocsWorkspace } from '../workspace/docs-workspace';
import { EndpointEntry } from './endpoint-entry';
import { LoadedSpec, SpecEndpoint } from './openapi-spec';

/** What an endpoint entry can be checked against. */
export type EndpointSpecs =
  | { status: 'ok'; specs: Extract<LoadedSpec, { ok: true }>[] }
  /** A remote spec is among them, or one could not be read: the entry cannot be judged here. */
  | { status: 'unknown' }
  /** One is being read (in the language server's worker): the entry is judged once it is. */
  | { status: 'loading' };

export function specsForEndpoint(element: NavElement, entry: EndpointEntry, workspace: DocsWorkspace): EndpointSpecs {
  let sources: { location: string; remote: boolean }[] = element.openapi;
  if (entry.spec) {
    const named = sources.filter((s) => sameSpec(s.location, entry.spec!));
    sources = named.length ? named : [{ location: entry.spec, remote: false }];
  }
  const specs: Extract<LoadedSpec, { ok: true }>[] = [];
  for (const source of sources) {
    if (source.remote) return { status: 'unknown' };
    const resolved = resolveDocsPath(source.location);
    if (!resolved.inside) return { status: 'unknown' };
    const spec = workspace.spec(resolved.relative);
    if (!spec.ok) return { status: spec.problem === 'loading' ? 'loading' : 'unknown' };
    specs.push(spec);
  }
  return { status: 'ok', specs };
}

export function findEndpoint(specs: Extract<LoadedSpec, { ok: true }>[], key: string): { spec: LoadedSpec; endpoint: SpecEndpoint } | undefined {
  for (const spec of specs) {
    const endpoint = spec.endpoints.get(key);
    if (endpoint) return { spec, endpoint };
  }
  return undefined;
}

export function localSpecPath(source: OpenApiSource): string | undefined {
  if (source.remote) return undefined;
  const resolved = resolveDocsPath(source.location);
  return resolved.inside ? resolved.relative : undefined;
}

function sameSpec(location: string, named: string): boolean {
  const a = location.replace(/^\.?\/+/, '');
  const b = named.replace(/^\.?\/+/, '');
  return a === b || a.endsWith('/' + b);
}
