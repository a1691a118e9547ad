// Issue 33: links to other sites (`docs-json check --check-external`). This file lists them and words the verdict of
// each; the requests are the CLI's (cli/src/external-links/), never the editor's: a check that sends requests runs
// only when asked.
import { Range, RuleCode, shown } from '../../diagnostics';
import { JValue, valueOf } from '../../json/json-tree';
import { DocsModel } from '../../model/docs-model';
import { linkSettingValues, markdownSettingLinks } from '../settings-links/rule';
import { RuleModule } from '../rule-module';

/** What became of one URL. */
export type ExternalVerdict =
  /** Answered (2xx, or any status that is not breakage: 401, 403 to a bot, …). */
  | { kind: 'ok'; status: number }
  /** 404 or 410, at the URL or at the end of its redirects (`via`: the URL that answered). */
  | { kind: 'broken'; status: number; via?: string }
  /** No answer: a name that does not resolve, a refused connection, a timeout, a server error, too many redirects. */
  | { kind: 'unreachable'; why: string }
  /** 429 again after the waits the host asked for. */
  | { kind: 'rate-limited'; tries: number }
  /**
   * Not asked: a private address without --allow-private-hosts (no finding), or the time budget spent (`outOfTime`:
   * one finding per file, externalLinksNotChecked).
   */
  | { kind: 'skipped'; why: string; outOfTime?: true };

/**
 * The URL a link is checked as: an absolute http(s) URL, as the WHATWG parser writes it (so `HTTP://Example.COM`
 * and `http://example.com/` are one URL), without its `#fragment`. Undefined for anything else.
 */
export function externalLinkUrl(href: string): string | undefined {
  const text = href.trim();
  if (!/^https?:\/\//i.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  url.hash = '';
  return url.href;
}

/**
 * The external links written in docs.json and its `$ref` files: the link settings (navbar, footer, logo, redirect
 * destinations, navigation hrefs), the Markdown links of the banner and 404 page, global anchors and social links.
 */
export function settingsExternalLinks(model: DocsModel): { url: string; range: Range }[] {
  const found: { url: string; range: Range }[] = [];
  const add = (href: string, range: Range) => {
    const url = externalLinkUrl(href);
    if (url !== undefined) found.push({ url, range });
  };
  const addValue = (value: JValue | undefined) => {
    if (value?.type === 'string') add(value.plain, value);
  };
  linkSettingValues(model.root).forEach(addValue);
  for (const { href, range } of markdownSettingLinks(model.root)) add(href, range);
  for (const element of model.elements) if (element.kind === 'global-anchor') addValue(valueOf(element.node, 'href'));
  const socials = valueOf(valueOf(model.root, 'footer'), 'socials');
  if (socials?.type === 'object') socials.props.forEach((prop) => addValue(prop.value));
  return found;
}

/** The finding of a link whose URL got `verdict`, or none. */
export function externalLinkProblem(url: string, verdict: ExternalVerdict): { code: RuleCode; message: string } | undefined {
  const link = `'${shown(url)}'`;
  switch (verdict.kind) {
    case 'broken': {
      const answer = `${verdict.status} ${verdict.status === 410 ? 'Gone' : 'Not Found'}`;
      const message = verdict.via ? `${link} redirects to '${shown(verdict.via)}', which answers ${answer}` : `${link} answers ${answer}`;
      return { code: 'broken-external-link', message };
    }
    case 'unreachable':
      // The reason may quote what a server answered (a Location header): no longer than a value is shown.
      return { code: 'unreachable-external-link', message: `${link} could not be checked: ${shown(verdict.why)}` };
    case 'rate-limited':
      return { code: 'unreachable-external-link', message: `${link} could not be checked: its host answered 429 (rate limited) ${verdict.tries} times` };
    default:
      return undefined;
  }
}

/** The one finding of a file whose `count` links the time budget left unasked (`first`: the first of them). */
export function externalLinksNotChecked(count: number, first: string): { code: RuleCode; message: string } {
  const which = count === 1 ? `'${shown(first)}'` : `${count} external links of this file (the first: '${shown(first)}')`;
  return { code: 'unreachable-external-link', message: `${which} not checked: the check's time budget ran out (--external-budget)` };
}

export const rule: RuleModule = {
  folder: 'external-links',
  codes: { 'broken-external-link': 'warning', 'unreachable-external-link': 'info' },
};
