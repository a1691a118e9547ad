// What a page file is, written once: the server, the VS Code client and the CLI all read it from here.
// Extensions are matched as written (`.mdx`, `.md`), as the platform reads a case-sensitive file system.

/** Extensions of page files, in order of preference. */
export const PAGE_EXTENSIONS = ['.mdx', '.md'] as const;

/** The glob of page files, for file watchers and document selectors. */
export const PAGE_FILE_GLOB = '**/*.{md,mdx}';

/** The files a page entry `p` may name, in order of preference: `p.mdx`, `p.md`, `p/index.mdx`, `p/index.md`. */
export const PAGE_FORMS = ['.mdx', '.md', '/index.mdx', '/index.md'] as const;

/** The page '' (the docs folder itself) is `index.mdx` or `index.md`. */
export const ROOT_PAGE_FORMS = ['.mdx', '.md'] as const;

/** The relative paths a page entry may name, in the order they are looked up. */
export function pageFileCandidates(page: string): string[] {
  return page === '' ? ROOT_PAGE_FORMS.map((form) => `index${form}`) : PAGE_FORMS.map((form) => page + form);
}

/** Whether a path (relative, absolute, or a URI) names a page file. */
export function isPageFile(file: string): boolean {
  return PAGE_EXTENSIONS.some((extension) => file.endsWith(extension));
}

/** The page id a file answers to (`a/b.mdx` and `a/b/index.md` are `a/b`; `index.mdx` is ''), or undefined. */
export function pageIdOf(file: string): string | undefined {
  const extension = PAGE_EXTENSIONS.find((e) => file.endsWith(e));
  if (!extension) return undefined;
  const id = file.slice(0, -extension.length);
  return id.endsWith('/index') ? id.slice(0, -'/index'.length) : id === 'index' ? '' : id;
}

/**
 * Which of the forms of its page a file is: 0 for `p.mdx`, 1 `p.md`, 2 `p/index.mdx`, 3 `p/index.md` (the root
 * page's `index.mdx` 0, `index.md` 1); a page entry names the present file of the lowest rank. -1 for other files.
 */
export function pageFormRank(file: string): number {
  const extension = PAGE_EXTENSIONS.findIndex((e) => file.endsWith(e));
  if (extension < 0) return -1;
  return file.endsWith(`/index${PAGE_EXTENSIONS[extension]}`) ? 2 + extension : extension;
}

/** Snippets, dot folders and `_`-prefixed folders or files (partials): never pages of the site. */
const NOT_PAGE_PLACES = /(^|\/)(snippets\/|\.|_)/;

/**
 * Markdown notes for the repository's people and agents, not pages: `.md` files named in capitals (README.md,
 * CONTRIBUTING.md), in snake case (changelog_entry_guidelines.md), or readme/agents/claude in any case. Only `.md`:
 * live sites list `README.mdx`, `readme.mdx` and `first_project.mdx` as pages, and no corpus site lists a `.md` page.
 */
const NOTE_FILE = /(?:^|\/)(?:[^/_]*_[^/]*|readme|agents|claude)\.md$/i;
const CAPITALS = /(^|\/)[A-Z][A-Z0-9_-]*\.md$/;

/**
 * Page files that are not pages of the site by convention: reusable snippets and partials, files in dot folders,
 * and notes such as README.md, AGENTS.md or changelog_entry_guidelines.md. Completion does not offer them and they
 * are never orphans.
 */
export function isConventionallyNotAPage(file: string): boolean {
  return NOT_PAGE_PLACES.test(file) || CAPITALS.test(file) || NOTE_FILE.test(file);
}
