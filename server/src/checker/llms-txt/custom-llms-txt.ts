// A repository's own `llms.txt` replaces the generated one: it must start with the site's title as an H1 (the
// platform's documentation), and its links should land: a page or file of the site (the site's own URL, or a path),
// or, for other URLs, a page that answers (checked only when asked: `--check-external`).
import { DocsWorkspace } from '../workspace/docs-workspace';
import { isRemote } from '../workspace/docs-paths';
import { withoutTrailing } from './predict-llms-txt';

export interface CustomLlmsProblem {
  /** 1-based line and column in llms.txt. */
  line: number;
  column: number;
  message: string;
}

export interface CustomLlmsLink {
  url: string;
  line: number;
  column: number;
}

export interface CustomLlmsCheck {
  problems: CustomLlmsProblem[];
  /** The links to other sites, for a check of the network when asked. */
  external: CustomLlmsLink[];
  /** How many links were read. */
  links: number;
}

/** The destinations of a line's Markdown links (`[text](url)`, `[text](<url>)`) with their 0-based columns. */
function linksOf(line: string): { url: string; column: number }[] {
  const found: { url: string; column: number }[] = [];
  for (let at = line.indexOf(']('); at >= 0; at = line.indexOf('](', at + 2)) {
    if (line.lastIndexOf('[', at) < 0) continue;
    let start = at + 2;
    while (line[start] === ' ' || line[start] === '<') start++;
    let end = start;
    while (end < line.length && !' \t)>'.includes(line[end])) end++;
    if (end > start) found.push({ url: line.slice(start, end), column: start });
  }
  return found;
}

/** The problems of a custom llms.txt's text. `siteUrl` (the site's own address) makes its absolute links local. */
export function checkCustomLlmsTxt(text: string, workspace: DocsWorkspace, siteUrl?: string): CustomLlmsCheck {
  const problems: CustomLlmsProblem[] = [];
  const external: CustomLlmsLink[] = [];
  const lines = text.split(/\r?\n/);
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0 || !/^#[ \t]+\S/.test(lines[first])) {
    problems.push({ line: first < 0 ? 1 : first + 1, column: 1, message: 'A custom llms.txt must start with the site\'s title as an H1 (`# Title`): the platform requires it' });
  }
  const own = siteUrl === undefined ? undefined : withoutTrailing(siteUrl, '/');
  let links = 0;
  let fenced = false;
  lines.forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const link of linksOf(line)) {
      links++;
      const { url } = link;
      const column = link.column + 1;
      let local: string | undefined;
      if (own && (url === own || url.startsWith(`${own}/`))) local = url.slice(own.length);
      else if (isRemote(url)) {
        if (/^https?:\/\//i.test(url)) external.push({ url, line: index + 1, column });
        continue;
      } else local = url;
      const query = local.search(/[?#]/);
      const path = withoutTrailing(decodeSafely(query < 0 ? local : local.slice(0, query)).replace(/^\.?\/+/, ''), '/');
      if (landsOn(workspace, path)) continue;
      problems.push({ line: index + 1, column, message: `'${url}' lands on no page or file of the site` });
    }
  });
  return { problems, external, links };
}

/** Whether a path of the site is a file, or a page (`.md`/`.mdx` written or not, as the Markdown export serves it). */
function landsOn(workspace: DocsWorkspace, path: string): boolean {
  if (path !== '' && workspace.files.has(path)) return true;
  const page = path.replace(/\.mdx?$/, '');
  return workspace.files.pageFile(page === 'index' ? '' : page) !== undefined;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
