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

/**
 * Page files that are not pages of the site by convention: reusable snippets, files in dot folders, and
 * all-caps notes such as README.md or CONTRIBUTING.md. They are never orphans.
 */
export function isConventionallyNotAPage(file: string): boolean {
  return /(^|\/)(snippets\/|\.)|(^|\/)[A-Z][A-Z0-9_-]*\.md$/.test(file);
}
