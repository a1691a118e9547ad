import { Diagnostic } from '../../diagnostics';
import { linkPath, querySuffix, siteLink } from '../../links/resolve-link';
import { hasAnchor } from '../../pages/page-anchors';
import { nearest } from '../../text/nearest';
import { fixOf, nodeUnder, replaceNode } from '../fix-edits';
import { newPageFix } from '../page-files/fixes';
import { suggestPage } from '../page-files/suggest-page';
import { anchorOf } from '../page-anchors/rule';
import { FixContext, PageFixContext, PageFixSite, RuleFix } from '../rule-module';

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

/** Longer anchors are not matched to a page's ids (edit distance is quadratic); a longer one is dropped. */
const MAX_MATCHED_ANCHOR = 200;

/**
 * A broken link in a page: the nearest existing page (the link's `#anchor`/`?query` kept), and creating the missing
 * page. As for a missing page entry, a far match comes after creating the page. The missing page comes from the
 * server's own finding, never from the `data` a client sends back (forged data once made an edit creating a file
 * in the temp folder).
 */
export function pageBrokenLinkFixes(finding: Diagnostic, { text, site }: PageFixContext): RuleFix[] {
  const page = finding.data?.page;
  if (!page || !site) return [];
  const start = finding.offset;
  const suffix = querySuffix(text.slice(start, start + finding.length));
  const suggestion = suggestPage(site.files, site.pageIds, page);
  // The page the link's text names comes first: its title says what the writer meant, a path only how far it is.
  const linkText = openLinkText(text.slice(text.lastIndexOf('\n', start) + 1, start));
  const named = linkText ? site.pageByLinkText(linkText) : undefined;
  const linkTo = (target: string, preferred: boolean): RuleFix => {
    const title = site.pageTitle(target);
    const { kept, anchor, dropped } = suffixOn(site, target, suffix);
    // The anchor is shown when it is not the one written: its nearest id there, or none.
    return {
      title: `Link to '/${target}${anchor ? `#${anchor}` : ''}'${title ? ` (${title})` : ''}${dropped ? `, without '#${dropped}' (no heading of it there)` : ''}`,
      preferred,
      edits: [{ file: finding.file, offset: start, length: finding.length, text: `/${linkPath(target)}${kept}` }],
    };
  };
  const replace: RuleFix[] = [
    ...(named ? [linkTo(named.page, true)] : []),
    ...(suggestion && suggestion.page !== named?.page ? [linkTo(suggestion.page, !named && suggestion.close)] : []),
  ];
  const close = named !== undefined || suggestion?.close;
  const create = newPageFix(page, site).map((fix) => ({ ...fix, preferred: !close }));
  return close ? [...replace, ...create] : [...create, ...replace];
}

/**
 * A link's `?query#anchor` as it may stay on another page: the anchor kept where that page makes it, else its nearest
 * id there, else dropped (`dropped`). Kept as written, a fix traded a broken link for a broken anchor (issue 23: 5 of
 * 300 seeded page faults, as `/tasks/schedulee#scheduled-tasks-cron` → `/tasks/scheduled#scheduled-tasks-cron`).
 */
function suffixOn(site: PageFixSite, target: string, suffix: string): { kept: string; anchor?: string; dropped?: string } {
  const hash = suffix.indexOf('#');
  const anchor = hash < 0 ? '' : suffix.slice(hash + 1);
  const file = anchor ? site.files.pageFile(target) : undefined;
  if (!anchor || file === undefined) return { kept: suffix };
  const ids = site.idsOf(file);
  if (hasAnchor(ids, anchor)) return { kept: suffix };
  const near = anchor.length <= MAX_MATCHED_ANCHOR ? nearest(anchor, ids) : undefined;
  return near === undefined ? { kept: suffix.slice(0, hash), dropped: anchor } : { kept: `${suffix.slice(0, hash)}#${near}`, anchor: near };
}

/** The text of the link `before` ends in the middle of (`…[text](`), as `/\[([^\]]*)\]\($/` read it, in one pass. */
function openLinkText(before: string): string | undefined {
  const close = before.length - 2;
  if (close < 0 || !before.endsWith('](')) return undefined;
  // The first `[` past the `]` before this one.
  const open = before.indexOf('[', before.lastIndexOf(']', close - 1) + 1);
  return open >= 0 && open < close ? before.slice(open + 1, close) : undefined;
}

/** The `#anchor` a page's broken link asks of the missing page `page` (for the headings of the page a fix creates). */
export function anchorAskedOf(finding: Diagnostic, page: string): string | undefined {
  return finding.code === 'broken-link' && finding.data?.page === page ? anchorOf(finding.file.text.slice(finding.offset, finding.offset + finding.length)) : undefined;
}
