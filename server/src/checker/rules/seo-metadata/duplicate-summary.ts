// Two pages a reader cannot tell apart: the same title and the same description, in one language and version of the
// navigation. Search results and llms.txt show a page by exactly these two (llms.txt: `[title](url): description`).
// The same title alone is not flagged: on real sites it is nearly always meant ("Files" under each provider,
// "Introduction" in each API), a title read with its sidebar group; the same description as well is a copied page
// whose front matter was never rewritten ("Fine-tune your models with Bedrock" on the Fireworks page).
import { DocsModel, NavElement } from '../../model/docs-model';
import { hiddenInNavigation, pageMeta } from '../../llms-txt/predict-llms-txt';
import { docsRelativePath, isRemote } from '../../workspace/docs-paths';
import { PageInput } from '../page-rule';

/** The page ids in one language and version, by file name: a copied page keeps its file name in another folder. */
interface ServedIndex {
  /** `scope \0 file name` → the page ids served there (not under a hidden element). */
  byName: Map<string, string[]>;
  /** page id → the scopes it is served in. */
  scopes: Map<string, string[]>;
}

const indexes = new WeakMap<DocsModel, ServedIndex>();

function servedIndex(model: DocsModel): ServedIndex {
  let index = indexes.get(model);
  if (index) return index;
  index = { byName: new Map(), scopes: new Map() };
  for (const element of model.elements) {
    if (element.kind !== 'page' || element.node.type !== 'string' || isRemote(element.node.plain)) continue;
    const id = docsRelativePath(element.node.plain)?.replace(/\.mdx?$/, '');
    if (!id) continue;
    const scope = scopeOf(element);
    if (scope === undefined) continue;
    const scopes = index.scopes.get(id) ?? [];
    if (scopes.includes(scope)) continue;
    index.scopes.set(id, [...scopes, scope]);
    const key = `${scope}\0${fileName(id)}`;
    index.byName.set(key, [...(index.byName.get(key) ?? []), id]);
  }
  indexes.set(model, index);
  return index;
}

/** The language and version an entry is listed in; undefined under a hidden element (not served to search then). */
function scopeOf(element: NavElement): string | undefined {
  if (hiddenInNavigation(element)) return undefined;
  let language = '';
  let version = '';
  for (let at = element.parent; at; at = at.parent) {
    if (at.kind === 'language' && !language) language = at.label ?? '';
    if (at.kind === 'version' && !version) version = at.label ?? '';
  }
  return `${language}\0${version}`;
}

function fileName(id: string): string {
  return id.slice(id.lastIndexOf('/') + 1);
}

interface Summary {
  title?: string;
  description?: string;
  served: boolean;
}

function summaryOf(text: string): Summary {
  const meta = pageMeta(text);
  return { title: meta.title, description: meta.description, served: meta.hidden !== true && !meta.noindex };
}

/** As pageMeta reads them: a text or a number. */
function textOf(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

function sameSummary(a: Summary, b: Summary): boolean {
  return a.title === b.title && a.description === b.description && a.served === b.served;
}

/** Compared as a reader reads them: case and spacing aside. */
function plain(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The other served pages of the page's language and version with its title and description, in navigation order. */
export function sameSummaryPages(page: PageInput): string[] {
  if (!page.model || !page.site.pageFacts) return [];
  // Read from the page's own scan (its front matter is collected for seo-metadata): no second parse of it.
  const value = (key: string) => page.frontMatter?.entries.find((entry) => entry.key === key)?.value;
  const own = { title: textOf(value('title')), description: textOf(value('description')) };
  if (!own.title?.trim() || !own.description?.trim() || isTrue(value('hidden')) || isTrue(value('noindex'))) return [];
  const id = page.relative.replace(/\.mdx?$/, '');
  const index = servedIndex(page.model);
  const scopes = index.scopes.get(id);
  if (!scopes) return [];
  const title = plain(own.title);
  const description = plain(own.description);
  const found: string[] = [];
  for (const scope of scopes) {
    for (const other of index.byName.get(`${scope}\0${fileName(id)}`) ?? []) {
      if (other === id || found.includes(other)) continue;
      const file = [`${other}.mdx`, `${other}.md`].find((candidate) => page.site.hasFile(candidate));
      if (!file) continue;
      // Kept until that page changes; a change that keeps its title, description and standing re-checks no page.
      const theirs = page.site.pageFacts(file, 'seo-summary', summaryOf, sameSummary);
      if (theirs?.served && theirs.title !== undefined && theirs.description !== undefined && plain(theirs.title) === title && plain(theirs.description) === description) found.push(other);
    }
  }
  return found;
}
