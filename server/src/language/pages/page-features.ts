// Editing help inside pages (.mdx/.md): completion of page paths in a link, definition and document links on
// every internal link, hover with the target's title, and the link edits of a page move.
import path = require('node:path');
import { CompletionItem, CompletionItemKind, CompletionList, DocumentLink, Hover, Location, Position, Range, TextEdit } from 'vscode-languageserver-types';
import { LineMap, makeSourceFile, pageIdOf, toAbsolute } from '../../checker';
import { linkPath, resolveLink, Resolution, siteLink } from '../../checker/links/resolve-link';
import { cleanId } from '../../checker/pages/page-anchors';
import { PageLink } from '../../checker/pages/page-links';
import { DocsProject } from '../../project/docs-project';
import { landedFile } from '../../project/page-links';
import { readFrontMatter, readTitle } from './front-matter';
import { rangeIn, START_OF_FILE } from '../base/ranges';
import { MoveIndex } from '../rename/rename-files';

/** Completion lists at most this many pages: the editor filters further as the user types. */
const MAX_PAGE_ITEMS = 500;
/** The first this many items show their page's title: reading 100 pages' front matter took a few ms. */
const MAX_TITLED_ITEMS = 100;

/** Where a link's target is being typed: after `](` or inside `href="`/`src="`, up to the cursor. */
const TYPING_TARGET = /(?:\]\(|\b(?:href|src)=["'])([^\s"'()]*)$/;

interface PageText {
  relative: string;
  text: string;
  lines: LineMap;
}

function pageText(project: DocsProject, file: string): PageText | undefined {
  const relative = project.relative(file);
  if (relative === undefined || pageIdOf(relative) === undefined) return undefined;
  const text = project.workspace.read(relative);
  return text === undefined ? undefined : { relative, text, lines: new LineMap(text) };
}

function linkAt(project: DocsProject, page: PageText, position: Position): PageLink | undefined {
  const offset = page.lines.offsetAt(position);
  return project.pageLinks.linksOf(page.relative).find((link) => link.start <= offset && offset <= link.end && page.text.slice(link.start, link.end) === link.href);
}

function resolveIn(project: DocsProject, page: PageText, link: PageLink): Resolution {
  return resolveLink(link.href, project.pageLinks.targets(project.model()), page.relative);
}

/**
 * Page paths (`/guides/setup`) for the link target typed before the cursor: those with a path segment starting with
 * what is typed first (`faq` finds `/support/faqs`), then the others that hold its characters in order; the first
 * ones with their front matter title (each is a file read).
 */
export function completePageLink(project: DocsProject, file: string, position: Position): CompletionList | null {
  const page = pageText(project, file);
  if (!page) return null;
  const offset = page.lines.offsetAt(position);
  const before = page.text.slice(page.text.lastIndexOf('\n', offset - 1) + 1, offset);
  const typed = TYPING_TARGET.exec(before);
  if (typed && typed[1].includes('#') && !typed[1].includes(':')) return completeAnchor(project, page, typed[1], offset);
  if (!typed || typed[1].startsWith('.') || typed[1].includes(':')) return null;
  const start = offset - typed[1].length;
  const end = offset + (/^[^\s"'()#?]*/.exec(page.text.slice(offset))?.[0].length ?? 0);
  const range = { start: page.lines.positionAt(start), end: page.lines.positionAt(end) };
  const needle = typed[1].replace(/^\/+/, '').toLowerCase();
  const catalog = project.catalog();
  const marks = needle ? catalog.matching(needle) : undefined;
  const segmentStart: string[] = [];
  const others: string[] = [];
  for (let i = 0; i < catalog.size; i++) {
    if (marks && !marks[i]) continue;
    const id = catalog.idAt(i);
    const lower = id.toLowerCase();
    (!needle || lower.startsWith(needle) || lower.includes(`/${needle}`) ? segmentStart : others).push(id);
  }
  const ids = [...segmentStart, ...others];
  const items = ids.slice(0, MAX_PAGE_ITEMS).map((id, index): CompletionItem => {
    const target = `/${id}`;
    const title = index < MAX_TITLED_ITEMS ? titleOfPage(project, id) : undefined;
    return {
      label: target,
      labelDetails: title ? { description: title } : undefined,
      detail: title,
      kind: CompletionItemKind.File,
      sortText: String(index).padStart(5, '0'),
      textEdit: { range, newText: `/${linkPath(id)}` },
      filterText: target,
    };
  });
  return { isIncomplete: ids.length > MAX_PAGE_ITEMS, items };
}

function titleOfPage(project: DocsProject, id: string): string | undefined {
  const file = project.files.pageFile(id);
  const text = file === undefined ? undefined : project.workspace.read(file);
  return text === undefined ? undefined : readTitle(text);
}

/** The ids of the page a link's path lands on (this page for `#…` alone), after the `#` being typed. */
function completeAnchor(project: DocsProject, page: PageText, typed: string, offset: number): CompletionList | null {
  const hash = typed.indexOf('#');
  const resolution = resolveLink(typed.slice(0, hash) || '#', project.pageLinks.targets(project.model()), page.relative);
  if (resolution.kind !== 'page') return null;
  const ids = project.pageLinks.idsOf(resolution.file, resolution.file === page.relative ? page.text : undefined);
  const start = offset - (typed.length - hash - 1);
  const end = offset + (/^[^\s"'()]*/.exec(page.text.slice(offset))?.[0].length ?? 0);
  const range = { start: page.lines.positionAt(start), end: page.lines.positionAt(end) };
  return { isIncomplete: false, items: anchorItems(ids, range) };
}

/** Completion items of a page's ids after a link's `#`: each once, in the form a link writes it (the platform's cleaned form). */
export function anchorItems(ids: Iterable<string>, range: Range, text: (id: string) => string = (id) => id): CompletionItem[] {
  return [...ids].filter((id) => cleanId(id) === id).map((id) => ({ label: id, kind: CompletionItemKind.Reference, textEdit: { range, newText: text(id) } }));
}

/** The file an internal link lands on. */
export function pageLinkDefinition(project: DocsProject, file: string, position: Position, uriOf: (file: string) => string): Location[] | null {
  const page = pageText(project, file);
  const link = page && linkAt(project, page, position);
  const target = link && landedFile(resolveIn(project, page, link));
  return target === undefined ? null : [{ uri: uriOf(toAbsolute(project.folder, target)), range: START_OF_FILE }];
}

/** A document link on every internal link that lands on a file. */
export function pageDocumentLinks(project: DocsProject, file: string, uriOf: (file: string) => string): DocumentLink[] | null {
  const page = pageText(project, file);
  if (!page) return null;
  const links: DocumentLink[] = [];
  for (const link of project.pageLinks.linksOf(page.relative)) {
    const target = landedFile(resolveIn(project, page, link));
    if (target === undefined) continue;
    const range = { start: page.lines.positionAt(link.start), end: page.lines.positionAt(link.end) };
    links.push({ range, target: uriOf(toAbsolute(project.folder, target)) });
  }
  return links;
}

/** The target's title (front matter) and file, over a link. */
export function pageLinkHover(project: DocsProject, file: string, position: Position): Hover | null {
  const page = pageText(project, file);
  const link = page && linkAt(project, page, position);
  if (!page || !link) return null;
  const resolution = resolveIn(project, page, link);
  const target = landedFile(resolution);
  const range = { start: page.lines.positionAt(link.start), end: page.lines.positionAt(link.end) };
  if (target === undefined) {
    const what = resolution.kind === 'generated' ? 'a page generated from an OpenAPI spec' : resolution.kind === 'folder' ? 'a folder' : undefined;
    return what ? { contents: { kind: 'markdown', value: `\`${link.href}\`: ${what}` }, range } : null;
  }
  const title = pageIdOf(target) === undefined ? undefined : readFrontMatter(project.workspace.read(target) ?? '').title;
  const via = resolution.kind === 'redirect' ? ` (redirected to \`${resolution.destination}\`)` : '';
  return { contents: { kind: 'markdown', value: `${title ? `**${title}**\n\n` : ''}\`${target}\`${via}` }, range };
}

/**
 * The edits `moves` (of files or folders, relative to the docs folder) make to the links that land on what moves,
 * in every page: the new path written as the old one was (a page by its id, another file by its name; from the
 * root, or relative to the page), `#anchor`/`?query` kept. One pass over the pages' links for all the moves.
 */
export function pageLinkMoveEdits(project: DocsProject, moves: MoveIndex): Map<string, TextEdit[]> {
  const edits = new Map<string, TextEdit[]>();
  for (const { page, links } of project.pageLinks.linkersOf((file) => moves.moveOf(file) !== undefined, project.model())) {
    const text = project.workspace.read(page) ?? '';
    const source = makeSourceFile(toAbsolute(project.folder, page), text);
    const list: TextEdit[] = [];
    for (const { link, file } of links) {
      const split = siteLink(link.href, page);
      const newFile = moves.targetOf(file);
      if (!split || split.self || newFile === undefined) continue;
      const suffix = link.href.slice(link.href.search(/[#?]|$/));
      const written = pageIdOf(file) === undefined ? newFile : (pageIdOf(newFile) ?? newFile);
      const target = linkPath(split.relative ? relativeTarget(page, written) : `/${written}`);
      list.push({ range: rangeIn(source, link.start, link.end - link.start), newText: target + suffix });
    }
    if (list.length) edits.set(source.path, list);
  }
  return edits;
}

function relativeTarget(page: string, target: string): string {
  const relative = path.posix.relative(path.posix.dirname(page), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

