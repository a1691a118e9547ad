import { diagnostic, Diagnostic, shown } from '../../diagnostics';
import { SourceFile } from '../../json/json-tree';
import { namesOperationPart, OperationAnchors } from '../../openapi/operation-anchors';
import { hasAnchor } from '../../pages/page-anchors';
import { nearestIndexOf } from '../../text/nearest-index';
import { PageLink } from '../../pages/page-links';
import { RuleModule } from '../rule-module';
import { brokenAnchorFixes } from './fixes';
import { MAX_FINDINGS_PER_FILE } from '../../diagnostics';
import { pageIdOf } from '../../workspace/page-files';

/** The `#anchor` of a link, without `#` (empty when it has none). */
export function anchorOf(href: string): string {
  const hash = href.indexOf('#');
  return hash < 0 ? '' : href.slice(hash + 1);
}

/** The longest anchor a suggestion is looked for (the distance is quadratic in its length). */
const MAX_SUGGESTED_ANCHOR = 200;

/**
 * Issue 26: a link's `#anchor` names a heading or an id of the page it lands on (`mint broken-links --check-anchors`).
 * On an API page (issue 35), also a parameter or property of its operation, as `operation` gives them; a link that
 * names none is told the nearest, while `suggest` (false past the findings cap: the finding is only counted).
 */
export function checkPageAnchor(page: () => SourceFile, link: PageLink, target: string, ids: ReadonlySet<string>, operation?: OperationAnchors, suggest = true): Diagnostic | undefined {
  const anchor = anchorOf(link.href);
  if (!anchor || hasAnchor(ids, anchor) || (operation && namesOperationPart(anchor, operation))) return undefined;
  const start = link.start + link.href.indexOf('#');
  const on = target ? `\`${target}\`` : 'this page';
  const range = { file: page(), offset: start, length: link.end - start };
  if (operation) {
    const near = suggest && anchor.length <= MAX_SUGGESTED_ANCHOR ? nearestIndexOf(operation.suggestions).nearest(anchor.toLowerCase()) : undefined;
    const meant = near ? ` Did you mean \`#${near}\`?` : '';
    return diagnostic('broken-anchor', range, `Anchor \`#${shown(anchor)}\` not found: no heading or element id of ${on}, and no parameter or property of the operation it renders, makes it.${meant}`, near ? { suggestion: near } : undefined);
  }
  // The nearest id is its fix's (issue 38); the message stays as the CLI's verdicts know it.
  const near = suggest && anchor.length <= MAX_SUGGESTED_ANCHOR ? nearestIndexOf(ids).nearest(anchor) : undefined;
  return diagnostic('broken-anchor', range, `Anchor \`#${shown(anchor)}\` not found: no heading, \`{#id}\` or element id of ${on} makes it.`, near ? { suggestion: near } : undefined);
}

export const rule: RuleModule = {
  folder: 'page-anchors',
  codes: { 'broken-anchor': 'warning' },
  pageFixes: { 'broken-anchor': brokenAnchorFixes },
  page: {
    // Anchors on a page reached directly (through redirects, the platform's checker does not look).
    link(page, { link, resolution }) {
      if (resolution.kind !== 'page' || !anchorOf(link.href)) return;
      page.anchorsOn.add(resolution.file);
      const api = page.site.apiPageOf(resolution.file);
      if (api) page.usesSpecs();
      // An API page whose operation is not read here (a remote spec): its ids are not known.
      if (api === 'unknown') return;
      const self = resolution.file === page.relative;
      const found = checkPageAnchor(page.file, link, self ? '' : `/${pageIdOf(resolution.file) ?? resolution.file}`, page.site.idsOf(resolution.file, self ? page.text : undefined), api, page.found.length < MAX_FINDINGS_PER_FILE);
      if (found) page.found.push(found);
    },
  },
};
