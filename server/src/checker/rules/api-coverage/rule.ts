// Issue 51: the API reference in step with its spec. Per local spec whose operations the navigation lists one by
// one: the operations no entry (nor page with `openapi:` front matter) covers, and the listed ones the spec marks
// deprecated or `x-hidden`; two copies of one spec that differ.
import { diagnostic, shown } from '../../diagnostics';
import { operationPagePath } from '../../links/generated-pages';
import { SpecEndpoint } from '../../openapi/openapi-spec';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';
import { checkSpecCopies } from './spec-copies';
import { Spec, specUses } from './spec-scope';
import { frontMatterPages } from './operation-coverage';
import { insertionsFor } from './insertions';
import { unlistedEndpointsFixes } from './fixes';

/** Operations a message names; the rest are counted. */
const NAMED_IN_MESSAGE = 8;
export { MAX_FRONT_MATTER_READS } from './operation-coverage';

export function checkApiCoverage({ model, workspace, report }: RuleContext): void {
  const uses = specUses(model, workspace);
  const loaded = new Map<string, Spec>();
  for (const use of uses.values()) {
    const spec = workspace.spec(use.file);
    if (spec.ok) loaded.set(use.file, spec);
  }
  for (const use of uses.values()) {
    for (const { element, endpoint } of use.listed) {
      // An excluded operation's entry is unknown-endpoint's (the platform has no page for it): one finding.
      if (endpoint.excluded) continue;
      if (endpoint.hidden) report(diagnostic('hidden-endpoint', element.node, `'${shown(endpoint.key)}' is \`x-hidden\` in ${use.file}, yet listed here: the entry shows the page the spec hides`));
      else if (endpoint.deprecated) report(diagnostic('deprecated-endpoint', element.node, `'${shown(endpoint.key)}' is deprecated in ${use.file}: its page shows a deprecated badge; remove the entry once it is retired`));
    }
    const spec = loaded.get(use.file);
    if (!spec || use.generatesAll || !use.listed.length || use.unknownEntry) continue;
    const listed = new Set(use.listed.map((l) => l.endpoint.key));
    let missing: SpecEndpoint[] = [];
    for (const endpoint of spec.endpoints.values()) if (!listed.has(endpoint.key) && !endpoint.hidden && !endpoint.deprecated && !endpoint.excluded) missing.push(endpoint);
    // The pages are read only when entries leave something out.
    if (missing.length) {
      const byPages = frontMatterPages(use, model.elements, workspace);
      missing = missing.filter((endpoint) => !byPages.has(endpoint.key));
    }
    if (!missing.length) continue;
    const named = missing.slice(0, NAMED_IN_MESSAGE).map((e) => `${shown(e.key)} (/${operationPagePath(e, use.folder)})`);
    const more = missing.length > NAMED_IN_MESSAGE ? `, and ${missing.length - NAMED_IN_MESSAGE} more` : '';
    const count = missing.length === 1 ? '1 operation' : `${missing.length} operations`;
    const message = `${count} of ${use.file} ${missing.length === 1 ? 'is' : 'are'} in no navigation entry, and the navigation lists this spec's endpoints one by one: ${named.join(', ')}${more}`;
    report(diagnostic('unlisted-endpoints', use.source.node, message, { insertions: insertionsFor(use, missing) }));
  }
  checkSpecCopies(uses, loaded, report);
}

export const rule: RuleModule = {
  folder: 'api-coverage',
  codes: { 'unlisted-endpoints': 'warning', 'deprecated-endpoint': 'info', 'hidden-endpoint': 'warning', 'spec-copies-differ': 'warning' },
  check: checkApiCoverage,
  fixes: { 'unlisted-endpoints': unlistedEndpointsFixes },
};
