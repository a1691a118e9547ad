import { capFindings, MAX_FINDINGS_PER_FILE } from '../checker/diagnostics';
import { Diagnostic, DocsModel, DocsWorkspace, isPageFile, makeSourceFile, pageIdOf, SourceFile, toAbsolute } from '../checker';
import { basePathFromMissing, basePathOf, treePaths } from '../checker/links/base-path';
import { FolderSet } from '../checker/links/folders';
import { GeneratedPagesByName } from '../checker/links/generated-pages';
import { redirectsOf, RedirectTable } from '../checker/links/redirects';
import { LinkTargets, resolveLink, Resolution, withoutBasePath } from '../checker/links/resolve-link';
import { PageIcon, PageLink, scanPageLinks, UnnamedMedia } from '../checker/pages/page-links';
import { NameLists } from '../checker/icons/name-lists';
import { ComponentReader, scanComponentTags } from '../checker/pages/component-tags';
import { readFrontMatterEntries } from '../checker/pages/front-matter';
import { findPageOperation, pageOpenApi, specsNamed } from '../checker/rules/front-matter-openapi/rule';
import { OperationAnchors, operationAnchors, parseSpecDocument } from '../checker/openapi/operation-anchors';
import { FolderSpecs, hasRemoteSpec } from './folder-specs';
import { pageLanguages } from '../checker/rules/translation-links/rule';
import { pageAnchors } from '../checker/pages/page-anchors';
import { renderedSnippets } from '../checker/pages/rendered-snippets';
import { pageNotChecked } from '../checker/rules/mdx-syntax/rule';
import { PageCollect, PageInput, PageRule, PageSite } from '../checker/rules/page-rule';
import { PAGE_RULES, pageRulesOn } from '../checker/rules/page-rules';
import { siteIconLibrary } from '../checker/icons/icon-verdict';
import { MdxVerdicts } from './mdx-verdicts';
import { SeveritySetting } from './project-settings';
import { keptFindings } from './kept-findings';
import { detached } from '../checker/text/detached';
import { GitHistory } from './git-history';

/**
 * What is kept of one checked page: the files its links land on and the paths they miss (which file events
 * concern it), and its findings. Not its links: they are cut from its text and would keep all of it alive (7.6 MB
 * on a 1,000-page site); a page is read and scanned again when it is checked again.
 */
interface PageState {
  landed: readonly string[];
  missing: readonly string[];
  diagnostics: Diagnostic[];
  /** Its `openapi:` front matter was resolved against the folder's specs: checked again when they change. */
  usesSpecs?: boolean;
  /** The pages whose ids its `#anchor` links were checked against: checked again when one changes. */
  anchorsOn?: readonly string[];
}

const NO_DIAGNOSTICS: Diagnostic[] = [];
/** The most text a pass over every page keeps read ahead (`PageLinks.passTexts`), in UTF-16 units. */
const MAX_PASS_CHARS = 4 * 1024 * 1024;
/**
 * One state for every page without internal links, and lists rather than sets (a page lands on a few files): the
 * kept state of the 121,163 pages of the 100k bench repo took 56 MB of heap as two sets per page.
 */
const UNLINKED: PageState = Object.freeze({ landed: [], missing: [], diagnostics: NO_DIAGNOSTICS });

/** The page rules a severity of `off` leaves running (see `pageRulesOn`): front matter, `openapi:` endpoints, `#anchor` links, alt text… */
function pageRulesWith(severity: Readonly<Record<string, SeveritySetting>>): PageRule[] {
  return pageRulesOn((code) => Object.prototype.hasOwnProperty.call(severity, code) && severity[code] === 'off');
}

/**
 * The links and front matter of a folder's pages and their findings, kept per page until its text changes (`pageChanged`) or
 * what its links land on does: a file created re-checks the pages that missed it, a file removed the pages that
 * landed on it, new redirects or generated pages every page.
 */
export class PageLinks {
  private readonly pages = new Map<string, PageState>();
  private targetsCache?: { model: DocsModel | undefined; files: number; setting: string | undefined; skipped: string; key: string; targets: LinkTargets; detected: boolean; linkBase?: string };
  /** The page rules that run (none all `off`), with what the host gives them. */
  private rules: PageRule[] = pageRulesWith({});
  private readonly folders: FolderSet;
  /** The ids each page offers to `#anchor` links, read when a link first needs them. */
  private readonly anchors = new Map<string, ReadonlySet<string>>();
  /** For each API page (`openapi:` front matter) linked with an anchor, its operation's names; `unknown` when not read here. */
  private readonly apiPages = new Map<string, OperationAnchors | 'unknown' | undefined>();
  /** The specs read as documents for `apiPages`, by file. */
  private readonly specDocuments = new Map<string, unknown>();
  /** What page rules made of other pages' texts (`PageSite.pageFacts`), by page and kind, until the page changes. */
  private readonly facts = new Map<string, Map<string, PageFact>>();
  /** The pages whose rules asked for a page's facts, by that page: checked again when what they read of it changes. */
  private readonly factReaders = new Map<string, Set<string>>();
  /** The folder's git history, read when a rule first asks. */
  private git?: GitHistory;
  /** The pages whose check read the git history (a translation's last commit): a HEAD change checks them again. */
  private readonly historyReaders = new Set<string>();
  /**
   * Counts the changes after which git's HEAD is looked at again: files created, removed or changed on disk, a new
   * docs.json's targets; not typing (a keystroke re-read HEAD, five file reads, 15% of a keystroke in a translation).
   */
  private diskChanges = 0;
  /** For each snippet a page renders (found or missing), the pages whose ids include its ids. */
  private readonly snippetReaders = new Map<string, Set<string>>();
  /** The pages a rule read another file's text for (`PageInput.reads`), by that file: checked again when it changes. */
  private readonly textReaders = new Map<string, Set<string>>();
  /** The specs `openapi:` front matter is resolved against. */
  readonly folderSpecs: FolderSpecs;
  /** Each page's MDX syntax verdict, kept by text. */
  readonly mdx = new MdxVerdicts();
  /** Counts file events that changed what some checked page's links land on. */
  targetChanges = 0;
  /**
   * The pages whose kept findings another file's change dropped (what their links land on, or the ids their
   * anchors name): their findings may differ from those published, so whoever publishes that change publishes
   * them too (`takeDropped`).
   */
  private readonly dropped = new Set<string>();
  /** Counts every change that may change some page's findings (see `stamp`). */
  private changes = 0;
  /** Counts the pages checked, so that a count over the kept findings (the Docs view's) knows it is behind. */
  private stored = 0;

  /**
   * `basePathSetting` gives the folder's `docsJson.basePath` (undefined: detected from the redirects), `severitySetting`
   * its `docsJson.severity`: a page check whose rules are all `off` is not run.
   */
  constructor(
    private readonly workspace: DocsWorkspace,
    private readonly basePathSetting: () => string | undefined = () => undefined,
    private readonly severitySetting: () => Readonly<Record<string, SeveritySetting>> = () => ({}),
    /** The icon libraries' names: without them, no page icon is checked. */
    private readonly iconNames?: NameLists,
  ) {
    this.folders = new FolderSet(workspace.files);
    this.folderSpecs = new FolderSpecs(workspace);
    this.mdx.read = (page) => workspace.read(page);
  }

  /** A base path read from the pages' links (`basePathFromMissing`) by a pass over every page; kept from then on. */
  private linkBasePath: string | undefined;

  /** What links may land on, for the given docs.json model. */
  targets(model: DocsModel | undefined): LinkTargets {
    const files = this.workspace.files.version;
    const setting = this.basePathSetting();
    const rulesNow = pageRulesWith(this.severitySetting());
    const skipped = rulesNow.map((rule) => PAGE_RULES.indexOf(rule)).join(',');
    const cache = this.targetsCache;
    if (cache && cache.model === model && cache.files === files && cache.setting === setting && cache.skipped === skipped && cache.linkBase === this.linkBasePath) return cache.targets;
    this.rules = rulesNow;
    const redirects = redirectsOf(model?.root);
    const generated = new GeneratedPagesByName(model, this.workspace);
    // A base path is detected from the redirects and the tree, as the docs.json check does (the same findings).
    const fromRedirects = basePathOf(redirects, treePaths(this.workspace.files, this.folders), setting);
    // Else one read from the pages' links by the last pass over every page (checkAll).
    const fromLinks = setting === undefined && fromRedirects.basePath === undefined ? this.linkBasePath : undefined;
    const { basePath, detected } = fromLinks ? { basePath: fromLinks, detected: true } : fromRedirects;
    // A new docs.json model with the same redirects, generated pages and base path keeps every page's findings:
    // typing in the navigation does not check every page again.
    const languages = model ? pageLanguages(model) : undefined;
    const key = JSON.stringify([redirects, [...generated.names], generated.remoteFolders, basePath, hasRemoteSpec(model), skipped, languages, siteIconLibrary(model?.root)]);
    if (cache?.key === key) {
      Object.assign(cache, { model, files, setting, skipped, detected, linkBase: this.linkBasePath });
      return cache.targets;
    }
    const targets = { files: this.workspace.files, redirects: new RedirectTable(redirects), generated, folders: this.folders, basePath, languages };
    if (cache) this.pages.clear();
    this.changes++;
    this.diskChanges++;
    this.targetsCache = { model, files, setting, skipped, key, targets, detected, linkBase: this.linkBasePath };
    return targets;
  }

  /** The base path links are read with when it was detected (not set), for the one line that tells of it. */
  detectedBasePath(model: DocsModel | undefined): string | undefined {
    const targets = this.targets(model);
    return this.targetsCache?.detected ? targets.basePath : undefined;
  }

  /** The links of a page (relative path), scanned from its current text; empty when it cannot be read. */
  linksOf(relative: string): PageLink[] {
    const text = this.workspace.read(relative);
    return text === undefined ? [] : scanPageLinks(text, !relative.endsWith('.md'));
  }

  /**
   * The texts read during a pass over every page (`checkAll`) for another page's check (its ids, its API page, a
   * snippet's exports), until their own page's check takes them: each page is read once a pass, where a linked page
   * was read for its ids, for its operation and again for its own check (the 25,000-page bench site: 0.5 s of 8 s).
   * Undefined outside a pass: nothing changes on disk within one (it runs without a break), but may after it.
   */
  private passTexts?: Map<string, string>;
  private passChars = 0;
  /** The page being checked and its text (its own anchors and operation are read from it). */
  private checking?: { relative: string; text: string };

  /** A file's text, read once a pass (`passTexts`); `own`: for the file's own check, which takes it out of the pass. */
  private readPage(relative: string, own = false): string | undefined {
    if (this.checking?.relative === relative) return this.checking.text;
    const pass = this.passTexts;
    const kept = pass?.get(relative);
    if (kept !== undefined) {
      if (own) {
        pass!.delete(relative);
        this.passChars -= kept.length;
      }
      return kept;
    }
    const text = this.workspace.read(relative);
    if (pass && !own && text !== undefined && this.passChars + text.length <= MAX_PASS_CHARS) {
      pass.set(relative, text);
      this.passChars += text.length;
    }
    return text;
  }

  /** The findings of one page. */
  check(relative: string, model: DocsModel | undefined): Diagnostic[] {
    const targets = this.targets(model);
    let state = this.pages.get(relative);
    if (!state) {
      state = this.checkGuarded(relative, targets, model);
      if (!state) return NO_DIAGNOSTICS;
      this.pages.set(relative, state);
      this.stored++;
    }
    return state.diagnostics;
  }

  /** Every page file of the folder with findings, and its findings. */
  checkAll(model: DocsModel | undefined): Map<string, Diagnostic[]> {
    const found = new Map<string, Diagnostic[]>();
    this.passTexts = new Map();
    this.passChars = 0;
    try {
      for (const file of this.workspace.files.all()) {
        if (!isPageFile(file)) continue;
        const diagnostics = this.check(file, model);
        if (diagnostics.length) found.set(file, diagnostics);
      }
    } finally {
      this.passTexts = undefined;
    }
    // A site served under `/docs` with no redirect to tell it: its pages' links tell it; then every page again.
    if (this.detectBasePathFromLinks(model)) return this.checkAll(model);
    return found;
  }

  /**
   * After a pass over every page (the CLI's `checkAll`, the language server's slices): when neither a setting nor the
   * redirects give a base path, one the pages' missed links carry (`basePathFromMissing`) is taken from then on.
   * True when it was: the kept findings are dropped, and every page must be checked again.
   */
  detectBasePathFromLinks(model: DocsModel | undefined): boolean {
    if (this.targets(model).basePath !== undefined || this.basePathSetting() !== undefined) return false;
    const missing = function* (pages: Map<string, PageState>) {
      for (const state of pages.values()) yield* state.missing;
    };
    const base = basePathFromMissing(missing(this.pages), treePaths(this.workspace.files, this.folders));
    if (base === undefined) return false;
    this.linkBasePath = base;
    return this.targets(model).basePath === base;
  }

  /** A page's MDX verdict came (deferred parse, language server): it alone is checked again. */
  mdxChanged(relative: string): void {
    this.pages.delete(relative);
    this.changes++;
  }

  /** A page's text changed (typed, saved, or `onDisk`); or another file's, a spec's maybe. */
  pageChanged(relative: string, onDisk = false): void {
    this.pages.delete(relative);
    this.changes++;
    if (onDisk) this.diskChanges++;
    this.forgetIds(relative, true);
    const readers = this.textReaders.get(relative);
    this.textReaders.delete(relative);
    for (const reader of readers ?? []) if (reader !== relative && this.pages.has(reader)) this.drop(reader);
    if (this.folderSpecs.fileChanged(relative)) this.specsChanged();
  }

  /** A spec may have changed (or finished loading): the pages with `openapi:` front matter are checked again. */
  specsChanged(): void {
    this.changes++;
    this.apiPages.clear();
    this.specDocuments.clear();
    for (const [page, state] of this.pages) if (state.usesSpecs) this.pages.delete(page);
  }

  /**
   * Changes whenever some page's findings may have: a page changed, a file was created or removed, or the
   * redirects or generated pages of `model` differ from the last ones. Equal stamps: every page's findings hold.
   */
  stamp(model: DocsModel | undefined): number {
    this.targets(model);
    return this.changes;
  }

  /**
   * The repository's HEAD moved (a commit, a checkout; the client watches `.git`): HEAD is looked at again, and the
   * pages whose findings came from the history are checked again, without waiting for a change of a page on disk.
   */
  headChanged(): void {
    this.changes++;
    this.diskChanges++;
    for (const page of this.historyReaders) if (this.pages.has(page)) this.drop(page);
    this.historyReaders.clear();
  }

  /** A file was created: the pages whose links missed it (as a file, a page or a folder holding it) are checked again. */
  fileAdded(relative: string): void {
    this.changes++;
    this.diskChanges++;
    if (this.folderSpecs.fileChanged(relative)) this.specsChanged();
    this.pages.delete(relative);
    // Its anchors as read before it was removed are not its anchors now; a page rendering it as a snippet has more.
    this.forgetIds(relative);
    const names = new Set([relative, pageIdOf(relative) ?? relative]);
    for (let slash = relative.lastIndexOf('/'); slash > 0; slash = relative.lastIndexOf('/', slash - 1)) names.add(relative.slice(0, slash));
    for (const [page, state] of this.pages) {
      if (!state.missing.some((path) => names.has(path))) continue;
      this.drop(page);
    }
  }

  /** A file (or folder) was removed: the pages that landed on it are checked again. */
  fileRemoved(relative: string): void {
    this.changes++;
    this.diskChanges++;
    this.mdx.forget(relative);
    if (this.folderSpecs.fileChanged(relative)) this.specsChanged();
    const prefix = `${relative}/`;
    // A page removed and made again with other text (a move undone, a quick fix creating it) had kept its old
    // anchors: a link to an anchor of the new text was flagged, one to an anchor of the old text passed (issue 23).
    for (const page of [...this.anchors.keys(), ...this.facts.keys(), ...this.factReaders.keys(), ...this.snippetReaders.keys()]) if (page === relative || page.startsWith(prefix)) this.forgetIds(page);
    for (const [page, state] of this.pages) {
      if (page === relative || page.startsWith(prefix)) this.pages.delete(page);
      else if (state.landed.some((file) => file === relative || file.startsWith(prefix))) this.drop(page);
      else continue;
      this.targetChanges++;
    }
  }

  /**
   * The pages (relative) dropped since the last call because another file changed, to be checked and published
   * with that change: a page's heading renamed in an editor re-checks the pages linking to its anchors.
   */
  takeDropped(): string[] {
    const pages = [...this.dropped];
    this.dropped.clear();
    return pages;
  }

  /** Another file's change dropped a page's kept findings. */
  private drop(page: string): void {
    this.pages.delete(page);
    this.dropped.add(page);
    this.targetChanges++;
  }

  /** The findings of a page as kept from an earlier check, without reading it; undefined when none are kept. */
  kept(relative: string): readonly Diagnostic[] | undefined {
    return this.pages.get(relative)?.diagnostics;
  }

  /** The pages (relative) whose kept findings are not empty, with those findings. */
  *keptFindings(): IterableIterator<[string, readonly Diagnostic[]]> {
    for (const [page, state] of this.pages) if (state.diagnostics.length) yield [page, state.diagnostics];
  }

  /** Changes whenever a page's kept findings may have: a change (`stamp`), or a page checked. */
  get keptVersion(): string {
    return `${this.changes}.${this.stored}`;
  }

  /** Whether a page's findings are kept from an earlier check (false: the next check reads it again). */
  isChecked(relative: string): boolean {
    return this.pages.has(relative);
  }

  /**
   * The pages (relative) with links that land on a file `moved` picks (a page file or any other file), and those
   * links with the file each lands on. Only the pages whose kept state lands on such a file are read again.
   */
  linkersOf(moved: (file: string) => boolean, model: DocsModel | undefined): { page: string; links: { link: PageLink; file: string }[] }[] {
    const targets = this.targets(model);
    const linkers: { page: string; links: { link: PageLink; file: string }[] }[] = [];
    for (const page of this.workspace.files.all()) {
      if (!isPageFile(page)) continue;
      this.check(page, model);
      const landed = this.pages.get(page)?.landed;
      if (!landed || !landed.some(moved)) continue;
      const links: { link: PageLink; file: string }[] = [];
      for (const link of this.linksOf(page)) {
        const file = landedFile(resolveLink(link.href, targets, page));
        if (file !== undefined && moved(file)) links.push({ link, file });
      }
      if (links.length) linkers.push({ page, links });
    }
    return linkers;
  }

  /** A page's check; a step that throws costs this page only (a finding on it), never the folder's findings. */
  private checkGuarded(relative: string, targets: LinkTargets, model: DocsModel | undefined): PageState | undefined {
    try {
      return this.checkNow(relative, targets, model);
    } catch (error) {
      const file = makeSourceFile(toAbsolute(this.workspace.root, relative), this.workspace.read(relative) ?? '');
      return { landed: [], missing: [], diagnostics: keptFindings([pageNotChecked(file, error)], this.reader(relative)) };
    }
  }

  private checkNow(relative: string, targets: LinkTargets, model: DocsModel | undefined): PageState | undefined {
    const text = this.readPage(relative, true);
    if (text === undefined) return undefined;
    this.checking = { relative, text };
    try {
      return this.checkText(relative, text, targets, model);
    } finally {
      this.checking = undefined;
    }
  }

  private checkText(relative: string, text: string, targets: LinkTargets, model: DocsModel | undefined): PageState | undefined {
    const site = this.siteFor(model, relative);
    const rules = this.rules.filter((rule) => !rule.runs || rule.runs(site));
    const wants = (what: PageCollect) => rules.some((rule) => rule.collects?.includes(what));
    const unnamed: UnnamedMedia[] | undefined = wants('unnamed-media') ? [] : undefined;
    const icons: PageIcon[] | undefined = wants('icons') ? [] : undefined;
    // Component tags are read in the links' pass: a second scan of each page made a whole check ×1.16 (CPU), this ×1.07.
    const components = wants('components') && relative.endsWith('.mdx') && /<[A-Z]/.test(text) ? new ComponentReader(text) : undefined;
    const links = scanPageLinks(text, !relative.endsWith('.md'), unnamed, icons, components);
    const landed = new Set<string>();
    let file: SourceFile | undefined;
    let local: ReadonlySet<string> | undefined;
    let usesSpecs = false;
    const page: PageInput = {
      relative,
      text,
      file: () => (file ??= makeSourceFile(toAbsolute(this.workspace.root, relative), text)),
      model,
      targets,
      site,
      links,
      unnamed,
      icons,
      components: components?.found,
      localNames: () => (local ??= components?.found.local ?? scanComponentTags(text).local),
      missing: new Set(),
      anchorsOn: new Set(),
      reads: new Set(),
      found: [],
      usesSpecs: () => void (usesSpecs = true),
    };
    const { missing, anchorsOn, found: diagnostics } = page;
    const linkRules = rules.filter((rule) => rule.link);
    for (const link of links) {
      const resolution = resolveLink(link.href, targets, relative);
      const file = landedFile(resolution);
      if (file !== undefined) landed.add(file);
      for (const rule of linkRules) rule.link!(page, { link, resolution, landed: file });
      const lost = link.unused ? undefined : missingPath(resolution);
      if (lost !== undefined) missing.add(lost);
      // Under a base path, `/docs/x` is also missing as `x`: creating `x.mdx` checks this page again.
      const inner = lost === undefined ? undefined : withoutBasePath(lost, targets.basePath);
      if (inner) missing.add(inner);
    }
    if (wants('front-matter')) page.frontMatter = readFrontMatterEntries(text);
    for (const rule of rules) rule.check?.(page);
    for (const read of page.reads) {
      let readers = this.textReaders.get(read);
      if (!readers) this.textReaders.set(read, (readers = new Set()));
      readers.add(relative);
    }
    if (!diagnostics.length && !missing.size && !anchorsOn.size && !usesSpecs) return landed.size ? { landed: [...landed], missing: [], diagnostics: NO_DIAGNOSTICS } : UNLINKED;
    // At most MAX_FINDINGS_PER_FILE of every rule together, then one that counts the rest: 100k broken anchors in
    // one page were 12 MB of output and a 23.6 MB publishDiagnostics.
    // Nothing kept holds the page's text: a missing path is cut from a link, findings quote it (kept-findings.ts).
    const state: PageState = { landed: [...landed], missing: Array.from(missing, (path) => detached(path)), diagnostics: diagnostics.length ? keptFindings(capFindings(diagnostics), this.reader(relative)) : NO_DIAGNOSTICS };
    if (usesSpecs) state.usesSpecs = true;
    if (anchorsOn.size) state.anchorsOn = [...anchorsOn];
    return state;
  }

  /** What the page rules are given of the folder, for the given docs.json model, when checking `reader`. */
  private siteFor(model: DocsModel | undefined, reader: string): PageSite {
    return {
      iconNames: this.iconNames,
      hasFile: (relative) => this.workspace.files.has(relative),
      specs: () => this.folderSpecs.specs(model),
      idsOf: (page, text) => this.idsOf(page, text),
      apiPageOf: (page) => this.apiPageOf(page, model),
      mdxVerdict: (relative, text) => this.mdx.verdictOf(relative, text),
      pageFacts: (page, kind, read, same) => this.pageFacts(reader, page, kind, read, same),
      lastCommitted: (relative) => {
        this.historyReaders.add(reader);
        return this.history().lastCommitted(relative);
      },
      fileText: (relative) => this.readPage(relative),
    };
  }

  private pageFacts<T>(reader: string, page: string, kind: string, read: (text: string) => T, same?: (before: T, after: T) => boolean): T | undefined {
    let readers = this.factReaders.get(page);
    if (!readers) this.factReaders.set(page, (readers = new Set()));
    readers.add(reader);
    let kinds = this.facts.get(page);
    const kept = kinds?.get(kind);
    if (kept) return kept.value as T | undefined;
    const text = this.readPage(page);
    const made = text === undefined ? undefined : read(text);
    if (!kinds) this.facts.set(page, (kinds = new Map()));
    kinds.set(kind, { value: made, read, same: same as PageFact['same'] });
    return made;
  }

  /** The folder's git history; HEAD is looked at again after a change on disk (`diskChanges`), not after a keystroke. */
  private history(): GitHistory {
    return (this.git ??= new GitHistory(this.workspace.root, () => this.diskChanges));
  }

  /** Counts what makes git's HEAD be looked at again (tests: typing does not). */
  get historyGeneration(): number {
    return this.diskChanges;
  }

  /**
   * Reads a page again. Made here, not in checkNow: a closure shares the scope of the function it is made in with the
   * other closures made there, and one made in checkNow held the page's text and its component tags.
   */
  private reader(relative: string): () => string | undefined {
    return () => this.workspace.read(relative);
  }

  /** The ids a page offers to anchors (from `text` when given: the page being checked), its snippets' with them. */
  idsOf(page: string, text?: string): ReadonlySet<string> {
    let ids = this.anchors.get(page);
    if (!ids) {
      ids = this.readIds(page, text ?? this.readPage(page) ?? '', page, new Set([page]), 0);
      this.anchors.set(page, ids);
    }
    return ids;
  }

  /** The ids of a file's text and of the snippets it renders, through `MAX_SNIPPET_DEPTH` levels, each file read once. */
  private readIds(file: string, text: string, page: string, seen: Set<string>, depth: number): Set<string> {
    const ids = pageAnchors(text);
    if (depth >= MAX_SNIPPET_DEPTH || file.endsWith('.md')) return ids;
    const targets: LinkTargets = this.targetsCache?.targets ?? { files: this.workspace.files, folders: this.folders };
    for (const source of renderedSnippets(text)) {
      const resolution = resolveLink(source, targets, file);
      const snippet = landedFile(resolution) ?? missingPath(resolution);
      if (snippet === undefined || seen.has(snippet)) continue;
      seen.add(snippet);
      let readers = this.snippetReaders.get(snippet);
      if (!readers) this.snippetReaders.set(snippet, (readers = new Set()));
      readers.add(page);
      const snippetText = landedFile(resolution) === undefined ? undefined : this.readPage(snippet);
      if (snippetText !== undefined) for (const id of this.readIds(snippet, snippetText, page, seen, depth + 1)) ids.add(id);
    }
    return ids;
  }

  /** What the operation of an API page names, `unknown` when its spec or operation is not read here; undefined for other pages. */
  private apiPageOf(page: string, model: DocsModel | undefined): OperationAnchors | 'unknown' | undefined {
    if (this.apiPages.has(page)) return this.apiPages.get(page);
    const text = this.readPage(page) ?? '';
    const openapi = text.includes('openapi') ? pageOpenApi(text, readFrontMatterEntries(text)?.entries.find((entry) => entry.key === 'openapi')) : undefined;
    let found: OperationAnchors | 'unknown' | undefined;
    if (openapi !== undefined) {
      const specs = typeof openapi === 'string' ? undefined : this.folderSpecs.specs(model);
      const operation = specs?.status === 'ok' && typeof openapi !== 'string' ? findPageOperation(openapi, specsNamed(openapi.spec, specs.specs)) : undefined;
      found = (operation && operationAnchors(this.specDocument(operation.spec.file), operation.endpoint.method, operation.endpoint.path)) || 'unknown';
    }
    this.apiPages.set(page, found);
    return found;
  }

  private specDocument(file: string): unknown {
    if (!this.specDocuments.has(file)) {
      const text = this.workspace.read(file);
      this.specDocuments.set(file, text === undefined ? undefined : parseSpecDocument(text, /\.json$/i.test(file)));
    }
    return this.specDocuments.get(file);
  }

  /**
   * A file's ids are read again, and those of the pages that render it as a snippet; the pages linking to them are
   * checked again. `edited`: the file's own text changed and can be read (its facts may be the same).
   */
  private forgetIds(file: string, edited = false): void {
    const readers = this.snippetReaders.get(file);
    this.snippetReaders.delete(file);
    this.apiPages.delete(file);
    for (const page of [file, ...(readers ?? [])]) {
      if (this.anchors.delete(page)) for (const [linker, state] of this.pages) if (linker !== file && state.anchorsOn?.includes(page)) this.drop(linker);
      this.forgetFacts(page, edited && page === file);
    }
  }

  /**
   * A page's facts are made again. Its readers still kept are checked again, unless `edited` and every fact made of
   * its new text is the `same` for them (a keystroke in a source page's prose: its translations keep their findings,
   * where each was checked again in full, twice a keystroke on a site of three languages).
   */
  private forgetFacts(page: string, edited: boolean): void {
    const kinds = this.facts.get(page);
    const readers = this.factReaders.get(page);
    this.facts.delete(page);
    const kept = readers ? [...readers].filter((reader) => reader !== page && this.pages.has(reader)) : [];
    if (!kept.length) return void this.factReaders.delete(page);
    const text = kinds && edited ? this.workspace.read(page) : undefined;
    if (kinds && text !== undefined) {
      const again = new Map<string, PageFact>();
      for (const [kind, fact] of kinds) {
        if (!fact.same || fact.value === undefined) break;
        const value = fact.read(text);
        if (value === undefined || !fact.same(fact.value, value)) break;
        again.set(kind, { ...fact, value });
      }
      if (again.size === kinds.size) return void this.facts.set(page, again);
    }
    this.factReaders.delete(page);
    for (const reader of kept) this.drop(reader);
  }
}

/** What a page rule made of a page's text (`PageSite.pageFacts`), with how to make it again and compare. */
interface PageFact {
  value: unknown;
  read(text: string): unknown;
  same?(before: unknown, after: unknown): boolean;
}

/** How deep snippets rendered by snippets are read for ids. */
const MAX_SNIPPET_DEPTH = 8;

/** The file a link lands on, through redirects, if it is a file of the folder. */
export function landedFile(resolution: Resolution): string | undefined {
  if (resolution.kind === 'redirect') return landedFile(resolution.target);
  return resolution.kind === 'page' || resolution.kind === 'file' ? resolution.file : undefined;
}

function missingPath(resolution: Resolution): string | undefined {
  if (resolution.kind === 'redirect') return missingPath(resolution.target);
  return resolution.kind === 'missing' ? resolution.path : undefined;
}
