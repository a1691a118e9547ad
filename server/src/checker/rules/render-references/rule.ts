// Issue 49, "will it render": what compiles but breaks the page for a reader. An expression or JSX attribute value
// reading a name the page neither imports, exports, defines nor gets from the platform: a ReferenceError when the page
// renders. A built-in component given children it never renders (@mintlify/components' renderer drops them).
import { diagnostic, Diagnostic, MAX_FINDINGS_PER_FILE } from '../../diagnostics';
import { SourceFile } from '../../json/json-tree';
import { builtInNames } from '../../pages/built-in-components';
import { PageComponents } from '../../pages/component-tags';
import { withFencedCodeEmptied } from '../../pages/mdx-quick-parse';
import { mdxParseSkipped } from '../../pages/mdx-skipped';
import { PageInput } from '../page-rule';
import { RuleModule } from '../rule-module';
import { freeIdentifiers } from './free-identifiers';
import { platformGives } from './platform-scope';

/**
 * Built-in components whose children are not rendered: each rendered with a child by @mintlify/components 1.0.19
 * (react-dom/server), which left the child out (test/pages/render-references.test.ts renders them again). Components
 * the platform wraps itself (`open` in the component table) are not listed: their renderer is not the package's.
 */
export const IGNORES_CHILDREN = ['Icon', 'Tree.File', 'Color.Item'];

/** A `{` that may open an expression reading a name (not a comment, number or empty braces). */
const MAY_READ = /\{\s*[A-Za-z_$[(!`'"{.]/;

/**
 * Whether a page may hold an expression reading a name, outside fenced code and code spans: checked before the parse,
 * which most pages (their braces all in code) are spared. On the 2,217 corpus pages it cut the rule's CPU time from
 * 32 s to 7.6 s (mdx-syntax's parse of them: 19-21 s; loaded 2-core machine).
 */
function mayReadNames(text: string): boolean {
  if (!MAY_READ.test(text)) return false;
  const prose = withoutCodeSpans(withFencedCodeEmptied(text).text);
  return MAY_READ.test(prose);
}

/**
 * Pages longer than this are not read for names: the parse that gives the expressions' trees runs on the check's
 * thread (mdx-syntax's runs in workers, under a budget), and took up to 0.34 s on a 62 kB corpus page, loaded
 * machine. The corpus's largest page with an expression in prose is 149 kB.
 */
export const MAX_NAMES_PARSE = 160_000;

/**
 * Nor pages of more lines than this: the parse is super-linear on shapes mdxParseSkipped does not know (100 pages of
 * 16,000 setext headings, 64 kB each, kept a check running past 5 minutes, mdx-budget.test.ts; mdx-syntax's parse of
 * them is ended by the MDX budget). The corpus's findings are on pages of at most 800 lines.
 */
export const MAX_NAMES_LINES = 3_000;

export function checkUndefinedNames(page: () => SourceFile, text: string): Diagnostic[] {
  if (text.length > MAX_NAMES_PARSE || !mayReadNames(text) || mdxParseSkipped(text) || lineCountOver(text, MAX_NAMES_LINES)) return [];
  const components = builtInNames();
  const free = freeIdentifiers(text, (name) => platformGives(name, components));
  if (!free?.length) return [];
  const file = page();
  return free.slice(0, MAX_FINDINGS_PER_FILE).map((reference) => {
    const offset = file.lines.offsetAt({ line: reference.line - 1, character: reference.column });
    return diagnostic(
      'undefined-identifier',
      { file, offset, length: reference.name.length },
      `\`${reference.name}\` is not defined: the page neither imports, exports nor defines it, and the platform does not give it, so rendering the page throws a ReferenceError. Define it (\`export const\`), import it from a snippet, or, if the braces are text, escape them (\`\\{\`) or put them in code.`,
    );
  });
}

export function checkIgnoredChildren(page: () => SourceFile, text: string, components: PageComponents): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const tag of components.tags) {
    if (tag.selfClosing || !IGNORES_CHILDREN.includes(tag.name)) continue;
    const dot = tag.name.indexOf('.');
    if (components.local.size && components.local.has(dot < 0 ? tag.name : tag.name.slice(0, dot))) continue;
    if (!hasBody(text, tag.name, tag.end)) continue;
    found.push(diagnostic('ignored-children', { file: page(), offset: tag.start, length: tag.name.length }, `<${tag.name}> does not render its children: what it wraps is left out of the page. Put it after the tag, or close the tag (\`<${tag.name} … />\`).`));
  }
  return found;
}

/** Whether a tag has content before its closing tag (read only up to the first non-blank character). */
function hasBody(text: string, name: string, end: number): boolean {
  let i = end;
  while (i < text.length && /\s/.test(text[i])) i++;
  return i < text.length && !text.startsWith(`</${name}`, i);
}

export const rule: RuleModule = {
  folder: 'render-references',
  codes: { 'undefined-identifier': 'warning', 'ignored-children': 'warning' },
  page: {
    collects: ['components'],
    check(page: PageInput) {
      if (!page.relative.endsWith('.mdx')) return;
      // A page that does not parse is mdx-syntax's; a snippet sees the names of the pages that import it.
      if (page.site.mdxError(page.relative, page.text) || /(?:^|\/)snippets\//.test(page.relative)) return;
      for (const found of checkUndefinedNames(page.file, page.text)) page.found.push(found);
      if (page.components) for (const found of checkIgnoredChildren(page.file, page.text, page.components)) page.found.push(found);
    },
  },
};

/** Whether the text has more than `max` lines (counted up to max + 1). */
function lineCountOver(text: string, max: number): boolean {
  let at = -1;
  for (let lines = 0; lines <= max; lines++) {
    at = text.indexOf('\n', at + 1);
    if (at < 0) return false;
  }
  return true;
}

/** The text without its code spans (a run of backticks to the next run as long), in one pass (no backtracking regex). */
function withoutCodeSpans(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('`', at);
    if (open < 0) return out + text.slice(at);
    let end = open;
    while (text[end] === '`') end++;
    const close = text.indexOf('`'.repeat(end - open), end);
    if (close < 0) return out + text.slice(at);
    out += text.slice(at, open);
    at = close + (end - open);
  }
}
