// Languages in step (issue 37): every language of `navigation.languages` should list what the default language
// lists, in its own folder. None of this breaks a build (a missing translation falls back or 404s on the language
// switch), so nothing here is an error by default.
import { diagnostic, Diagnostic } from '../../diagnostics';
import { JValue, valueOf } from '../../json/json-tree';
import { fallbackPages, languageLayouts, LanguageLayout, LanguageSection, LanguageStanding, listedPages, pageCount, pathInLanguage, samePage } from '../../languages/language-layout';
import { LABEL_KEY } from '../../model/element-kinds';
import { NavElement } from '../../model/docs-model';

export type { LanguageStanding };
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';
import { MirroredPlace, mirroredPlace, MirrorIndex, mirrorIndex } from './mirrored-place';
import { translationMissingFixes } from './fixes';
import { nodeUnder, replaceWithSuggestion } from '../fix-edits';

/** A language that lacks this many of the default language's pages, and at least half, is told once, not per page. */
const GAP_MIN_PAGES = 10;
const GAP_SHARE = 0.5;
/** Pages a gap's message names. */
const GAP_NAMED = 3;

export function checkLanguageParity({ model, workspace, report, findings }: RuleContext): void {
  const standings: LanguageStanding[] = [];
  for (const layout of languageLayouts(model)) {
    const { main } = layout;
    standings.push({ code: main.code, folder: main.folder, isDefault: true, pages: pageCount(main), missing: 0, unlisted: 0, fallbacks: 0 });
    for (const section of layout.sections) {
      if (section === main) continue;
      const standing: LanguageStanding = { code: section.code, folder: section.folder, isDefault: false, pages: pageCount(section), missing: 0, unlisted: 0, fallbacks: 0 };
      standings.push(standing);
      const fallbacks = fallbackPages(layout, section);
      standing.fallbacks = fallbacks.length;
      const listed = new Set(section.pages.map((p) => samePage(p.path)));
      const exists = (page: string) => workspace.files.pageFile(page) !== undefined;
      const offered = (page: string) => !listed.has(samePage(page));
      for (const { element, owner } of fallbacks) report(fallbackFinding(element, section, owner, exists, offered));
      // A default page listed in its place (a fallback) is told once, as the fallback.
      const fallenBack = new Set(fallbacks.filter((f) => f.owner === main).map((f) => samePage(f.path)));
      // A default entry without its file is a missing-page already: there is nothing to translate yet.
      const missing = missingPages(main, section).filter((m) => !fallenBack.has(samePage(m.path)) && exists(m.path));
      standing.missing = missing.length;
      standing.unlisted = missing.filter((m) => exists(m.counterpart)).length;
      if (missing.length >= GAP_MIN_PAGES && missing.length >= GAP_SHARE * pageCount(main)) {
        report(gapFinding(section, main, missing));
        continue;
      }
      let index: MirrorIndex | undefined;
      for (const page of missing) {
        const place = mirroredPlace(layout, section, page.element, (index ??= mirrorIndex(layout, section)));
        report(missingFinding(section, main, page, exists(page.counterpart), place));
      }
    }
  }
  if (standings.length) findings.languages = standings;
}

interface MissingPage {
  element: NavElement;
  /** The default language's page path. */
  path: string;
  /** Where its translation would be. */
  counterpart: string;
}

/** The default language's pages (in its folder) whose counterpart `section` does not list. */
function missingPages(main: LanguageSection, section: LanguageSection): MissingPage[] {
  const listed = listedPages(section);
  const missing: MissingPage[] = [];
  const seen = new Set<string>();
  for (const page of main.pages) {
    const inside = pathInLanguage(main, page.path);
    if (inside === undefined || listed.has(samePage(inside)) || seen.has(samePage(inside))) continue;
    seen.add(samePage(inside));
    missing.push({ element: page.element, path: page.path, counterpart: section.folder + inside });
  }
  return missing;
}

function label(section: LanguageSection): string {
  return section.code ? `'${section.code}'` : 'this language';
}

function languageValue(section: LanguageSection): JValue {
  return valueOf(section.element.node, 'language') ?? section.element.node;
}

/** `offered(page)`: listing the translation instead lists no page twice. */
function fallbackFinding(element: NavElement, section: LanguageSection, owner: LanguageSection, exists: (page: string) => boolean, offered: (page: string) => boolean): Diagnostic {
  const path = (element.node.type === 'string' && element.node.plain.replace(/^\/+/, '')) || '';
  const inside = pathInLanguage(owner, path);
  const translated = inside !== undefined ? section.folder + inside : undefined;
  const hasFile = translated !== undefined && translated !== path && exists(translated);
  const message =
    `\`${path}\` is a page of ${label(owner)} listed in the ${label(section)} navigation: its readers get it untranslated` +
    (hasFile ? ` (\`${translated}\` exists)` : '');
  return diagnostic('translation-fallback', element.node, message, hasFile && offered(translated) ? { suggestion: translated } : undefined);
}

function gapFinding(section: LanguageSection, main: LanguageSection, missing: MissingPage[]): Diagnostic {
  const named = missing.slice(0, GAP_NAMED).map((m) => `\`${m.counterpart}\``).join(', ');
  const total = pageCount(main).toLocaleString('en-US');
  const message =
    `${label(section)} lists ${missing.length.toLocaleString('en-US')} fewer of the ${total} pages of ${label(main)} ` +
    `(the default language): not translated yet, first ${named}`;
  return diagnostic('translation-missing', languageValue(section), message, { language: section.code });
}

function missingFinding(section: LanguageSection, main: LanguageSection, page: MissingPage, fileExists: boolean, place: MirroredPlace | undefined): Diagnostic {
  const message = fileExists
    ? `\`${page.counterpart}\` exists but the ${label(section)} navigation does not list it (${label(main)} lists \`${page.path}\`)`
    : `The ${label(section)} navigation has no counterpart of \`${page.path}\` (${label(main)}): \`${page.counterpart}\` is missing`;
  const at = place ? placeLabel(place) ?? languageValue(section) : languageValue(section);
  return diagnostic('translation-missing', at, message, { page: page.counterpart, translationOf: page.path, language: section.code });
}

/** The label of the element that holds a mirrored place (a group's name), where a finding about it shows. */
function placeLabel(place: MirroredPlace): JValue | undefined {
  const key = LABEL_KEY[place.holder.kind];
  return key && place.holder.kind !== 'language' ? valueOf(place.holder.node, key) : undefined;
}

export const rule: RuleModule = {
  folder: 'language-parity',
  codes: { 'translation-missing': 'info', 'translation-fallback': 'warning' },
  namedElsewhere: ['translation-missing'],
  check: checkLanguageParity,
  fixes: { 'translation-missing': translationMissingFixes, 'translation-fallback': (d, { model }) => replaceWithSuggestion(d, nodeUnder(model, d)) },
};
