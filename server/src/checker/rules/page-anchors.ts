import { diagnostic, Diagnostic, shown } from '../diagnostics';
import { SourceFile } from '../json/json-tree';
import { hasAnchor } from '../pages/page-anchors';
import { PageLink } from '../pages/page-links';

/** The `#anchor` of a link, without `#` (empty when it has none). */
export function anchorOf(href: string): string {
  const hash = href.indexOf('#');
  return hash < 0 ? '' : href.slice(hash + 1);
}

/** Issue 26: a link's `#anchor` names a heading or an id of the page it lands on (`mint broken-links --check-anchors`). */
export function checkPageAnchor(page: () => SourceFile, link: PageLink, target: string, ids: ReadonlySet<string>): Diagnostic | undefined {
  const anchor = anchorOf(link.href);
  if (!anchor || hasAnchor(ids, anchor)) return undefined;
  const start = link.start + link.href.indexOf('#');
  const on = target ? `\`${target}\`` : 'this page';
  return diagnostic('broken-anchor', { file: page(), offset: start, length: link.end - start }, `Anchor \`#${shown(anchor)}\` not found: no heading, \`{#id}\` or element id of ${on} makes it.`);
}
