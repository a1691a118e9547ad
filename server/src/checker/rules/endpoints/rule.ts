// SPEC rule 12: endpoint entries are `METHOD /path` strings naming operations of the inherited spec.
import { diagnostic } from '../../diagnostics';
import { findEndpoint, specsForEndpoint } from '../../openapi/inherited-specs';
import { LoadedSpec } from '../../openapi/openapi-spec';
import { detached } from '../../text/detached';
import { nearest, nearestOfLowered } from '../../text/nearest';
import { DocsWorkspace } from '../../workspace/docs-workspace';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';
import { unknownEndpointFixes } from './fixes';

type Spec = Extract<LoadedSpec, { ok: true }>;

/**
 * Beyond this many operations no nearest operation is suggested: each unknown entry is measured against every
 * operation, about 2.3 s per entry on a spec of a million (and the check runs on the language server's main thread):
 * 46 ms at this many, a fifth of the most a spec may hold (MAX_SPEC_OPERATIONS).
 */
export const MAX_SUGGESTED_FROM = 20_000;

/** A spec's keys, its methods by path, and the suggestions found so far: every keystroke re-checks the same entries. */
interface SpecLookup {
  keys: string[];
  lowerKeys?: string[];
  methodsByPath: Map<string, string[]>;
  suggestions: Map<string, string | undefined>;
}

/** Per parsed spec, kept by the workspace: a changed spec file is parsed into a new object, so nothing here outlives its file. */
function lookupOf(spec: Spec, workspace: DocsWorkspace): SpecLookup {
  return workspace.derived(spec, 'endpoint-lookup', makeLookup);
}

function makeLookup(spec: Spec): SpecLookup {
  const methodsByPath = new Map<string, string[]>();
  for (const e of spec.endpoints.values()) {
    if (e.excluded) continue;
    const methods = methodsByPath.get(e.path);
    if (methods) methods.push(e.method);
    else methodsByPath.set(e.path, [e.method]);
  }
  const keys: string[] = [];
  for (const e of spec.endpoints.values()) if (!e.excluded) keys.push(e.key);
  return { keys, methodsByPath, suggestions: new Map() };
}

function suggestionFor(key: string, specs: Spec[], workspace: DocsWorkspace): string | undefined {
  const maxDistance = Math.max(3, Math.ceil(key.length / 3));
  if (specs.reduce((sum, s) => sum + s.endpoints.size, 0) > MAX_SUGGESTED_FROM) return undefined;
  if (specs.length !== 1) return nearest(key, specs.flatMap((s) => lookupOf(s, workspace).keys), maxDistance);
  const lookup = lookupOf(specs[0], workspace);
  const { keys, suggestions } = lookup;
  lookup.lowerKeys ??= keys.map((k) => k.toLowerCase());
  if (!suggestions.has(key)) suggestions.set(detached(key), nearestOfLowered(key, keys, lookup.lowerKeys, maxDistance));
  return suggestions.get(key);
}

export function checkEndpoints({ model, workspace, report }: RuleContext): void {
  for (const element of model.elements) {
    if (element.kind !== 'endpoint') continue;
    if (element.malformedEndpoint) {
      report(diagnostic('invalid-endpoint', element.node, `Malformed endpoint '${element.label}': ${element.malformedEndpoint}`));
      continue;
    }
    const entry = element.endpoint!;
    const found = specsForEndpoint(element, entry, workspace);
    if (found.status !== 'ok') continue;
    const named = findEndpoint(found.specs, entry.key);
    if (named?.endpoint.excluded) {
      const message = `Endpoint '${entry.key}' is \`x-excluded\` in ${named.spec.file}: the platform leaves the operation out of the documentation, so the entry shows no page`;
      report(diagnostic('unknown-endpoint', element.node, message));
      continue;
    }
    if (named) continue;
    const names = found.specs.map((s) => s.file).join(', ');
    const otherMethods = found.specs.flatMap((s) => lookupOf(s, workspace).methodsByPath.get(entry.path) ?? []);
    const suggestion = suggestionFor(entry.key, found.specs, workspace);
    const why = otherMethods.length
      ? `${entry.path} has ${otherMethods.join(', ')} but not ${entry.method}`
      : `no operation ${entry.key}`;
    const hint = suggestion ? `; nearest: '${suggestion}'` : '';
    report(diagnostic('unknown-endpoint', element.node, `Endpoint '${entry.key}' is not in ${names}: ${why}${hint}`, suggestion ? { suggestion } : undefined));
  }
}

export const rule: RuleModule = {
  folder: 'endpoints',
  codes: { 'invalid-endpoint': 'error', 'unknown-endpoint': 'error' },
  check: checkEndpoints,
  fixes: { 'unknown-endpoint': unknownEndpointFixes },
};
