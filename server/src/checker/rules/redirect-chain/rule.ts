// A redirect whose destination is itself redirected (A → B, B → C): every visit to A takes two hops, and search
// engines and browsers follow only so many. Followed through exact sources only, as far as it can be told: a hop
// through a wildcard or `:param` source, or a destination with parameters, `#` or `?`, leaves the entry alone,
// and so does a loop (redirect-loop reports those) and a chain that ends nowhere (broken-link reports that).
import { diagnostic } from '../../diagnostics';
import { JString, valueOf } from '../../json/json-tree';
import { hasWildcard } from '../../links/redirect-pattern';
import { redirectKey, RedirectTable } from '../../links/redirects';
import { isExternalLink, LinkTargets, querySuffix, resolveSitePath, resolvesToSomething, siteLink } from '../../links/resolve-link';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';
import { siteTargets } from '../site-targets';
import { redirectChainFixes } from './fixes';

/** Longer chains are left alone (redirect-loop's reach as well). */
const MAX_HOPS = 16;

export function checkRedirectChains(context: RuleContext): void {
  const { model, report } = context;
  const list = valueOf(model.root, 'redirects');
  if (list?.type !== 'array') return;
  const entries: { source: JString; destination: JString }[] = [];
  for (const item of list.items) {
    const source = valueOf(item, 'source');
    const destination = valueOf(item, 'destination');
    if (source?.type === 'string' && destination?.type === 'string') entries.push({ source, destination });
  }
  // The platform takes the first entry of a source; a path no exact source names may still match a pattern.
  const exact = new Map<string, string>();
  const patterns: { source: string; destination: string }[] = [];
  for (const { source, destination } of entries) {
    const key = redirectKey(source.plain);
    if (hasWildcard(key)) patterns.push({ source: source.plain, destination: destination.plain });
    else if (!exact.has(key)) exact.set(key, destination.plain);
  }
  const byPattern = new RedirectTable(patterns);
  let targets: LinkTargets | undefined | null = null;
  for (const { source, destination } of entries) {
    const hops = chainFrom(source.plain, destination.plain, exact, byPattern);
    if (!hops) continue;
    const end = hops[hops.length - 1];
    // A chain that ends nowhere is broken-link's: pointing the entry there would not help the reader.
    if (!isExternalLink(end)) {
      if (targets === null) targets = siteTargets(context);
      const resolution = targets ? resolveSitePath(siteLink(end)!.path, targets) : undefined;
      if (!resolution || !resolvesToSomething(resolution)) continue;
    }
    const more = hops.length > 2 ? ` and on to ${end}` : '';
    report(diagnostic('redirect-chain', destination, `'${source.plain}' redirects to ${hops[0]}, which redirects again to ${hops[1]}${more}: point it at ${end}`, { suggestion: end }));
  }
}

/** The destinations from `destination` on (at least two), when it is redirected again and the chain's end is known. */
function chainFrom(source: string, destination: string, exact: Map<string, string>, byPattern: RedirectTable): string[] | undefined {
  const hops = [destination];
  const seen = new Set([redirectKey(source)]);
  for (let written = destination; ; ) {
    // Substituted per request, or with a part the next hop would have to carry: not followed.
    if (querySuffix(written) || /[:*]/.test(written.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/]*/, ''))) return undefined;
    if (isExternalLink(written)) break;
    const link = siteLink(written);
    if (!link) return undefined;
    const at = redirectKey(link.path);
    const next = exact.get(at);
    if (next === undefined) {
      // Redirected by a pattern: the chain goes on where it cannot be followed here.
      if (byPattern.destinationOf(at) !== undefined) return undefined;
      break;
    }
    if (seen.has(at) || hops.length > MAX_HOPS) return undefined;
    seen.add(at);
    hops.push(next);
    written = next;
  }
  return hops.length >= 2 ? hops : undefined;
}

export const rule: RuleModule = {
  folder: 'redirect-chain',
  codes: { 'redirect-chain': 'warning' },
  check: checkRedirectChains,
  fixes: { 'redirect-chain': redirectChainFixes },
};
