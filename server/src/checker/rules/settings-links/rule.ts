// docs-json-settings note §5: internal links of the settings (navbar, footer, logo, the Markdown of the banner and
// of the 404 page) and the hrefs of navigation elements land on a page, a generated API page, a file, a folder or a
// redirect source.
import { diagnostic, Range } from '../../diagnostics';
import { JValue, valueOf } from '../../json/json-tree';
import { isExternalLink, missingTargetWords, resolveLink, resolvesToSomething } from '../../links/resolve-link';
import { RuleContext } from '../rule-context';
import { keysMatch, valuesAt } from '../settings-files/rule';
import { siteTargets } from '../site-targets';
import { pushAll } from '../../text/push-all';
import { RuleModule } from '../rule-module';

const HREF_PATHS = [
  ['navbar', 'links', '*', 'href'],
  ['navbar', 'primary', 'href'],
  ['logo', 'href'],
  ['footer', 'links', '*', 'items', '*', 'href'],
];
const MARKDOWN_PATHS = [['banner', 'content'], ['errors', '404', 'description']];
/** Redirect destinations are checked by their own rule (redirects.ts); to the editor they are links as the hrefs are. */
const REDIRECT_DESTINATION = ['redirects', '*', 'destination'];
const LINK_PATHS = [...HREF_PATHS, REDIRECT_DESTINATION];

/**
 * Whether the value at a key path from the root (array indexes as numbers) is a link: an href, a redirect
 * destination, the href of a navigation element (not of a global anchor, which must be a URL).
 */
export function isLinkSetting(keys: readonly (string | number)[]): boolean {
  return LINK_PATHS.some((pattern) => keysMatch(pattern, keys)) || isNavigationHref(keys);
}

function isNavigationHref(keys: readonly (string | number)[]): boolean {
  return keys[0] === 'navigation' && keys[keys.length - 1] === 'href' && keys[1] !== 'global';
}

/** The values of a docs.json root that are links (any type: a feature takes the strings). */
export function linkSettingValues(root: JValue | undefined): JValue[] {
  const hrefs: JValue[] = [];
  const walk = (value: JValue | undefined, keys: (string | number)[]) => {
    if (value?.type === 'array') value.items.forEach((item, i) => walk(item, [...keys, i]));
    if (value?.type !== 'object') return;
    for (const prop of value.props) {
      if (prop.key === 'href' && isNavigationHref([...keys, 'href'])) hrefs.push(prop.value);
      else walk(prop.value, [...keys, prop.key]);
    }
  };
  walk(valueOf(root, 'navigation'), ['navigation']);
  return [...LINK_PATHS.flatMap((keys) => valuesAt(root, keys)), ...hrefs];
}

/** A Markdown link's target: `[text](target)` or `[text](target "title")`. */
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)/g;

/** The targets of the Markdown links in `banner.content` and `errors.404.description`, each at its place in the text. */
export function markdownSettingLinks(root: JValue | undefined): { href: string; range: Range }[] {
  const links: { href: string; range: Range }[] = [];
  for (const keys of MARKDOWN_PATHS) {
    for (const value of valuesAt(root, keys)) {
      if (value.type !== 'string') continue;
      // Found in the written text (between the quotes), so that the finding sits on the link itself.
      const raw = value.file.text.slice(value.offset + 1, value.offset + value.length - 1);
      for (const match of raw.matchAll(MARKDOWN_LINK)) {
        const start = value.offset + 1 + match.index! + match[0].length - match[1].length;
        links.push({ href: match[1], range: { file: value.file, offset: start, length: match[1].length } });
      }
    }
  }
  return links;
}

export function checkSettingsLinks(context: RuleContext): void {
  const links: { href: string; range: Range }[] = [];
  for (const keys of HREF_PATHS) {
    for (const value of valuesAt(context.model.root, keys)) if (value.type === 'string') links.push({ href: value.plain, range: value });
  }
  // Tabs, anchors, dropdowns and menu items that link somewhere instead of holding pages (a global anchor's href must
  // be an external URL: its own rule, global-href, says so).
  for (const element of context.model.elements) {
    if (element.node.type !== 'object' || element.kind === 'global-anchor') continue;
    const href = valueOf(element.node, 'href');
    if (href?.type === 'string') links.push({ href: href.plain, range: href });
  }
  pushAll(links, markdownSettingLinks(context.model.root));
  const internal = links.filter(({ href }) => href.trim() && !isExternalLink(href.trim()) && !href.trim().startsWith('#'));
  if (!internal.length) return;
  const targets = siteTargets(context);
  if (!targets) return;
  for (const { href, range } of internal) {
    const resolution = resolveLink(href, targets);
    if (!resolvesToSomething(resolution)) context.report(diagnostic('broken-link', range, `'${href}' ${missingTargetWords(resolution)}`));
  }
}

export const rule: RuleModule = {
  folder: 'settings-links',
  codes: {},
  check: checkSettingsLinks,
};
