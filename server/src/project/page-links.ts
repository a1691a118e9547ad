import { Diagnostic, DocsModel, DocsWorkspace, isPageFile, makeSourceFile, toAbsolute } from '../checker';
import { FolderSet } from '../checker/links/folders';
import { GeneratedPagesByName } from '../checker/links/generated-pages';
import { redirectsOf, RedirectTable } from '../checker/links/redirects';
import { LinkTargets, resolveLink, Resolution } from '../checker/links/resolve-link';
import { PageLink, scanPageLinks } from '../checker/pages/page-links';
import { checkPageLinks } from '../checker/rules/page-links';
import { detached } from '../checker/text/detached';

/** What is kept of one page between checks: its links (scanned once per content) and its latest findings. */
interface PageState {
  links: PageLink[];
  /** The files its internal links landed on at the latest check: a removed file re-checks only these pages. */
  landed: Set<string>;
  /** Findings of the latest check; undefined until checked or after a change of what it links to. */
  diagnostics?: Diagnostic[];
}

const NO_DIAGNOSTICS: Diagnostic[] = [];

/**
 * The links inside a folder's pages and their findings. A page is scanned once per content (`pageChanged` forgets
 * it); a file created re-checks the pages with a broken link, a file removed the pages that landed on it, a new
 * docs.json (redirects, specs) every page; the scans are kept, so a re-check only resolves links again.
 */
export class PageLinks {
  private readonly pages = new Map<string, PageState>();
  private targetsCache?: { model: DocsModel | undefined; key: string; targets: LinkTargets };

  private readonly folders: FolderSet;

  constructor(private readonly workspace: DocsWorkspace) {
    this.folders = new FolderSet(workspace.files);
  }

  /** What links may land on, for the given docs.json model. */
  targets(model: DocsModel | undefined): LinkTargets {
    if (!this.targetsCache || this.targetsCache.model !== model) {
      const redirects = redirectsOf(model?.root);
      const generated = new GeneratedPagesByName(model, this.workspace);
      // A new docs.json model with the same redirects and generated pages keeps every page's findings: typing in
      // the navigation does not re-resolve the links of every page.
      const key = JSON.stringify([redirects, [...generated.names]]);
      if (this.targetsCache?.key === key) {
        this.targetsCache.model = model;
        return this.targetsCache.targets;
      }
      const targets = { files: this.workspace.files, redirects: new RedirectTable(redirects), generated, folders: this.folders };
      if (this.targetsCache) for (const state of this.pages.values()) state.diagnostics = undefined;
      this.targetsCache = { model, key, targets };
      return targets;
    }
    return this.targetsCache.targets;
  }

  /** The links of a page (relative path), scanned from its current text; empty when it cannot be read. */
  linksOf(relative: string): PageLink[] {
    return this.state(relative)?.links ?? [];
  }

  /** The findings of one page. */
  check(relative: string, model: DocsModel | undefined): Diagnostic[] {
    const targets = this.targets(model);
    const state = this.state(relative);
    if (!state) return NO_DIAGNOSTICS;
    if (!state.diagnostics) this.resolve(relative, state, targets);
    return state.diagnostics!;
  }

  /** Every page file of the folder with findings, and its findings. */
  checkAll(model: DocsModel | undefined): Map<string, Diagnostic[]> {
    const found = new Map<string, Diagnostic[]>();
    for (const file of this.workspace.files.all()) {
      if (!isPageFile(file)) continue;
      const diagnostics = this.check(file, model);
      if (diagnostics.length) found.set(file, diagnostics);
    }
    return found;
  }

  /** A page's text changed (typed, saved, or on disk). */
  pageChanged(relative: string): void {
    this.pages.delete(relative);
  }

  /** A file was created: pages with a broken link are checked again. */
  fileAdded(relative: string): void {
    this.pages.delete(relative);
    for (const state of this.pages.values()) if (state.diagnostics?.length) state.diagnostics = undefined;
  }

  /** A file (or folder) was removed: the pages that landed on it are checked again. */
  fileRemoved(relative: string): void {
    this.pages.delete(relative);
    const prefix = `${relative}/`;
    for (const [page, state] of this.pages) {
      if (page.startsWith(prefix)) this.pages.delete(page);
      else if (state.diagnostics && [...state.landed].some((file) => file === relative || file.startsWith(prefix))) state.diagnostics = undefined;
    }
  }

  /** Pages whose findings are not known since the latest change (what a scheduler re-checks and publishes). */
  isChecked(relative: string): boolean {
    return this.pages.get(relative)?.diagnostics !== undefined;
  }

  /** The pages (relative) with a link that lands on `file` (a page file or any other file). */
  linkersOf(file: string, model: DocsModel | undefined): { page: string; links: PageLink[] }[] {
    const targets = this.targets(model);
    const linkers: { page: string; links: PageLink[] }[] = [];
    for (const page of this.workspace.files.all()) {
      if (!isPageFile(page)) continue;
      const links = this.linksOf(page).filter((link) => landsOn(resolveLink(link.href, targets, page), file));
      if (links.length) linkers.push({ page, links });
    }
    return linkers;
  }

  private state(relative: string): PageState | undefined {
    let state = this.pages.get(relative);
    if (!state) {
      const text = this.workspace.read(relative);
      if (text === undefined) return undefined;
      const links = scanPageLinks(text, !relative.endsWith('.md'));
      for (const link of links) link.href = detached(link.href);
      state = { links, landed: new Set() };
      this.pages.set(detached(relative), state);
    }
    return state;
  }

  private resolve(relative: string, state: PageState, targets: LinkTargets): void {
    state.landed.clear();
    for (const link of state.links) {
      const file = landedFile(resolveLink(link.href, targets, relative));
      if (file !== undefined) state.landed.add(file);
    }
    // The page's text is read again only for a page with findings: a diagnostic keeps it (positions, messages).
    const page = () => makeSourceFile(toAbsolute(this.workspace.root, relative), this.workspace.read(relative) ?? '');
    const diagnostics = checkPageLinks(page, relative, state.links, targets);
    state.diagnostics = diagnostics.length ? diagnostics : NO_DIAGNOSTICS;
  }
}

function landedFile(resolution: Resolution): string | undefined {
  if (resolution.kind === 'redirect') return landedFile(resolution.target);
  return resolution.kind === 'page' || resolution.kind === 'file' ? resolution.file : undefined;
}

function landsOn(resolution: Resolution, file: string): boolean {
  return landedFile(resolution) === file;
}
