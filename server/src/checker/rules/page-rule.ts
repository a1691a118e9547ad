import { Diagnostic } from '../diagnostics';
import { SourceFile } from '../json/json-tree';
import { LinkTargets, Resolution } from '../links/resolve-link';
import { DocsModel } from '../model/docs-model';
import { NameLists } from '../icons/name-lists';
import { OperationAnchors } from '../openapi/operation-anchors';
import { PageSpecs } from '../openapi/page-specs';
import { PageComponents } from '../pages/component-tags';
import { FrontMatter } from '../pages/front-matter';
import type { MdxVerdict } from '../pages/mdx-parse';
import { PageIcon, PageLink, UnnamedMedia } from '../pages/page-links';

/** What the one scan of a page collects beside its links, for the page rules that ask for it (`PageRule.collects`). */
export type PageCollect = 'front-matter' | 'unnamed-media' | 'icons' | 'components';

/** What the folder's project gives a page rule beyond the page itself (kept across pages). */
export interface PageSite {
  /** The icon libraries' names, when the host has them. */
  iconNames?: NameLists;
  hasFile(relative: string): boolean;
  /** The specs `openapi:` front matter is resolved against. */
  specs(): PageSpecs;
  /** The ids a page offers to `#anchor` links (from `text` when given: the page being checked). */
  idsOf(page: string, text?: string): ReadonlySet<string>;
  /** What the operation of an API page names, `unknown` when not read here; undefined for other pages. */
  apiPageOf(page: string): OperationAnchors | 'unknown' | undefined;
  /** The page's MDX verdict, its syntax error or free names (parsed here, in a worker, or kept). */
  mdxVerdict(relative: string, text: string): MdxVerdict;
  /**
   * What `read` makes of another page's text, kept until that page changes (`kind` names what is kept); undefined
   * when it cannot be read. The page that asks is checked again when that page changes, unless `same` says that what
   * `read` makes of the new text gives it the same findings (then it is read at once, and the asker keeps its findings:
   * a keystroke in prose re-checks no other page). `read` must hold nothing of the page under check.
   */
  pageFacts?<T>(relative: string, kind: string, read: (text: string) => T, same?: (before: T, after: T) => boolean): T | undefined;
  /** When a file was last committed (seconds since 1970), from git history; undefined without it or when never committed. */
  lastCommitted?(relative: string): number | undefined;
  /** Another file's text (a snippet a page imports); the rule adds it to `PageInput.reads`. */
  fileText?(relative: string): string | undefined;
}

/** One page under check: its text, its scan, and where its rules write. */
export interface PageInput {
  relative: string;
  text: string;
  file(): SourceFile;
  model: DocsModel | undefined;
  targets: LinkTargets;
  site: PageSite;
  links: readonly PageLink[];
  /** Collected when an active rule asks (`collects`); `components` only for an `.mdx` page with a capitalised tag. */
  frontMatter?: FrontMatter;
  unnamed?: UnnamedMedia[];
  icons?: PageIcon[];
  components?: PageComponents;
  /** The components the page defines or imports itself. */
  localNames(): ReadonlySet<string>;
  /** The paths its links (and icons) miss: the page is checked again when one is created. */
  missing: Set<string>;
  /** The pages whose ids its anchors were checked against: checked again when one changes. */
  anchorsOn: Set<string>;
  /** The files whose text a rule read (`PageSite.fileText`): checked again when one changes. */
  reads: Set<string>;
  /** The page's findings so far, in rule order: a rule pushes its own. */
  found: Diagnostic[];
  /** The page's findings depend on the folder's specs: it is checked again when they change. */
  usesSpecs(): void;
}

/** A link of the page, resolved. */
export interface PageLinkInput {
  link: PageLink;
  resolution: Resolution;
  /** The file of the folder it lands on (through redirects), if any. */
  landed: string | undefined;
}

export interface PageRule {
  /** What the page scan must collect for it. */
  collects?: readonly PageCollect[];
  /** The codes whose severity `off` skips it (not only hides it); default, all its codes; `[]`: never skipped. */
  skippedWhenOff?: readonly string[];
  /** Whether it can run with what the host gives (without icon names, no icon is checked). */
  runs?(site: PageSite): boolean;
  /** Called for each link of the page, in order. */
  link?(page: PageInput, link: PageLinkInput): void;
  /** Called once the links are read. */
  check?(page: PageInput): void;
}
