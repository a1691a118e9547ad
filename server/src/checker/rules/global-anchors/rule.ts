// SPEC rule 7: every global anchor's `href` points to an external URL; relative paths are not allowed.
import { diagnostic } from '../../diagnostics';
import { valueOf } from '../../json/json-tree';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';
import { globalHrefFixes } from './fixes';

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;

export function checkGlobalAnchors({ model, report }: RuleContext): void {
  for (const element of model.elements) {
    if (element.kind !== 'global-anchor') continue;
    const href = valueOf(element.node, 'href');
    if (href?.type !== 'string' || ABSOLUTE_URL.test(href.plain)) continue;
    const suggestion = /^[\w-]+(\.[\w-]+)+(\/|$)/.test(href.plain) ? `https://${href.plain.replace(/^\/+/, '')}` : undefined;
    report(
      diagnostic(
        'global-href',
        href,
        `A global anchor must link to an external URL (https://…): '${href.plain}' is relative`,
        suggestion ? { suggestion } : undefined,
      ),
    );
  }
}

export const rule: RuleModule = {
  folder: 'global-anchors',
  codes: { 'global-href': 'error' },
  fixesInvent: ['global-href'],
  check: checkGlobalAnchors,
  fixes: { 'global-href': globalHrefFixes },
};
