// The page file a quick fix creates for a missing page (a docs.json entry, a page link): a title from its path, and a
// heading for every `#anchor` the site's links ask of it, so that creating it trades no broken link for a broken
// anchor (issue 23: on a seeded fault of trigger.dev, "Create page file 'triggering.mdx'" turned two broken links
// into broken anchors; a link with `#anchor` to a created page always did).
import { hasAnchor, pageAnchors } from '../../checker/pages/page-anchors';
import { anchorAskedOf } from '../../checker/rules/page-links/fixes';
import { isPageFile } from '../../checker';
import { DocsProject } from '../../project/docs-project';
import { titleFromPageId } from './front-matter';

/** More anchors than this asked of one missing page: the first ones get a heading (a page of headings is no page). */
const MAX_ANCHORS = 100;
/** Longer anchors get no heading (a heading line of kilobytes helps no one; a hostile page could ask many). */
const MAX_ANCHOR_LENGTH = 200;

/**
 * The anchors the links of the site's pages ask of the missing page `page` (their broken-link findings as kept from
 * their last check: a page not checked yet is not read for this, as the 126,339 pages of the 100k bench would be).
 */
export function anchorsLinkedTo(project: DocsProject, page: string): string[] {
  const anchors = new Set<string>();
  for (const file of project.files.all()) {
    for (const d of (isPageFile(file) && project.pageLinks.kept(file)) || []) {
      const anchor = anchorAskedOf(d, page);
      if (anchor && anchor.length <= MAX_ANCHOR_LENGTH && anchors.size < MAX_ANCHORS) anchors.add(anchor);
    }
  }
  return [...anchors];
}

/** A new page's text: front matter with its title, then a heading that makes each anchor (a `{#id}` where its words do not). */
export function newPageText(page: string, anchors: readonly string[] = []): string {
  let text = `---\ntitle: ${JSON.stringify(titleFromPageId(page))}\n---\n\n`;
  for (const anchor of anchors) {
    if (hasAnchor(pageAnchors(text), anchor)) continue;
    const words = anchor.replace(/[-_]+/g, ' ').trim();
    const title = words.charAt(0).toUpperCase() + words.slice(1);
    const plain = `${text}## ${title}\n\n`;
    if (title && !/[\n\r{}#<>`[\]*_~]/.test(title) && hasAnchor(pageAnchors(plain), anchor)) text = plain;
    else if (!/[\s{}]/.test(anchor) && hasAnchor(pageAnchors(`${text}## ${title || anchor} {#${anchor}}\n\n`), anchor)) text = `${text}## ${title || anchor} {#${anchor}}\n\n`;
  }
  return text;
}
