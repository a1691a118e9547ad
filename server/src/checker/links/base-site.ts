// The URLs a site served before a change (its "base": a git ref, or a folder holding that revision), worked out
// from that revision's docs.json and files as the platform serves them: every page file (hidden pages are served
// too, at their URL), the pages generated from its local OpenAPI specs (x-mint.href included), and its redirect
// sources. A page's other forms (`/a/index` for `a/index.mdx`, `/a/`) are one URL: the platform canonicalises a
// trailing `/index` and trailing slashes.
import { makeSourceFile } from '../json/json-tree';
import { buildModel } from '../model/docs-model';
import { readFrontMatterEntries } from '../pages/front-matter';
import { DocsWorkspace } from '../workspace/docs-workspace';
import { isConventionallyNotAPage, pageIdOf } from '../workspace/page-files';
import { GeneratedPagesByName } from './generated-pages';
import { hasWildcard } from './redirect-pattern';
import { canonicalUrl, redirectKey, redirectsOf } from './redirects';

export type BaseUrlKind = 'page' | 'generated' | 'redirect';

export interface BaseUrl {
  /** The URL's path from the site's root, no leading or trailing `/` ('' is the root); a pattern for a wildcard redirect source. */
  path: string;
  kind: BaseUrlKind;
  /** A page's file in the base revision (relative to the docs folder). */
  file?: string;
  /** A redirect source's pattern (`/old/:slug*`), when it has wildcards. */
  pattern?: boolean;
}

/** The site as it was: its URLs, and its page files' texts (to tell where a page went). */
export interface BaseSite {
  /** What the base is, for messages: `origin/main`, or a folder. */
  label: string;
  urls: BaseUrl[];
  /** A base page file's text, or undefined. */
  text(file: string): string | undefined;
  /** A base page file's `title`, or undefined. */
  title(file: string): string | undefined;
  /** Reads these files' texts at once, where they are read when asked (a HEAD base's pages): one read, not one each. */
  prefetch?(files: readonly string[]): void;
}

export { canonicalUrl };

/** The URLs `workspace` (a base revision's docs folder) serves. */
export function baseSiteOf(workspace: DocsWorkspace, label: string, prefetch?: (files: readonly string[]) => void): BaseSite {
  const text = workspace.read('docs.json') ?? '';
  const model = buildModel(makeSourceFile(`${workspace.root}/docs.json`, text), workspace);
  const urls: BaseUrl[] = [];
  const seen = new Set<string>();
  const add = (url: BaseUrl) => {
    const key = `${url.pattern ? '*' : ''}${url.path}`;
    if (seen.has(key)) return;
    seen.add(key);
    urls.push(url);
  };
  for (const file of workspace.files.all()) {
    const id = pageIdOf(file);
    // Only the file that serves its URL (`a.mdx` before `a/index.mdx`).
    if (id === undefined || isConventionallyNotAPage(file) || workspace.files.pageFile(id) !== file) continue;
    add({ path: canonicalUrl(id), kind: 'page', file });
  }
  for (const name of new GeneratedPagesByName(model, workspace).names) {
    if (!name.startsWith('?/')) add({ path: canonicalUrl(name), kind: 'generated' });
  }
  for (const { source } of redirectsOf(model.root)) {
    const key = redirectKey(source);
    if (/[#?]/.test(key.replace(/:[A-Za-z_]\w*\?/g, ''))) continue; // never matches (redirect-source)
    add(hasWildcard(key) ? { path: key, kind: 'redirect', pattern: true } : { path: canonicalUrl(key), kind: 'redirect' });
  }
  const titles = new Map<string, string | undefined>();
  return {
    label,
    urls,
    text: (file) => workspace.read(file),
    ...(prefetch ? { prefetch } : {}),
    title(file) {
      if (!titles.has(file)) titles.set(file, pageTitle(workspace.read(file)));
      return titles.get(file);
    },
  };
}

/** A page's front matter `title`, trimmed, or undefined. */
export function pageTitle(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const entry = readFrontMatterEntries(text)?.entries.find((e) => e.key === 'title');
  return typeof entry?.value === 'string' && entry.value.trim() ? entry.value.trim() : undefined;
}
