// Issue 50: the `llms.txt` the platform will generate, predicted from the rules its documentation states
// (mintlify/docs, ai/llmstxt.mdx and ai/markdown-export.mdx): the site's `name` as the H1, its `description` as a
// blockquote, `markdown.instructions` as an Agent Instructions block, the pages of the default language and version in
// navigation order (with `seo.indexing: "all"`, the pages no navigation lists after them, alphabetically), each with
// the first paragraph of its `description` cut at 300 characters; hidden and `noindex: true` pages left out (unless
// `seo.indexing: "all"`), the OpenAPI and AsyncAPI specs, the navigation's absolute URLs under Optional, and the
// 100,000-character cap (descriptions shortened first, then entries dropped from the end with a note).
import { JValue, plainValue, valueOf } from '../json/json-tree';
import { DocsModel, NavElement } from '../model/docs-model';
import { readFrontMatterEntries } from '../pages/front-matter';
import { docsRelativePath, isRemote } from '../workspace/docs-paths';
import { DocsWorkspace } from '../workspace/docs-workspace';
import { isConventionallyNotAPage, pageIdOf } from '../workspace/page-files';

/** The documented cap of a generated llms.txt. */
export const LLMS_TXT_CAP = 100_000;
/** Where a page's description is cut (its first paragraph). */
export const DESCRIPTION_CUT = 300;
/** What descriptions are shortened to first when the file is over the cap (the length is not documented). */
export const SHORT_DESCRIPTION = 100;
/** The file a repository writes to replace the generated one. */
export const CUSTOM_LLMS_TXT = 'llms.txt';

export interface LlmsEntry {
  /** The page id (`guides/intro`). */
  page: string;
  /** Its file, relative to the docs folder. */
  file: string;
  title: string;
  url: string;
  /** The first paragraph of its description, cut at 300 characters; undefined without one. */
  description?: string;
  /** Whether the description was cut. */
  cut: boolean;
  /** Listed after the navigation's pages: no navigation lists it (`seo.indexing: "all"`). */
  outsideNavigation?: boolean;
}

export type LeftOutWhy = 'hidden' | 'noindex' | 'hidden-in-navigation' | 'other-language' | 'other-version' | 'no-file' | 'endpoint';

export interface LlmsLeftOut {
  /** The page id, or the navigation entry as written (endpoints, missing files). */
  page: string;
  why: LeftOutWhy;
}

export interface LlmsTxtPrediction {
  text: string;
  entries: LlmsEntry[];
  leftOut: LlmsLeftOut[];
  /** The entries dropped to stay within the cap, in navigation order. */
  pastCap: LlmsEntry[];
  /** How descriptions were shortened to fit: none, to SHORT_DESCRIPTION characters, or dropped. */
  shortened: 'none' | 'short' | 'dropped';
  /** The length of the file with every entry and its whole cut description, before the cap applies. */
  fullLength: number;
  /** The site URL the links start with ('' for links from `/`). */
  siteUrl: string;
}

export interface LlmsTxtOptions {
  /** The site's URL (`https://docs.example.com`); default: `seo.metatags.canonical`, else links start with `/`. */
  siteUrl?: string;
}

/** The prediction for a docs folder, from its model and the pages' text as the workspace reads it. */
export function predictLlmsTxt(model: DocsModel, workspace: DocsWorkspace, options: LlmsTxtOptions = {}): LlmsTxtPrediction {
  const root = model.root;
  const indexAll = stringAt(root, 'seo', 'indexing') === 'all';
  const siteUrl = withoutTrailing(options.siteUrl ?? stringAt(root, 'seo', 'metatags', 'canonical') ?? '', '/');
  const leftOut: LlmsLeftOut[] = [];
  const entries: LlmsEntry[] = [];
  const seen = new Set<string>();
  const page = (id: string, file: string, outsideNavigation: boolean, hiddenAbove = false) => {
    const text = workspace.read(file) ?? '';
    const meta = pageMeta(text);
    // The platform's hidden-pages page: `hidden: false` on a page of a hidden group or tab puts it back into AI context.
    if (!indexAll && hiddenAbove && meta.hidden !== false) return leftOut.push({ page: id, why: 'hidden-in-navigation' });
    if (!indexAll && meta.hidden === true) return leftOut.push({ page: id, why: 'hidden' });
    if (!indexAll && meta.noindex) return leftOut.push({ page: id, why: 'noindex' });
    const first = meta.description === undefined ? undefined : firstParagraph(meta.description);
    const cut = first !== undefined && first.length > DESCRIPTION_CUT;
    entries.push({
      page: id,
      file,
      title: meta.title ?? titleFromPath(id.split('/').pop() || 'index'),
      url: `${siteUrl}/${id === '' ? 'index' : id}.md`,
      ...(first ? { description: cut ? first.slice(0, DESCRIPTION_CUT) : first } : {}),
      cut,
      ...(outsideNavigation ? { outsideNavigation } : {}),
    });
  };
  const external: { label: string; url: string }[] = [];
  for (const element of model.elements) {
    const href = element.node.type === 'object' ? valueOf(element.node, 'href') : undefined;
    if (href?.type === 'string' && isRemote(href.plain) && /^https?:/i.test(href.plain)) external.push({ label: element.label ?? href.plain, url: href.plain });
    if (element.kind === 'endpoint') {
      if (!seen.has(element.label ?? '')) leftOut.push({ page: element.label ?? '', why: 'endpoint' });
      continue;
    }
    if (element.kind !== 'page' || element.node.type !== 'string') continue;
    const written = element.node.plain;
    if (isRemote(written)) {
      if (/^https?:/i.test(written)) external.push({ label: written, url: written });
      continue;
    }
    const id = pageIdOfEntry(written);
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    const away = awayFromDefault(element);
    if (away) {
      leftOut.push({ page: id, why: away });
      continue;
    }
    const file = workspace.files.pageFile(id);
    if (file === undefined) {
      leftOut.push({ page: id, why: 'no-file' });
      continue;
    }
    page(id, file, false, hiddenInNavigation(element));
  }
  if (indexAll) {
    const rest: { page: string; file: string }[] = [];
    for (const { page: id, file } of workspace.files.pages()) if (!seen.has(id) && !isConventionallyNotAPage(file) && pageIdOf(file) === id) rest.push({ page: id, file });
    rest.sort((a, b) => (a.page < b.page ? -1 : a.page > b.page ? 1 : 0));
    for (const { page: id, file } of rest) {
      seen.add(id);
      page(id, file, true);
    }
  }
  const head = header(root);
  const tail = footer(model, siteUrl, external);
  const compose = (listed: LlmsEntry[], describe: (entry: LlmsEntry) => string | undefined, note = '') =>
    `${head}## Docs\n\n${listed.map((entry) => entryLine(entry, describe(entry))).join('')}${note}${tail}`;
  const whole = compose(entries, (e) => e.description);
  const fullLength = whole.length;
  if (whole.length <= LLMS_TXT_CAP) return { text: whole, entries, leftOut, pastCap: [], shortened: 'none', fullLength, siteUrl };
  const short = compose(entries, (e) => e.description && shorten(e.description, SHORT_DESCRIPTION));
  if (short.length <= LLMS_TXT_CAP) return { text: short, entries, leftOut, pastCap: [], shortened: 'short', fullLength, siteUrl };
  const bare = compose(entries, () => undefined);
  if (!entries.length) return { text: bare, entries, leftOut, pastCap: [], shortened: 'none', fullLength, siteUrl };
  if (bare.length <= LLMS_TXT_CAP) return { text: bare, entries, leftOut, pastCap: [], shortened: 'dropped', fullLength, siteUrl };
  // Entries dropped from the end until the file and its note fit (the note's wording is not documented).
  const lines = entries.map((entry) => entryLine(entry, undefined).length);
  let kept = entries.length;
  let length = bare.length;
  do length -= lines[--kept];
  while (kept > 0 && length + omittedNote(entries.length - kept).length > LLMS_TXT_CAP);
  const text = compose(entries.slice(0, kept), () => undefined, omittedNote(entries.length - kept));
  return { text, entries: entries.slice(0, kept), leftOut, pastCap: entries.slice(kept), shortened: 'dropped', fullLength, siteUrl };
}

/**
 * The title the platform makes for a page without one (mintlify/docs organize/pages.mdx): the path's last segment,
 * dashes and underscores as spaces, its first letter capitalised (`getting-started` is "Getting started").
 */
export function titleFromPath(segment: string): string {
  const words = segment.replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function omittedNote(count: number): string {
  return `\n> ${count} more page${count === 1 ? '' : 's'} omitted: this file may not exceed ${LLMS_TXT_CAP.toLocaleString('en-US')} characters.\n`;
}

function entryLine(entry: LlmsEntry, description: string | undefined): string {
  return `- [${inline(entry.title)}](${entry.url})${description ? `: ${inline(description)}` : ''}\n`;
}

/** One line of text: line breaks as spaces. */
function inline(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
}

/** `text` without the `char`s at its end. */
export function withoutTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return text.slice(0, end);
}

function shorten(text: string, length: number): string {
  return text.length <= length ? text : text.slice(0, length).trimEnd();
}

/** The first paragraph of a description: up to its first blank line. */
export function firstParagraph(description: string): string {
  return description.trim().split(/\r?\n[ \t]*\r?\n/)[0].trim();
}

function header(root: JValue | undefined): string {
  const name = stringAt(root, 'name')?.trim() || 'Documentation';
  const description = stringAt(root, 'description')?.trim();
  const instructionsValue = root && valueOf(valueOf(root, 'markdown'), 'instructions');
  const raw = instructionsValue ? plainValue(instructionsValue) : undefined;
  const lines = typeof raw === 'string' ? raw.split(/\r?\n/) : Array.isArray(raw) ? raw.filter((line): line is string => typeof line === 'string') : [];
  let text = `# ${inline(name)}\n\n`;
  if (description) text += `> ${inline(description)}\n\n`;
  if (lines.length) text += `> ## Agent Instructions\n${lines.map((line) => `> ${line}\n`).join('')}\n`;
  return text;
}

function footer(model: DocsModel, siteUrl: string, external: { label: string; url: string }[]): string {
  const specs = { openapi: new Set<string>(), asyncapi: new Set<string>() };
  for (const element of model.elements) {
    if (element.node.type !== 'object') continue;
    for (const key of ['openapi', 'asyncapi'] as const) {
      const value = valueOf(element.node, key);
      if (!value) continue;
      const plain = plainValue(value);
      const locations = typeof plain === 'string' ? [plain] : Array.isArray(plain) ? plain : plain && typeof plain === 'object' && typeof (plain as { source?: unknown }).source === 'string' ? [(plain as { source: string }).source] : [];
      for (const location of locations) if (typeof location === 'string' && location.trim()) specs[key].add(location.trim());
    }
  }
  let text = '';
  const section = (title: string, links: string[]) => {
    if (links.length) text += `\n## ${title}\n\n${links.join('')}`;
  };
  const specLine = (location: string) => {
    const url = isRemote(location) ? location : `${siteUrl}/${docsRelativePath(location) ?? location.replace(/^\/+/, '')}`;
    const name = location.split(/[/?#]/).filter(Boolean).pop()?.replace(/\.(json|ya?ml)$/i, '') ?? location;
    return `- [${name}](${url})\n`;
  };
  section('OpenAPI Specs', [...specs.openapi].map(specLine));
  section('AsyncAPI Specs', [...specs.asyncapi].map(specLine));
  const urls = new Set<string>();
  section(
    'Optional',
    external.filter(({ url }) => !urls.has(url) && urls.add(url)).map(({ label, url }) => `- [${inline(label)}](${url})\n`),
  );
  return text;
}

interface PageMeta {
  title?: string;
  description?: string;
  /** `hidden` as written: true, false, or undefined when the page does not say. */
  hidden?: boolean;
  noindex: boolean;
}

/** What the llms.txt reads of a page's front matter. */
export function pageMeta(text: string): PageMeta {
  const meta: PageMeta = { noindex: false };
  for (const entry of readFrontMatterEntries(text)?.entries ?? []) {
    const value = entry.value;
    if (entry.key === 'title' && (typeof value === 'string' || typeof value === 'number')) meta.title = String(value);
    else if (entry.key === 'description' && (typeof value === 'string' || typeof value === 'number')) meta.description = String(value);
    else if (entry.key === 'hidden') meta.hidden = value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
    else if (entry.key === 'noindex') meta.noindex = value === true || value === 'true';
  }
  return meta;
}

/** Why an element is in a language or version the llms.txt does not list (not the default one), if it is. */
function awayFromDefault(element: NavElement): LeftOutWhy | undefined {
  for (let at: NavElement | undefined = element.parent; at; at = at.parent) {
    if ((at.kind === 'language' || at.kind === 'version') && !isDefaultAmongSiblings(at)) return at.kind === 'language' ? 'other-language' : 'other-version';
  }
  return undefined;
}

/** The entry with `"default": true` among its kind's siblings, else the first of them. */
function isDefaultAmongSiblings(element: NavElement): boolean {
  const siblings = element.parent?.children.filter((child) => child.kind === element.kind && child.container === element.container) ?? [element];
  const marked = siblings.find((sibling) => sibling.node.type === 'object' && valueOf(sibling.node, 'default')?.type === 'boolean' && plainValue(valueOf(sibling.node, 'default')!) === true);
  return (marked ?? siblings[0]) === element;
}

/**
 * Whether an element above the page entry has `"hidden": true` in docs.json, with no `"searchable": true` from there
 * down: the platform's hidden-pages page keeps the pages of a hidden tab or group with `searchable: true` in search,
 * the sitemap, AI context and llms.txt (a hidden group below it without `searchable` leaves its pages out again).
 */
export function hiddenInNavigation(element: NavElement): boolean {
  let searchable = false;
  for (let at: NavElement | undefined = element.parent; at; at = at.parent) {
    if (at.node.type !== 'object') continue;
    const flag = valueOf(at.node, 'searchable');
    if (flag && plainValue(flag) === true) searchable = true;
    const hidden = valueOf(at.node, 'hidden');
    if (hidden && plainValue(hidden) === true) return !searchable;
  }
  return false;
}

/** The page id a navigation entry names: `index` and `a/index` are the pages '' and `a`, as their files are. */
function pageIdOfEntry(written: string): string | undefined {
  const id = docsRelativePath(written)?.replace(/\.mdx?$/, '');
  return id === undefined ? undefined : id === 'index' ? '' : id.replace(/\/index$/, '');
}

function stringAt(root: JValue | undefined, ...keys: string[]): string | undefined {
  let node = root;
  for (const key of keys) node = valueOf(node, key);
  return node?.type === 'string' ? node.plain : undefined;
}
