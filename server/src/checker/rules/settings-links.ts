// docs-json-settings note §5: internal links of the settings (navbar, footer, logo, the Markdown of the banner and
// of the 404 page) land on a page, a generated API page, a file, a folder or a redirect source.
import { diagnostic, Range } from '../diagnostics';
import { isExternalLink, resolveLink, resolvesToSomething } from '../links/resolve-link';
import { RuleContext } from './rule-context';
import { valuesAt } from './settings-files';
import { siteTargets } from './site-targets';

const HREF_PATHS = [
  ['navbar', 'links', '*', 'href'],
  ['navbar', 'primary', 'href'],
  ['logo', 'href'],
  ['footer', 'links', '*', 'items', '*', 'href'],
];
const MARKDOWN_PATHS = [['banner', 'content'], ['errors', '404', 'description']];

/** A Markdown link's target: `[text](target)` or `[text](target "title")`. */
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)/g;

export function checkSettingsLinks(context: RuleContext): void {
  const links: { href: string; range: Range }[] = [];
  for (const keys of HREF_PATHS) {
    for (const value of valuesAt(context.model.root, keys)) if (value.type === 'string') links.push({ href: value.plain, range: value });
  }
  for (const keys of MARKDOWN_PATHS) {
    for (const value of valuesAt(context.model.root, keys)) {
      if (value.type !== 'string') continue;
      // Found in the written text (between the quotes), so that the finding sits on the link itself.
      const raw = value.file.text.slice(value.offset + 1, value.offset + value.length - 1);
      for (const match of raw.matchAll(MARKDOWN_LINK)) {
        const start = value.offset + 1 + match.index! + match[0].length - match[1].length;
        links.push({ href: match[1], range: { file: value.file, offset: start, length: match[1].length } });
      }
    }
  }
  const internal = links.filter(({ href }) => href.trim() && !isExternalLink(href.trim()) && !href.trim().startsWith('#'));
  if (!internal.length) return;
  const targets = siteTargets(context);
  if (!targets) return;
  for (const { href, range } of internal) {
    if (!resolvesToSomething(resolveLink(href, targets))) {
      context.report(diagnostic('broken-link', range, `'${href}' is no page, file, generated API page or redirect source of this site`));
    }
  }
}
