import { Diagnostic } from '../../diagnostics';
import { querySuffix, siteLink } from '../../links/resolve-link';
import { fixOf, nodeUnder, replaceNode } from '../fix-edits';
import { suggestPage } from '../page-files/rule';
import { FixContext, RuleFix } from '../rule-module';

/**
 * A link of docs.json (a setting's href, a redirect's destination) pointed at the nearest page, its `#anchor` and
 * `?query` kept. A page's broken links are fixed by the pages' own fixes (they know the link's text).
 */
export function brokenLinkFixes(d: Diagnostic, { model, files, pageIds }: FixContext): RuleFix[] {
  const node = nodeUnder(model, d);
  if (node?.type !== 'string') return [];
  const link = siteLink(node.plain);
  if (!link || link.self || link.path === '') return [];
  const suggestion = suggestPage(files, pageIds, link.path);
  if (!suggestion) return [];
  const suffix = querySuffix(node.plain.trim());
  return fixOf(`Link to '/${suggestion.page}'`, [replaceNode(node, JSON.stringify(`/${suggestion.page}${suffix}`))], suggestion.close);
}
