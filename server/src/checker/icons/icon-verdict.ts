// Whether an icon value renders, as the platform draws it (@mintlify/components' Icon): a URL or a `/path` is an
// image; under Lucide a name is a file of Lucide's CDN (old names kept as aliases), nothing else; under Font Awesome
// a language name (`python`) is a language logo, any other name a Font Awesome icon (lower-cased first).
import { shown } from '../diagnostics';
import { JValue, valueOf } from '../json/json-tree';
import { settingFilePath } from '../rules/settings-files/rule';
import { ICON_LIBRARIES, IconLibrary, NameLists } from './name-lists';

export const LIBRARY_TITLE: Record<IconLibrary, string> = { fontawesome: 'Font Awesome', lucide: 'Lucide', tabler: 'Tabler' };

/** The library a value names (`icons.library`, an icon object's `library`), if it is one. */
export function iconLibraryOf(value: JValue | undefined): IconLibrary | undefined {
  return value?.type === 'string' && ICON_LIBRARIES.includes(value.plain as IconLibrary) ? (value.plain as IconLibrary) : undefined;
}

/** The site's `icons.library`, Font Awesome by default. */
export function siteIconLibrary(root: JValue | undefined): IconLibrary {
  return iconLibraryOf(valueOf(valueOf(root, 'icons'), 'library')) ?? 'fontawesome';
}

export interface IconProblem {
  message: string;
  /** The nearest name of the library, for the quick fix. */
  suggestion?: string;
  /** The file of the docs folder the icon names, missing (creating it answers the finding). */
  missingFile?: string;
}

const IMAGE_FILE = /\.(svg|png|jpe?g|gif|webp|ico|avif)$/i;
/** Longer names are not measured against the library (edit distance grows with the product of lengths). */
const MAX_MEASURED = 100;

/**
 * What is wrong with an icon value, or undefined when it renders (or cannot be judged: no names were read).
 * `hasFile` answers for a path relative to the docs folder. `suggest` false: no nearest name is looked for (a
 * finding past the cap, which is only counted).
 */
export function iconProblem(written: string, library: IconLibrary, names: NameLists, hasFile: (relative: string) => boolean, suggest = true): IconProblem | undefined {
  const value = written.trim();
  if (!value || value.startsWith('<svg')) return undefined;
  if (value.includes('/') || IMAGE_FILE.test(value)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return undefined;
    const relative = settingFilePath(value);
    if (relative === undefined) return { message: `Icon '${shown(value)}' points outside the docs folder: the site cannot serve it, so it renders blank` };
    return hasFile(relative) ? undefined : { message: `No icon file '${shown(value)}' in the docs folder: it renders blank`, missingFile: relative };
  }
  const lists = library === 'lucide' ? (['lucide'] as const) : library === 'tabler' ? (['tabler', 'fontawesome'] as const) : (['fontawesome'] as const);
  // No names were read (a build without the lists): nothing can be judged.
  if (lists.some((list) => !names.names(list).length)) return undefined;
  const name = value.toLowerCase();
  if (knownName(name, library, names)) return undefined;
  const title = LIBRARY_TITLE[library];
  const siteSays = library === 'fontawesome' ? '' : ` (docs.json sets \`icons.library\` to \`${library}\`)`;
  const suggestion = suggest ? suggestIcon(name, library, names) : undefined;
  const hint = suggestion ? `: did you mean '${suggestion}'?` : '';
  return { message: `'${shown(value)}' is not a ${title} icon${siteSays}: it renders blank${hint}`, suggestion };
}

function knownName(name: string, library: IconLibrary, names: NameLists): boolean {
  if (library === 'lucide') return names.has('lucide', name) || names.lucideRenamed(name) !== undefined;
  // Tabler sites: the components draw a name they do not know from Font Awesome, so both are accepted.
  if (library === 'tabler' && names.has('tabler', name)) return true;
  return names.has('fontawesome', name) || names.has('devicon', name);
}

/** The nearest name of the library: a name written with Font Awesome's `fa-` prefix without it, a renamed Lucide icon by its new name. */
function suggestIcon(name: string, library: IconLibrary, names: NameLists): string | undefined {
  const bare = name.replace(/^fa[a-z]?-/, '');
  if (bare !== name && knownName(bare, library, names)) return names.lucideRenamed(bare) ?? bare;
  if (name.length > MAX_MEASURED) return undefined;
  // A quarter of the name's letters at most: further, a name of another library (`python`) got an unrelated one.
  const within = Math.max(1, Math.floor(name.length / 4));
  const found = names.suggestions(library).nearest(name, within);
  return found === undefined || library !== 'lucide' ? found : (names.lucideRenamed(found) ?? found);
}
