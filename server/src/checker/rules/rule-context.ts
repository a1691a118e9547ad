import { Diagnostic } from '../diagnostics';
import { DocsModel } from '../model/docs-model';
import { DocsWorkspace } from '../workspace/docs-workspace';
import { FolderSet } from '../links/folders';
import { LinkTargets } from '../links/resolve-link';
import { FileIndex } from '../workspace/file-index';
import type { LanguageStanding } from '../languages/language-layout';
import type { NameLists } from '../icons/name-lists';
import type { BaseSite } from '../links/base-site';

export interface CheckOptions {
  /** Language codes accepted beyond SPEC's list (setting `docsJson.extraLanguageCodes`). */
  extraLanguageCodes?: string[];
  /** The site's base path (setting `docsJson.basePath`, option `--base-path`): undefined detects it, '' is none. */
  basePath?: string;
  /** The icon libraries' names (unknown-icon): without them, no icon is checked. */
  iconNames?: NameLists;
  /** The site before the change (`check --base`): the URLs it served are checked to be served still. */
  base?: BaseSite;
}

/**
 * What the page-files rule found, kept in the check result: per page entry (in element order) a 64-bit
 * fingerprint of its text and the file it names (an id of `index` as of `version`, -1 for none). The next check
 * of the same index looks up only the entries whose fingerprint changed.
 */
export interface PageFilesFound {
  index: FileIndex;
  version: number;
  fingerprints: Int32Array;
  found: Int32Array;
}

/**
 * Icon values found to render by the previous check, kept while the name lists and the file index are the same: a
 * keystroke elsewhere does not judge them again. Only good verdicts are kept (a problem is rare and its message and
 * suggestion depend on how many came before it).
 */
export interface IconVerdicts {
  names: NameLists;
  files: FileIndex;
  version: number;
  /** `library + '\0' + value` of every value that renders. */
  good: Set<string>;
}

/** What rules hand on beside their diagnostics: to the features, and to the next check of the same folder. */
export interface RuleFindings {
  pageFiles?: PageFilesFound;
  /** The folders of the file index links of docs.json may name (kept while the index is the same). */
  redirectFolders?: { files: FileIndex; folders: FolderSet };
  /** What links of docs.json may land on, built by the first rule that needs it in this check. */
  siteTargets?: LinkTargets;
  /** The site's base path (set, or detected from the redirects), read once per check. */
  basePath?: { basePath?: string; detected: boolean };
  /** Each language of `navigation.languages` against the default one (language-parity). */
  languages?: LanguageStanding[];
  /** The icon values that rendered (unknown-icon), kept while the name lists and the file index are the same. */
  iconVerdicts?: IconVerdicts;
}

export interface RuleContext {
  model: DocsModel;
  workspace: DocsWorkspace;
  options: CheckOptions;
  /** The findings of the folder's previous check, if any. */
  previous?: RuleFindings;
  /** This check's findings: a rule writes its own. */
  findings: RuleFindings;
  report(diagnostic: Diagnostic): void;
}

export type Rule = (context: RuleContext) => void;

export interface CheckResult {
  model: DocsModel;
  diagnostics: Diagnostic[];
  findings: RuleFindings;
}
