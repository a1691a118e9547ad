// Issue 50: every URL the base site served (`check --base REF` or `--base-dir DIR`: its pages, generated API pages
// and redirect sources) that this site no longer serves, and no redirect keeps alive. Inbound links, bookmarks and
// search results all land on a 404 after the deploy. Reported on docs.json's `navigation` key (the entry that
// named the page is gone, and a page outside the navigation had none), its fix a redirect to where the page most
// likely went.
import { diagnostic, Range } from '../../diagnostics';
import { propertyOf } from '../../json/json-tree';
import { BaseUrl } from '../../links/base-site';
import { GeneratedPagesByName } from '../../links/generated-pages';
import { hasWildcard } from '../../links/redirect-pattern';
import { canonicalUrl, redirectKey, redirectsOf } from '../../links/redirects';
import { LinkTargets, resolveSitePath } from '../../links/resolve-link';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';
import { siteTargets } from '../site-targets';
import { killedUrlFixes } from './fixes';
import { SuccessorFinder } from './successor';

/** Past this many, the rest are told in one finding (a base that is another site altogether). */
const MAX_REPORTED = 500;

export function checkKilledUrls(context: RuleContext): void {
  const { model, workspace, options, report } = context;
  const base = options.base;
  if (!base || model.root?.type !== 'object') return;
  const targets = siteTargets(context);
  if (!targets) return;
  const patternSources = new Set(redirectsOf(model.root).map((r) => redirectKey(r.source)).filter(hasWildcard));
  // A page the navigation still names is page-files' finding (its entry's page is missing): one mistake, one finding.
  const named = namedPages(model);
  // A base page whose file is still here is served (one lookup: nearly every URL of an editor's HEAD base).
  const killed = base.urls.filter((url) => !(url.file !== undefined && workspace.files.has(url.file)) && !alive(url, targets, patternSources) && !(url.kind === 'page' && named.has(url.path)));
  if (!killed.length) return;
  base.prefetch?.(killed.slice(0, MAX_REPORTED).flatMap((url) => (url.file === undefined ? [] : [url.file])));
  const at: Range = placeOf(context);
  let finder: SuccessorFinder | undefined;
  for (const url of killed.slice(0, MAX_REPORTED)) {
    const shownUrl = `/${url.path}`;
    const what = url.kind === 'page' ? `the page ${url.file}` : url.kind === 'generated' ? 'a generated API page' : 'a redirect source';
    if (url.pattern) {
      report(diagnostic('killed-url', at, `${base.label} redirected '${shownUrl}' (a pattern), and this site no longer does: those URLs will answer 404; keep the redirect`));
      continue;
    }
    finder ??= new SuccessorFinder(workspace, base, new GeneratedPagesByName(model, workspace).names);
    const next = finder.find(url.path, url.file);
    const advice = next ? `add a redirect to /${next.path} (${next.reason})` : 'add a redirect';
    report(diagnostic('killed-url', at, `'${shownUrl}' (${what} at ${base.label}) is no longer served and no redirect keeps it: ${advice}`, {
      removedUrl: shownUrl,
      ...(next ? { suggestion: `/${next.path}`, preferredFix: next.reason !== 'nearest path' } : {}),
    }));
  }
  if (killed.length > MAX_REPORTED) report(diagnostic('killed-url', at, `${killed.length - MAX_REPORTED} more URLs of ${base.label} are no longer served (only the first ${MAX_REPORTED} are listed)`));
}

/** Whether this site still serves a base URL: a page, a file, a generated page, or any redirect (where it lands is broken-link's). */
function alive(url: BaseUrl, targets: LinkTargets, patternSources: Set<string>): boolean {
  if (url.pattern) {
    if (patternSources.has(url.path)) return true;
    // Another pattern, or pages, may serve the URLs it caught: one of them tried.
    return servedNow(url.path.replace(/:[A-Za-z_]\w*[*?]?|\*/g, 'x'), targets);
  }
  return servedNow(url.path, targets);
}

function servedNow(path: string, targets: LinkTargets): boolean {
  const found = resolveSitePath(path, targets);
  // A folder without an index page serves nothing (the root serves the navigation's first page).
  if (found.kind !== 'missing' && (found.kind !== 'folder' || found.path === '')) return true;
  // But its URL may be a redirect source: resolveSitePath stops at the folder, the platform redirects it
  // (0xsequence/trails-docs #77 kept `/sdk/composable-actions` → `/sdk/composable-actions/overview`, and the folder).
  if (found.kind === 'folder' && targets.redirects?.destinationOf(path) !== undefined) return true;
  // A source written `/a/index` is the URL `/a`: the platform canonicalises a trailing `/index`.
  return targets.redirects?.destinationOf(path ? `${path}/index` : 'index') !== undefined;
}

/** The URLs of the pages the navigation's entries name. */
function namedPages(model: RuleContext['model']): Set<string> {
  const named = new Set<string>();
  for (const element of model.elements) {
    if (element.kind === 'page' && element.node.type === 'string') named.add(canonicalUrl(element.node.plain));
  }
  return named;
}

/** docs.json's `navigation` key, else its `redirects` key, else its first character. */
function placeOf({ model }: RuleContext): Range {
  const key = propertyOf(model.root, 'navigation') ?? propertyOf(model.root, 'redirects');
  if (key) return { file: key.file, offset: key.keyOffset, length: key.keyLength };
  const root = model.root!;
  return { file: root.file, offset: root.offset, length: 1 };
}

export const rule: RuleModule = {
  folder: 'killed-url',
  codes: { 'killed-url': 'error' },
  check: checkKilledUrls,
  fixes: { 'killed-url': killedUrlFixes },
};
