import { frontMatterBlock as findFrontMatter, MAX_FRONT_MATTER, yamlMayRead } from '../../checker/text/front-matter-block';
import { FNV_SEED, fnvStep } from '../../checker/text/fnv';
import { loadYaml } from '../../checker/text/load-yaml';

export interface FrontMatter {
  title?: string;
  /** The short title the site's sidebar shows instead of `title`. */
  sidebarTitle?: string;
  description?: string;
}


/** `title` and `description` from a page's YAML front matter (`---` lines at the top); empty when there is none. */
export function readFrontMatter(text: string): FrontMatter {
  const block = frontMatterBlock(text);
  if (block === undefined || !yamlMayRead(block)) return {};
  let data: unknown;
  try {
    data = loadYaml().parse(block, { maxAliasCount: 0, prettyErrors: false });
  } catch {
    return {};
  }
  if (typeof data !== 'object' || data === null) return {};
  const record = data as Record<string, unknown>;
  const text_ = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
  return { title: text_(record.title), sidebarTitle: text_(record.sidebarTitle), description: text_(record.description) };
}

/**
 * Words page paths write in lower case that a title writes otherwise: a new page `sdks/csharp` is titled `C#`,
 * not `Csharp`.
 */
const TITLE_WORDS: Record<string, string> = {
  csharp: 'C#',
  'c-sharp': 'C#',
  fsharp: 'F#',
  cpp: 'C++',
  dotnet: '.NET',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  nodejs: 'Node.js',
  golang: 'Go',
  php: 'PHP',
  ios: 'iOS',
  macos: 'macOS',
  github: 'GitHub',
  gitlab: 'GitLab',
  graphql: 'GraphQL',
  oauth: 'OAuth',
  oauth2: 'OAuth 2.0',
  api: 'API',
  apis: 'APIs',
  sdk: 'SDK',
  sdks: 'SDKs',
  cli: 'CLI',
  faq: 'FAQ',
  sso: 'SSO',
  saml: 'SAML',
  mcp: 'MCP',
  ai: 'AI',
  llm: 'LLM',
  llms: 'LLMs',
  url: 'URL',
  urls: 'URLs',
  json: 'JSON',
  yaml: 'YAML',
  http: 'HTTP',
  rest: 'REST',
};

/** A title for a new page from its path: `guides/getting-started` → `Getting started`, `sdks/csharp` → `C#`. */
export function titleFromPageId(page: string): string {
  const base = page.slice(page.lastIndexOf('/') + 1);
  const known = (word: string) => (Object.prototype.hasOwnProperty.call(TITLE_WORDS, word.toLowerCase()) ? TITLE_WORDS[word.toLowerCase()] : undefined);
  const whole = known(base);
  if (whole) return whole;
  const words = base.split(/[-_]+/).filter(Boolean);
  if (!words.length) return 'New page';
  return words.map((word, i) => known(word) ?? (i === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word)).join(' ');
}

/**
 * A page's `title` (or `sidebarTitle`) as `readFrontMatter` reads it, without parsing YAML when its line is a simple
 * scalar: the Docs view shows every page by its title, and parsing each page's YAML made its tree 250-600 ms on
 * 1,069 pages.
 */
export function readTitle(text: string, key: 'title' | 'sidebarTitle' = 'title'): string | undefined {
  const block = frontMatterBlock(text);
  return block === undefined ? undefined : readField(text, block, key);
}

function frontMatterBlock(text: string): string | undefined {
  const found = findFrontMatter(text.length > MAX_FRONT_MATTER ? text.slice(0, MAX_FRONT_MATTER) : text);
  return found && text.slice(found.start, found.end);
}

function readField(text: string, block: string, key: 'title' | 'sidebarTitle'): string | undefined {
  const line = keyLine(block, key);
  // Written otherwise (indented, quoted, as a `?` key), the key is found by the YAML parser; absent, it is not there.
  if (line === undefined) return block.includes(key) ? readFrontMatter(text)[key] : undefined;
  const simple = simpleScalar(block, line.value, line.end);
  // A plain scalar may go on over indented lines; a double-quoted one may use escapes JSON does not know.
  if (simple === undefined || /^\r?\n[ \t]+\S/.test(block.slice(line.end, line.end + 2 + leadingBlanks(block, line.end + 1)))) return readFrontMatter(text)[key];
  if (simple.quote === "'") return simple.text.replace(/''/g, "'");
  if (simple.quote === '') return simple.text;
  try {
    return JSON.parse(`"${simple.text}"`) as string;
  } catch {
    return readFrontMatter(text)[key];
  }
}

/** The first line of the block that starts with `key:`: where its value starts and where the line ends. */
function keyLine(block: string, key: string): { value: number; end: number } | undefined {
  const head = `${key}:`;
  for (let start = 0; start < block.length; ) {
    const newline = block.indexOf('\n', start);
    const end = newline < 0 ? block.length : newline;
    if (block.startsWith(head, start)) return { value: start + head.length, end };
    start = end + 1;
  }
  return undefined;
}

function leadingBlanks(text: string, from: number): number {
  let i = from;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  return i - from;
}

/**
 * The value of a `key:` line (from `at` to the line's `end`) when it is one double-quoted, single-quoted or plain
 * scalar (no block, flow, anchor or tag), with an optional `# comment` after it; its text as written (escapes kept)
 * and its quote ('' for plain). Read by hand in one pass: as a regular expression, a title of `a` and 60,000
 * spaces took 9 s.
 */
function simpleScalar(block: string, at: number, end: number): { text: string; quote: string } | undefined {
  let i = at;
  while (i < end && (block.charCodeAt(i) === 32 || block.charCodeAt(i) === 9)) i++;
  const first = block[i];
  let close: number;
  if (first === '"') {
    for (close = i + 1; close < end && block[close] !== '"'; close++) if (block[close] === '\\') close++;
    if (close >= end) return undefined;
  } else if (first === "'") {
    for (close = i + 1; close < end; close++) {
      if (block[close] !== "'") continue;
      if (block[close + 1] !== "'") break;
      close++;
    }
    if (close >= end) return undefined;
  } else {
    if (first === undefined || i >= end || /[\s"'|>&*!%@`#{[]/.test(first)) return undefined;
    // Up to a comment (` #`) or the line's end, trailing spaces dropped.
    let stop = end;
    for (let j = i + 1; j < end; j++) {
      if (block[j] === '#' && (block[j - 1] === ' ' || block[j - 1] === '\t')) {
        stop = j;
        break;
      }
    }
    while (stop > i + 1 && /[ \t\r]/.test(block[stop - 1])) stop--;
    return { text: block.slice(i, stop), quote: '' };
  }
  if (!isCommentOrBlank(block, close + 1, end)) return undefined;
  return { text: block.slice(i + 1, close), quote: first };
}

/** Whether the rest of a line is blank, or spaces then a `#` comment. */
function isCommentOrBlank(text: string, from: number, end: number): boolean {
  let i = from;
  while (i < end && (text[i] === ' ' || text[i] === '\t' || text[i] === '\r')) i++;
  return i === end || (i > from && text[i] === '#' && text[i - 1] !== '\r');
}


/** What the site's sidebar shows for a page: its `sidebarTitle`, else its `title` (trimmed; undefined when empty). */
export function readSidebarLabel(text: string): string | undefined {
  const block = frontMatterBlock(text);
  if (block === undefined) return undefined;
  return readField(text, block, 'sidebarTitle')?.trim() || readField(text, block, 'title')?.trim() || undefined;
}

/** A row's label is cut to this many characters (with `…`): a title can be as long as its front matter. */
export const MAX_LABEL = 200;

/**
 * Sidebar labels by file, kept while a page's front matter is unchanged (its length and FNV hash): the Docs view
 * asks for the same rows on every refresh, and a front matter YAML must parse costs up to about 100 ms.
 */
export class SidebarLabels {
  private readonly labels = new Map<string, { length: number; hash: number; label: string | undefined }>();

  of(file: string, text: string): string | undefined {
    const found = findFrontMatter(text.length > MAX_FRONT_MATTER ? text.slice(0, MAX_FRONT_MATTER) : text);
    if (!found) {
      this.labels.delete(file);
      return undefined;
    }
    let hash = FNV_SEED;
    for (let i = found.start; i < found.end; i++) hash = fnvStep(hash, text.charCodeAt(i));
    const length = found.end - found.start;
    const kept = this.labels.get(file);
    if (kept && kept.length === length && kept.hash === hash) return kept.label;
    const full = readSidebarLabel(text);
    const label = full !== undefined && full.length > MAX_LABEL ? `${full.slice(0, MAX_LABEL - 1)}…` : full;
    this.labels.set(file, { length, hash, label });
    return label;
  }
}
