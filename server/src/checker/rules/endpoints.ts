// SPEC rule 12: endpoint entries are `METHOD /path` strings naming operations of the inherited spec.
import { diagnostic } from '../diagnostics';
import { findEndpoint, specsForEndpoint } from '../openapi/inherited-specs';
import { nearest } from '../text/nearest';
import { RuleContext } from './rule-context';

export function checkEndpoints({ model, workspace, report }: RuleContext): void {
  for (const element of model.elements) {
    if (element.kind !== 'endpoint') continue;
    if (element.malformedEndpoint) {
      report(diagnostic('invalid-endpoint', element.node, `Malformed endpoint '${element.label}': ${element.malformedEndpoint}`));
      continue;
    }
    const entry = element.endpoint!;
    const found = specsForEndpoint(element, entry, workspace);
    if (found.status !== 'ok' || findEndpoint(found.specs, entry.key)) continue;
    const names = found.specs.map((s) => s.file).join(', ');
    const keys = found.specs.flatMap((s) => [...s.endpoints.keys()]);
    const otherMethods = found.specs.flatMap((s) => [...s.endpoints.values()].filter((e) => e.path === entry.path).map((e) => e.method));
    const suggestion = nearest(entry.key, keys, Math.max(3, Math.ceil(entry.key.length / 3)));
    const why = otherMethods.length
      ? `${entry.path} has ${otherMethods.join(', ')} but not ${entry.method}`
      : `no operation ${entry.key}`;
    const hint = suggestion ? `; nearest: '${suggestion}'` : '';
    report(diagnostic('unknown-endpoint', element.node, `Endpoint '${entry.key}' is not in ${names}: ${why}${hint}`, suggestion ? { suggestion } : undefined));
  }
}
