// The front matter keys the platform documents, and what each holds.
/** What a documented front matter key holds (the platform's docs, `organize/pages`). */
export type KeyType = 'string' | 'boolean' | 'strings' | { oneOf: readonly string[] } | 'endpoint';

export const PAGE_MODES = ['default', 'wide', 'custom', 'frame', 'center'] as const;
export const ICON_TYPES = ['regular', 'solid', 'light', 'thin', 'sharp-solid', 'duotone', 'brands'] as const;

/** The documented keys; any other key is the site's own metadata, accepted as it is. */
export const FRONT_MATTER_KEYS: Record<string, KeyType> = {
  title: 'string',
  description: 'string',
  sidebarTitle: 'string',
  icon: 'string',
  iconType: { oneOf: ICON_TYPES },
  tag: 'string',
  hidden: 'boolean',
  noindex: 'boolean',
  mode: { oneOf: PAGE_MODES },
  url: 'string',
  api: 'endpoint',
  openapi: 'string',
  keywords: 'strings',
};
