// The page a broken link's text names: "[a new app](…)" is meant for the page titled "Create a new app", however
// far its path is from the one written. Titles come from the pages' front matter, read once per set of files.
import { DocsProject } from '../../project/docs-project';
import { readTitle } from './front-matter';

const titlesByProject = new WeakMap<DocsProject, { version: number; titles: Map<string, string> }>();

/** Page id → front matter title, for every page that has one: read once per set of files (Portkey's 1,060 pages: 0.8–1.1 s at a load average of 15, then 2–18 ms a lookup). */
function titles(project: DocsProject): Map<string, string> {
  let cached = titlesByProject.get(project);
  if (cached?.version !== project.files.version) {
    const map = new Map<string, string>();
    for (const id of project.catalog().pageIds) {
      const file = project.files.pageFile(id);
      const text = file === undefined ? undefined : project.workspace.read(file);
      const title = text === undefined ? undefined : readTitle(text);
      if (title) map.set(id, title);
    }
    cached = { version: project.files.version, titles: map };
    titlesByProject.set(project, cached);
  }
  return cached.titles;
}

/** The front matter title of a page (by id). */
export function pageTitle(project: DocsProject, page: string): string | undefined {
  return titles(project).get(page);
}

/** Words that say nothing of a page. */
const FILLER = new Set(['a', 'an', 'the', 'to', 'of', 'and', 'or', 'in', 'on', 'for', 'with', 'your', 'our', 'how', 'here', 'this', 'see', 'page', 'more', 'docs', 'guide', 'read', 'click']);

function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w && !FILLER.has(w));
}

/** `app` matches `app` and `apps`; a word of two letters only itself. */
function matches(word: string, candidate: string): boolean {
  return candidate === word || (word.length >= 3 && candidate.startsWith(word));
}

/**
 * The page whose title and path hold every word of the link text, if one does: a title holding the text as it is
 * written first, then the shortest title.
 */
export function pageByLinkText(project: DocsProject, linkText: string): { page: string; title: string } | undefined {
  const wanted = words(linkText);
  if (!wanted.length) return undefined;
  const phrase = wanted.join(' ');
  let best: { page: string; title: string; rank: number[] } | undefined;
  for (const [page, title] of titles(project)) {
    const held = [...words(title), ...words(page)];
    if (!wanted.every((w) => held.some((c) => matches(w, c)))) continue;
    const rank = [words(title).join(' ').includes(phrase) ? 0 : 1, title.length, page.length];
    if (!best || compare(rank, best.rank) < 0) best = { page, title, rank };
  }
  return best && { page: best.page, title: best.title };
}

function compare(a: number[], b: number[]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
