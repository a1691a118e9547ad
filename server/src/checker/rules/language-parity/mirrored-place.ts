// Where a translation goes in its language's navigation: beside the translation of its nearest neighbour.
import { JArray, JValue, valueOf } from '../../json/json-tree';
import { languageLayouts, LanguageLayout, LanguageSection, pathInLanguage, samePage } from '../../languages/language-layout';
import { DocsModel, NavElement } from '../../model/docs-model';

/** Where a translation goes in its language's navigation: into `array`, before the entry at `index`. */
export interface MirroredPlace {
  array: JArray;
  index: number;
  /** The element that holds the array (a group, the language itself, …). */
  holder: NavElement;
}

/**
 * Where the translation of the default language's page `page` goes in `section`'s navigation: next to the
 * translation of its nearest neighbour in the same list (after the one before it, else before the one after it).
 * Undefined when no neighbour is translated.
 */
export function mirroredPlace(layout: LanguageLayout, section: LanguageSection, page: NavElement, index = mirrorIndex(layout, section)): MirroredPlace | undefined {
  const holder = page.parent;
  const list = holder && valueOf(holder.node, 'pages');
  if (list?.type !== 'array') return undefined;
  const at = list.items.indexOf(page.node);
  if (at < 0) return undefined;
  const counterpartOf = (node: JValue): NavElement | undefined => {
    const inside = node.type === 'string' ? index.mainPageOf.get(node) : undefined;
    return inside === undefined ? undefined : index.translated.get(inside);
  };
  const placeBy = (neighbour: NavElement, after: boolean): MirroredPlace | undefined => {
    const parent = neighbour.parent;
    const array = parent && valueOf(parent.node, 'pages');
    if (!parent || array?.type !== 'array') return undefined;
    const index = array.items.indexOf(neighbour.node);
    return index < 0 ? undefined : { array, index: after ? index + 1 : index, holder: parent };
  };
  for (let i = at - 1; i >= 0; i--) {
    const neighbour = counterpartOf(list.items[i]);
    if (neighbour) return placeBy(neighbour, true);
  }
  for (let i = at + 1; i < list.items.length; i++) {
    const neighbour = counterpartOf(list.items[i]);
    if (neighbour) return placeBy(neighbour, false);
  }
  return undefined;
}

/** What finding mirrored places looks up, built once per language: its pages by identity, the default's by node. */
export interface MirrorIndex {
  translated: Map<string, NavElement>;
  mainPageOf: Map<JValue, string>;
}

export function mirrorIndex(layout: LanguageLayout, section: LanguageSection): MirrorIndex {
  const translated = new Map<string, NavElement>();
  for (const entry of section.pages) {
    const inside = pathInLanguage(section, entry.path);
    // The first entry of a page is where its neighbours' translations go.
    if (inside !== undefined && !translated.has(samePage(inside))) translated.set(samePage(inside), entry.element);
  }
  const mainPageOf = new Map<JValue, string>();
  for (const p of layout.main.pages) {
    const inside = pathInLanguage(layout.main, p.path);
    if (inside !== undefined) mainPageOf.set(p.element.node, samePage(inside));
  }
  return { translated, mainPageOf };
}

/** The layout and section a translation-missing finding speaks of, and the default language's page, for its fixes. */
export function translationContext(model: DocsModel, language: string, translationOf: string): { layout: LanguageLayout; section: LanguageSection; page: NavElement } | undefined {
  for (const layout of languageLayouts(model)) {
    const section = layout.sections.find((s) => s !== layout.main && s.code === language);
    const page = layout.main.pages.find((p) => p.path === translationOf);
    if (section && page) return { layout, section, page: page.element };
  }
  return undefined;
}
