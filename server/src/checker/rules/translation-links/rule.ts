// A link inside a translated page that leads into another language's page (issue 37): a hint, since a writer
// sometimes means it (a page not translated yet), but a reader of Japanese clicking into English mostly was not meant to.
import { diagnostic, Diagnostic } from '../../diagnostics';
import { SourceFile } from '../../json/json-tree';
import { languageLayouts, languageOfPath, samePage } from '../../languages/language-layout';
import { LinkTargets, PageLanguage } from '../../links/resolve-link';
import { DocsModel } from '../../model/docs-model';
import { PageLink } from '../../pages/page-links';
import { isPageFile } from '../../workspace/page-files';
import { RuleModule } from '../rule-module';

/** The languages of the navigation's first `languages` list, by folder; undefined without one. */
export function pageLanguages(model: DocsModel): PageLanguage[] | undefined {
  const [layout] = languageLayouts(model);
  return layout?.sections.map((s) => ({ folder: s.folder, code: s.code }));
}

/** Snippets and other partials are written once for every language: their links are no language's. */
const SHARED = /(^|\/)(snippets\/|_)/;

/** `localNames`: the names the page imports or defines (its own components), asked only for a component's `href`. */
export function checkTranslationLink(pageFile: () => SourceFile, relative: string, link: PageLink, landed: string, targets: LinkTargets, localNames: () => ReadonlySet<string>): Diagnostic | undefined {
  const languages = targets.languages;
  if (!languages || link.form === 'import' || link.form === 'image' || link.form === 'src' || !isPageFile(landed) || SHARED.test(relative)) return undefined;
  const from = languageOfPath(languages, relative);
  const to = languageOfPath(languages, landed);
  // Only from a language with a folder of its own: a root language's pages are also where shared pages live.
  if (!from?.folder || !to || from === to) return undefined;
  // The page's own counterpart in another language (`ja/x` to `/en/x`, a banner's "English version"): a language
  // switch, meant (issue 45).
  if (pageOf(relative, from.folder) === pageOf(landed, to.folder)) return undefined;
  // A site's own component (an imported, locale-aware `<Link>`) may put the reader's language in front of the path.
  if (link.tag !== undefined && /^[A-Z]/.test(link.tag) && localNames().has(link.tag.split('.')[0])) return undefined;
  return diagnostic(
    'translation-link',
    { file: pageFile(), offset: link.start, length: link.end - link.start },
    `Leads to \`${landed}\`, a page of '${to.code}', from a page of '${from.code}'`,
  );
}

/** A page file's path inside its language's folder, without extension (`a/index` and `a` as one). */
function pageOf(file: string, folder: string): string {
  return samePage(file.slice(folder.length).replace(/\.mdx?$/, ''));
}

export const rule: RuleModule = {
  folder: 'translation-links',
  codes: { 'translation-link': 'hint' },
  page: {
    link(page, { link, landed }) {
      if (landed === undefined || link.unused) return;
      const crossing = checkTranslationLink(page.file, page.relative, link, landed, page.targets, page.localNames);
      if (crossing) page.found.push(crossing);
    },
  },
};
