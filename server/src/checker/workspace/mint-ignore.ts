// `.mintignore` at the docs root: gitignore patterns (matched by gitignore-match.ts, in time linear in the path)
// naming files the platform does not serve. Ignored files are no pages, no link targets, and their links are not checked (README, "Links inside
// pages").
import { gitignoreIgnores, parseGitignore } from './gitignore-match';

export const MINT_IGNORE_FILE = '.mintignore';

/**
 * What the platform leaves out without a `.mintignore` (measured with `mint broken-links` 4.0.1552 on made-up
 * folders: no link into these lands, no link inside them is checked): the folders `.git`, `.github`, `.vscode`,
 * `.idea`, `.cursor`, `.claude` and `node_modules` at any depth, `.mintlify` at the root, and the `.md` files named
 * README, LICENSE, CONTRIBUTING or CHANGELOG in any case. Other dot folders (`.hidden`, `.next`), `snippets/`,
 * `_partials`, `AGENTS.md`, `CLAUDE.md`, `README.mdx` are served. A test of the path, not a second matcher: it runs on
 * every file of every folder.
 */
const ALWAYS_IGNORED = /(?:^|\/)(?:\.git|\.github|\.vscode|\.idea|\.cursor|\.claude|node_modules)\/|^\.mintlify\/|(?:^|\/)(?:readme|license|contributing|changelog)\.md$/i;

/**
 * The patterns read from `.mintignore`, at most: each file of the folder is tested against every pattern, and 1,000
 * patterns over 10,000 files took 5.5 s (the `ignore` package, a loaded 2-core machine); 10 patterns over 126,000
 * files took 1.1 s there. Live `.mintignore` files hold a few lines.
 */
export const MAX_IGNORE_PATTERNS = 500;

/** Files the check reads whatever `.mintignore` says: the site's own configuration. */
const NEVER_IGNORED = new Set(['docs.json', MINT_IGNORE_FILE]);

/** Which files of a docs folder `.mintignore` leaves out; `none` when there is no file or no pattern. */
export class MintIgnore {
  static readonly none = new MintIgnore(undefined);

  private readonly rules: ReturnType<typeof parseGitignore>;
  /** The text it was read from ('' for none): the same text gives the same answers. */
  readonly text: string;

  constructor(text: string | undefined) {
    this.text = text ?? '';
    const patterns = this.text
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .slice(0, MAX_IGNORE_PATTERNS);
    this.rules = parseGitignore(patterns);
  }

  /** Whether `.mintignore` names no pattern (the platform's own list still holds). */
  get isEmpty(): boolean {
    return this.rules.length === 0;
  }

  /** Whether a file (a path relative to the docs folder, `/`-separated) is left out of the site. */
  ignores(relative: string): boolean {
    if (NEVER_IGNORED.has(relative) || relative === '') return false;
    if (ALWAYS_IGNORED.test(relative)) return true;
    // A path out of the folder (`../x`, an absolute path) is none of the folder's.
    if (this.rules.length === 0 || relative.startsWith('/') || relative.startsWith('../') || relative === '..') return false;
    return gitignoreIgnores(this.rules, relative);
  }
}
