export type ElementKind =
  | 'navigation'
  | 'tab'
  | 'menu-item'
  | 'anchor'
  | 'global-anchor'
  | 'dropdown'
  | 'product'
  | 'version'
  | 'language'
  | 'group'
  | 'page'
  | 'endpoint';

/** Keys whose array holds child elements, and the kind of element each holds (`pages` holds pages and groups). */
export const CHILD_KIND_BY_KEY: Record<string, ElementKind> = {
  pages: 'page',
  groups: 'group',
  tabs: 'tab',
  anchors: 'anchor',
  dropdowns: 'dropdown',
  products: 'product',
  versions: 'version',
  languages: 'language',
  menu: 'menu-item',
};

export const CHILD_KEYS = Object.keys(CHILD_KIND_BY_KEY);

/** The eight patterns one of which must stand at the root of `navigation` (SPEC: Navigation configuration). */
export const ROOT_PATTERNS = ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages'];

/** The key that names an element of each kind. */
export const LABEL_KEY: Partial<Record<ElementKind, string>> = {
  tab: 'tab',
  'menu-item': 'item',
  anchor: 'anchor',
  'global-anchor': 'anchor',
  dropdown: 'dropdown',
  product: 'product',
  version: 'version',
  language: 'language',
  group: 'group',
};

/** Elements that open a section of their own: a page may stand once in each. */
export const SECTION_KINDS = new Set<ElementKind>(['tab', 'anchor', 'dropdown', 'product', 'version', 'language']);

export const KIND_TITLE: Record<ElementKind, string> = {
  navigation: 'navigation',
  tab: 'tab',
  'menu-item': 'menu item',
  anchor: 'anchor',
  'global-anchor': 'global anchor',
  dropdown: 'dropdown',
  product: 'product',
  version: 'version',
  language: 'language',
  group: 'group',
  page: 'page',
  endpoint: 'endpoint',
};
