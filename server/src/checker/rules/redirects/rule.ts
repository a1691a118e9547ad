// docs-json-settings note §6: redirects. Each source once, no `#` or `?` in a source, every `:param` of a
// destination captured by its source, no loops, an internal destination lands on something of the site, and no
// source is a page of the site as well.
import { diagnostic } from '../../diagnostics';
import { JString, JValue, valueOf } from '../../json/json-tree';
import { canonicalUrl, redirectKey, redirectsOf, RedirectTable } from '../../links/redirects';
import { isExternalLink, LinkTargets, missingTargetWords, querySuffix, resolveSitePath, resolvesToSomething, SiteLink, siteLink, tooLongChain, withoutBasePath } from '../../links/resolve-link';
import { RuleContext } from '../rule-context';
import { siteTargets } from '../site-targets';
import { duplicateRedirectFixes } from './fixes';
import { RuleModule } from '../rule-module';

interface Entry {
  source: JString;
  destination: JString;
  /** Its position in `redirects`, where entries of another shape count too. */
  index: number;
}

const PARAM = /:([A-Za-z_]\w*)/g;

function entriesOf(root: JValue | undefined): Entry[] {
  const list = valueOf(root, 'redirects');
  if (list?.type !== 'array') return [];
  const entries: Entry[] = [];
  list.items.forEach((item, index) => {
    const source = valueOf(item, 'source');
    const destination = valueOf(item, 'destination');
    if (source?.type === 'string' && destination?.type === 'string') entries.push({ source, destination, index });
  });
  return entries;
}

export function checkRedirects(context: RuleContext): void {
  const entries = entriesOf(context.model.root);
  if (!entries.length) return;
  const { report } = context;
  const first = new Map<string, Entry>();
  for (const entry of entries) {
    const { source, destination } = entry;
    // The platform compares sources as written: `/a` and `/a/` are two sources (a live site writes both).
    const key = source.plain;
    const earlier = first.get(key);
    if (earlier !== undefined) {
      const keptDestination = earlier.destination.plain;
      report(diagnostic('duplicate-redirect', source, `The source '${source.plain}' is already redirected (entry ${earlier.index + 1}): the platform refuses a source used twice`, { keptDestination }));
    } else first.set(key, entry);
    // `:name?` is an optional parameter, not a query.
    if (/#|\?/.test(source.plain.replace(/:[A-Za-z_]\w*\?/g, ''))) {
      report(diagnostic('redirect-source', source, `A source with '#' or '?' never matches: the platform matches the path alone`));
    }
    const captured = new Set([...source.plain.matchAll(PARAM)].map((m) => m[1]));
    const withoutHost = destination.plain.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/]*/, '');
    const path = withoutHost.slice(0, withoutHost.length - querySuffix(withoutHost).length);
    for (const [, name] of path.matchAll(PARAM)) {
      if (!captured.has(name)) report(diagnostic('redirect-param', destination, `\`:${name}\` is not captured by the source '${source.plain}'`));
    }
  }
  checkDestinations(entries, context);
  checkShadowed(entries, context);
}

/** Loops through exact sources, and internal destinations that land on nothing (as the platform's own checker reads them). */
function checkDestinations(entries: Entry[], context: RuleContext): void {
  const table = new RedirectTable(redirectsOf(context.model.root));
  let targets: LinkTargets | undefined | null = null;
  for (const { source, destination } of entries) {
    const written = destination.plain;
    const link = siteLink(written);
    // Destinations with parameters or wildcards are substituted per request: the platform's checker skips them too.
    if (isExternalLink(written) || !link || /[:*]/.test(link.path)) continue;
    if (loops(redirectKey(source.plain), link.path, table)) {
      context.report(diagnostic('redirect-loop', destination, `'${source.plain}' → '${written}' leads back to '${source.plain}' through other redirects: a loop`));
      continue;
    }
    if (targets === null) targets = siteTargets(context);
    const resolution = targets ? resolveSitePath(link.path, targets) : undefined;
    if (resolution && !resolvesToSomething(resolution)) {
      const chain = tooLongChain(resolution);
      context.report(diagnostic('broken-link', destination, chain ? `The destination '${written}' lands nowhere${chain}` : `The destination '${written}' ${missingTargetWords(resolution)}`));
    }
  }
}

/**
 * Whether following redirects from `path` comes back to `source` (within a few hops), as the platform reads paths:
 * a trailing `/index` and trailing slashes canonicalised (`/a` → `/a/index` is a loop, and `/b/index` a source of `/b`).
 */
function loops(source: string, path: string, table: RedirectTable): boolean {
  const start = canonicalUrl(source);
  for (let hops = 0, at: string | undefined = path; at !== undefined && hops < 16; hops++) {
    const canonical = canonicalUrl(at);
    if (canonical === start) return true;
    const next: string | undefined = table.destinationOf(at) ?? table.destinationOf(canonical) ?? table.destinationOf(canonical ? `${canonical}/index` : 'index');
    const link: SiteLink | undefined = next === undefined ? undefined : siteLink(next);
    at = link?.path;
  }
  return false;
}

/**
 * Exact sources that a page of the site (a file, or a generated API page) serves as well: the page and the
 * redirect claim one URL, and readers see only one of them. A source with a wildcard, `#` or `?` is left alone.
 */
function checkShadowed(entries: Entry[], context: RuleContext): void {
  let targets: LinkTargets | undefined | null = null;
  for (const { source, destination } of entries) {
    const key = redirectKey(source.plain);
    if (/[:*#?]/.test(key)) continue;
    if (targets === null) targets = siteTargets(context);
    if (!targets) return;
    const url = canonicalUrl(key);
    const inner = withoutBasePath(url, targets.basePath);
    const page = targets.files.pageFile(url) ?? (inner === undefined ? undefined : targets.files.pageFile(inner));
    const generated = page === undefined && (targets.generated?.has(url) || (inner !== undefined && targets.generated?.has(inner)));
    if (page === undefined && !generated) continue;
    const what = page !== undefined ? `the page ${page}` : 'a generated API page';
    context.report(diagnostic('shadowed-redirect', source, `'${source.plain}' is redirected to '${destination.plain}' and is also ${what}: the page and the redirect claim one URL and readers get only one; remove the redirect, or the page`));
  }
}

export const rule: RuleModule = {
  folder: 'redirects',
  codes: { 'duplicate-redirect': 'error', 'redirect-source': 'warning', 'redirect-param': 'error', 'redirect-loop': 'warning', 'shadowed-redirect': 'warning' },
  breaksBuild: ['duplicate-redirect'],
  check: checkRedirects,
  fixes: { 'duplicate-redirect': duplicateRedirectFixes },
};
