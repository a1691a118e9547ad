import { Diagnostic, Severity } from '../diagnostics';
import { SourceFile } from '../json/json-tree';
import { DocsModel } from '../model/docs-model';
import { FileIndex } from '../workspace/file-index';
import { PageRule } from './page-rule';
import { Rule } from './rule-context';

/**
 * One rule: its folder under `checker/rules/` holds its check (`rule.ts`), its fixes, its pages (`<code>.md`) and
 * the modules it alone uses; `registry.ts` lists it once. A docs.json rule has `check`, a page rule `page`; a rule
 * whose findings come from parsing (json-syntax, invalid-ref) has neither, only its codes and pages.
 */
export interface RuleModule {
  /** Its folder's name: its pages are `<folder>/<code>.md`. */
  folder: string;
  /** The codes it reports, with their default severities: `RULES` is every rule's, in registry order (`npm run generate`). */
  codes: Readonly<Record<string, Severity>>;
  /** A docs.json rule: run by every check of docs.json, in registry order. */
  check?: Rule;
  /** A page rule: run on every page, in registry order. */
  page?: PageRule;
  /** Its codes whose findings make the platform's build fail: never suppressed (their pages say so). */
  breaksBuild?: readonly string[];
  /** Its codes whose one fix writes words nobody chose (a title, alt text): `check --fix` leaves them to a writer. */
  fixesInvent?: readonly string[];
  /**
   * Its codes other floors name: the model reports them while parsing, a feature reads their findings. They name
   * them through the constants `npm run generate` writes (`JSON_SYNTAX_CODE` in rules/generated/rule-codes.ts).
   */
  namedElsewhere?: readonly string[];
  /** Its codes whose finding is about a whole object, placed on one of its keys: a syntax error inside the object hides it. */
  wholeObject?: readonly string[];
  /** Its quick fixes, by code, as plain edits: the editor's code actions and the CLI's `--fix` take them from here. */
  fixes?: Readonly<Record<string, RuleFixer>>;
  /** Its quick fixes of a page's findings, by code: edits of the page (the editor's code actions take them from here). */
  pageFixes?: Readonly<Record<string, PageFixer>>;
}

/** What a page fix reads beside its finding (the server's own, at the range a client sent back). */
export interface PageFixContext {
  /** The page's current text. */
  text: string;
  /** The client applies snippet edits (`$0`, the cursor): a fix that leaves words to type needs them. */
  snippetEdits: boolean;
  /** The site, for a fix that points a link elsewhere or creates the page it names (the editor's fixes room gives it). */
  site?: PageFixSite;
}

/** What a page fix may ask of the site: its pages, their titles and ids, and the files a fix may create. */
export interface PageFixSite extends Pick<FixContext, 'files' | 'pageIds' | 'ignores' | 'createFiles' | 'newPage'> {
  /** A page's title (its front matter's), if it has one. */
  pageTitle(page: string): string | undefined;
  /** The page a link's text names (by its title). */
  pageByLinkText(text: string): { page: string } | undefined;
  /** The ids (`#anchors`) a page file makes. */
  idsOf(file: string): ReadonlySet<string>;
}

export type PageFixer = (finding: Diagnostic, context: PageFixContext) => RuleFix[];

/** What a fix may read beside its finding: the check it came from. */
export interface FixContext {
  model: DocsModel;
  /** The check's findings (a fix may depend on the others: only the first syntax error is fixed). */
  diagnostics: readonly Diagnostic[];
  files: FileIndex;
  /** The site's page ids (its files and generated pages). */
  pageIds: readonly string[];
  // What a fix that creates a file needs (the editor's fixes room gives them; without them no file is created).
  /** A file of the docs folder (relative path), as the editor has it; undefined when it cannot be read. */
  read?(relative: string): string | undefined;
  /** Whether `.mintignore` leaves the path out: a file created there would be no page. */
  ignores?(relative: string): boolean;
  /** The client creates files through a fix (else a fix with `creates` is not offered). */
  createFiles?: boolean;
  /** The text of a new page `<page>.mdx`: its title from its path, a heading for each `#anchor` the site's links ask of it. */
  newPage?(page: string): string;
}

export type RuleFixer = (finding: Diagnostic, context: FixContext) => RuleFix[];

/** One edit of a fix: `length` characters at `offset` of `file` replaced with `text`. */
export interface FixEdit {
  file: SourceFile;
  offset: number;
  length: number;
  text: string;
}

/** A quick fix: its title and its edits. */
export interface RuleFix {
  title: string;
  edits: FixEdit[];
  /** The fix an editor applies first (and the CLI's `--fix`, when it applies fixes). */
  preferred?: boolean;
  /** Its edits' texts are snippets (`$0` the cursor, `$1` a text typed in each place): only for a client with snippet edits. */
  snippet?: boolean;
  /** Files it creates (paths relative to the docs folder) before its edits: offered only where `createFiles`. */
  creates?: NewFile[];
  /** A value it adds to an editor setting no text edit reaches (its `edits` are empty): the client runs the command. */
  addToSetting?: { setting: 'extraLanguageCodes'; value: string };
}

/** A file a fix creates, with its text. */
export interface NewFile {
  path: string;
  text: string;
}
