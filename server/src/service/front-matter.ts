import { loadYaml } from '../checker/text/load-yaml';

export interface FrontMatter {
  title?: string;
  description?: string;
}

/** Front matter longer than this is not read: it is not a page header. */
const MAX_FRONT_MATTER = 64 * 1024;

/** `title` and `description` from a page's YAML front matter (`---` lines at the top); empty when there is none. */
export function readFrontMatter(text: string): FrontMatter {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(text.slice(0, MAX_FRONT_MATTER));
  if (!match) return {};
  let data: unknown;
  try {
    data = loadYaml().parse(match[1], { maxAliasCount: 0 });
  } catch {
    return {};
  }
  if (typeof data !== 'object' || data === null) return {};
  const record = data as Record<string, unknown>;
  const text_ = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
  return { title: text_(record.title), description: text_(record.description) };
}

/** A title for a new page from its path: `guides/getting-started` → `Getting started`. */
export function titleFromPageId(page: string): string {
  const base = page.slice(page.lastIndexOf('/') + 1).replace(/[-_]+/g, ' ').trim();
  return base ? base.charAt(0).toUpperCase() + base.slice(1) : 'New page';
}
