import { frontMatterBody } from '../checker/pages/front-matter';
import { loadYaml } from '../checker/text/load-yaml';

export interface FrontMatter {
  title?: string;
  /** The short title the site's sidebar shows instead of `title`. */
  sidebarTitle?: string;
  description?: string;
}

/** `title` and `description` from a page's YAML front matter (`---` lines at the top); empty when there is none. */
export function readFrontMatter(text: string): FrontMatter {
  const block = frontMatterBlock(text);
  if (block === undefined) return {};
  let data: unknown;
  try {
    data = loadYaml().parse(block, { maxAliasCount: 0 });
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

/** A `title:` line holding a double-quoted, single-quoted or plain scalar (no block, flow, anchor or tag). */
const SIMPLE_TITLE = /^title:[ \t]*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\n]|'')*)'|([^\s"'|>&*!%@`#{[][^\n]*?))(?:[ \t]+#[^\n]*)?[ \t\r]*$/m;
const SIMPLE_LINE = { title: SIMPLE_TITLE, sidebarTitle: new RegExp(SIMPLE_TITLE.source.replace(/^\^title:/, '^sidebarTitle:'), 'm') };

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
  return frontMatterBody(text)?.body;
}

function readField(text: string, block: string, key: 'title' | 'sidebarTitle'): string | undefined {
  const simple = SIMPLE_LINE[key].exec(block);
  // A plain scalar may go on over indented lines; a double-quoted one may use escapes JSON does not know.
  if (!simple || /^\r?\n[ \t]+\S/.test(block.slice(simple.index + simple[0].length))) return readFrontMatter(text)[key];
  if (simple[2] !== undefined) return simple[2].replace(/''/g, "'");
  if (simple[3] !== undefined) return simple[3];
  try {
    return JSON.parse(`"${simple[1]}"`) as string;
  } catch {
    return readFrontMatter(text)[key];
  }
}

/** What the site's sidebar shows for a page: its `sidebarTitle`, else its `title` (trimmed; undefined when empty). */
export function readSidebarLabel(text: string): string | undefined {
  const block = frontMatterBlock(text);
  if (block === undefined) return undefined;
  return readField(text, block, 'sidebarTitle')?.trim() || readField(text, block, 'title')?.trim() || undefined;
}
