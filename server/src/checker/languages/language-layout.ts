// Which folder holds each language of a `navigation.languages` list, and how a page of one language is named in
// another. Real sites use two layouts (../shared/corpus): every language in a folder of its own (dify: `en/`, `zh/`,
// `ja/`), or the default language at the root with the others beside it (box: `guides/…` and `ja/guides/…`). The
// folder is not always the language code (box's `jp` lives in `ja/`): it is read from the pages each language lists.
import { valueOf } from '../json/json-tree';
import type { DocsModel } from '../model/docs-model';
import { NavElement } from '../model/nav-element';
import { docsRelativePath } from '../workspace/docs-paths';

export interface LanguageSection {
  element: NavElement;
  /** The `language` value as written ('' when missing). */
  code: string;
  /** The folder of its pages with a trailing `/`, or '' for the docs root. */
  folder: string;
  /** Its page entries in document order, with their docs-relative paths. */
  pages: { element: NavElement; path: string }[];
}

export interface LanguageLayout {
  sections: LanguageSection[];
  /** The default language: the entry with `"default": true`, else the first. */
  main: LanguageSection;
}

/** Share of a language's pages that must sit in one folder for that folder to be the language's. */
const FOLDER_SHARE = 0.8;

/**
 * The layout of one `languages` list (its language elements in order), or undefined when it cannot be read
 * safely: fewer than two languages told apart by their folders.
 */
export function languageLayout(languages: NavElement[], pagesOf: (language: NavElement) => NavElement[]): LanguageLayout | undefined {
  if (languages.length < 2) return undefined;
  // The folders are read from counts of the pages' first segments; the pages' list is made only for a layout that
  // can be read (a 100k-entry docs.json whose languages share a folder made 100k records per check for nothing).
  const sections = languages.map((element) => {
    const code = valueOf(element.node, 'language');
    return { element, code: code?.type === 'string' ? code.plain : '', folder: '', ...firstSegments(pagesOf(element)) };
  });
  // Folders named for their language (dify's `en/`, `zh/`; box's `ja/` beside its English root); where no language
  // has one, the folder most of each language's pages share. Beside named folders, the default language without one
  // is at the root (box's English), another language in the folder most of its pages share.
  const main = sections.find((s) => valueOf(s.element.node, 'default')?.type === 'boolean' && (valueOf(s.element.node, 'default') as { plain: unknown }).plain === true) ?? sections[0];
  const named = sections.map((s) => namedFolder(s.code, s.segments, s.total));
  const anyNamed = named.some((folder) => folder !== undefined);
  sections.forEach((s, i) => (s.folder = named[i] ?? (anyNamed && s === main ? '' : dominantFolder(s.segments, s.total))));
  // Languages that seem to share a folder cannot be told apart: they are left out (all of it, when the default is one).
  const count = new Map<string, number>();
  for (const s of sections) count.set(s.folder, (count.get(s.folder) ?? 0) + 1);
  if (count.get(main.folder)! > 1) return undefined;
  const kept = sections.filter((s) => count.get(s.folder) === 1);
  if (kept.length < 2) return undefined;
  const read = kept.map(({ element, code, folder }): LanguageSection => ({ element, code, folder, pages: pageEntries(pagesOf(element)) }));
  return { sections: read, main: read[kept.indexOf(main)] };
}

/** The string entries among `pages` that stay in the docs folder, with their docs-relative paths. */
function pageEntries(pages: NavElement[]): LanguageSection['pages'] {
  const entries: LanguageSection['pages'] = [];
  for (const page of pages) {
    if (page.node.type !== 'string') continue;
    const path = docsRelativePath(page.node.plain);
    if (path !== undefined) entries.push({ element: page, path });
  }
  return entries;
}

/** Share of a language's pages in a folder named for the language (`ja/` for `jp`) that makes it the language's. */
const NAMED_FOLDER_SHARE = 0.3;

/** Codes SPEC writes otherwise than the folders sites name (ISO 639-1): box keeps `jp` in `ja/`. */
const FOLDER_ALIASES: Record<string, string> = { jp: 'ja', cn: 'zh', ua: 'uk', kr: 'ko', cz: 'cs', iw: 'he', in: 'id', nb: 'no' };

function primary(code: string): string {
  const lower = code.toLowerCase().split(/[-_]/)[0];
  return FOLDER_ALIASES[lower] ?? lower;
}

/**
 * How many of the pages (string entries inside the docs folder: `total`) start with each first path segment.
 * Neighbouring pages nearly always share it: a page that starts with the segment before it is counted without
 * cutting the segment out (this runs over every page entry of docs.json at each check).
 */
function firstSegments(pages: NavElement[]): { segments: Map<string, number>; total: number } {
  const segments = new Map<string, number>();
  let total = 0;
  let last = '';
  let lastCount = 0;
  for (const page of pages) {
    if (page.node.type !== 'string') continue;
    const path = docsRelativePath(page.node.plain);
    if (path === undefined) continue;
    total++;
    if (last !== '' && path.length > last.length && path.charCodeAt(last.length) === 47 /* / */ && path.startsWith(last)) {
      lastCount++;
      continue;
    }
    const slash = path.indexOf('/');
    if (slash <= 0) continue;
    if (last !== '') segments.set(last, (segments.get(last) ?? 0) + lastCount);
    last = path.slice(0, slash);
    lastCount = 1;
  }
  if (last !== '') segments.set(last, (segments.get(last) ?? 0) + lastCount);
  return { segments, total };
}

/**
 * A folder named for the language (its code, or the same language's other code: `ja/` for `jp`) that at least 30% of
 * its `total` pages start with (a language with fallbacks still has its folder), the exact code first; else undefined.
 */
function namedFolder(code: string, segments: Map<string, number>, total: number): string | undefined {
  let found: string | undefined;
  let foundCount = 0;
  for (const [folder, count] of segments) {
    const named = folder === code || (code !== '' && primary(folder) === primary(code));
    if (!named || count < NAMED_FOLDER_SHARE * total) continue;
    if (folder === code) return `${folder}/`;
    if (count > foundCount) [found, foundCount] = [folder, count];
  }
  return found === undefined ? undefined : `${found}/`;
}

/** The first segment at least 80% of the `total` pages start with, else '' (the root). */
function dominantFolder(segments: Map<string, number>, total: number): string {
  let best = '';
  let bestCount = 0;
  for (const [folder, count] of segments) if (count > bestCount) [best, bestCount] = [folder, count];
  return total && bestCount >= FOLDER_SHARE * total ? `${best}/` : '';
}

/** The page's path without its language's folder, or undefined when it does not stand in that folder. */
export function pathInLanguage(section: LanguageSection, path: string): string | undefined {
  if (!section.folder) return path;
  return path.startsWith(section.folder) ? path.slice(section.folder.length) : undefined;
}

/**
 * The language a page path belongs to by its folder: a language with a folder of its own whose folder the path
 * starts with, else the root language (the one without a folder), if any.
 */
export function languageOfPath<T extends { folder: string }>(languages: readonly T[], path: string): T | undefined {
  let root: T | undefined;
  for (const language of languages) {
    if (!language.folder) root = language;
    else if (path.startsWith(language.folder)) return language;
  }
  return root;
}

/**
 * How many pages a language lists: a page listed twice (in two tabs, two products) is one page (dify lists 88 of
 * its 279 English pages twice: the CLI said 367 where the grid said 279). The CLI's line and the grid read it.
 */
export function pageCount(section: LanguageSection): number {
  return new Set(section.pages.map((p) => samePage(p.path))).size;
}

/** The pages a language lists, by their path inside its folder (`a/index` and `a` as one). */
export function listedPages(section: LanguageSection): Set<string> {
  const listed = new Set<string>();
  for (const page of section.pages) {
    const inside = pathInLanguage(section, page.path);
    if (inside !== undefined) listed.add(samePage(inside));
  }
  return listed;
}

/** Pages `section` lists that stand in another language's folder: shown to its readers in that other language. */
export function fallbackPages(layout: LanguageLayout, section: LanguageSection): { element: NavElement; path: string; owner: LanguageSection }[] {
  const found: { element: NavElement; path: string; owner: LanguageSection }[] = [];
  const mainListed = new Set(layout.main.pages.map((p) => samePage(p.path)));
  for (const page of section.pages) {
    if (section.folder && page.path.startsWith(section.folder)) continue;
    const owner = languageOfPath(layout.sections, page.path);
    if (!owner || owner === section) continue;
    // A root-layout default language: a page outside every language folder is English only when English lists it
    // (a shared `changelog` or API page listed by every language is nobody's fallback).
    if (!owner.folder && !mainListed.has(samePage(page.path))) continue;
    found.push({ element: page.element, path: page.path, owner });
  }
  return found;
}

/** One language's standing against the default language, for summaries (the CLI's line, the grid). */
export interface LanguageStanding {
  code: string;
  folder: string;
  isDefault: boolean;
  pages: number;
  missing: number;
  /** Of the missing ones, those whose file exists but the navigation does not list. */
  unlisted: number;
  fallbacks: number;
}

const layoutsOf = new WeakMap<DocsModel, LanguageLayout[]>();

/** The `languages` lists of a model, read once per model (the rule, the page pass and the fixes ask). */
export function languageLayouts(model: DocsModel): LanguageLayout[] {
  let layouts = layoutsOf.get(model);
  if (!layouts) layoutsOf.set(model, (layouts = readLanguageLayouts(model)));
  return layouts;
}

/** The `languages` lists of the navigation, each read as a layout. */
function readLanguageLayouts(model: DocsModel): LanguageLayout[] {
  const lists = new Map<NavElement | undefined, NavElement[]>();
  const pagesOf = new Map<NavElement, NavElement[]>();
  // The pages of one group follow each other: their parent's language is looked up once.
  let lastParent: NavElement | undefined;
  let lastPages: NavElement[] | undefined;
  for (const element of model.elements) {
    if (element.kind === 'language') {
      let list = lists.get(element.parent);
      if (!list) lists.set(element.parent, (list = []));
      list.push(element);
      pagesOf.set(element, []);
      lastParent = undefined;
    } else if (element.kind === 'page') {
      if (element.parent !== lastParent || lastParent === undefined) {
        lastParent = element.parent;
        const language = languageAbove(element);
        lastPages = language && pagesOf.get(language);
      }
      lastPages?.push(element);
    }
  }
  if (lists.size === 0) return [];
  const layouts: LanguageLayout[] = [];
  for (const list of lists.values()) {
    const layout = languageLayout(list, (language) => pagesOf.get(language) ?? []);
    if (layout) layouts.push(layout);
  }
  return layouts;
}

function languageAbove(element: NavElement): NavElement | undefined {
  for (let at = element.parent; at; at = at.parent) if (at.kind === 'language') return at;
  return undefined;
}

/** `a/index` and `a` name one page. */
export function samePage(path: string): string {
  return path === 'index' ? '' : path.endsWith('/index') ? path.slice(0, -'/index'.length) : path;
}

