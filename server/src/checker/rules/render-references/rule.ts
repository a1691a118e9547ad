// Issue 49, "will it render": what compiles but breaks the page for a reader. An expression or JSX attribute value
// reading a name the page neither imports, exports, defines nor gets from the platform: a ReferenceError when the page
// renders. A built-in component given children it never renders (@mintlify/components' renderer drops them).
import { diagnostic, Diagnostic, MAX_FINDINGS_PER_FILE } from '../../diagnostics';
import { SourceFile } from '../../json/json-tree';
import { builtInNames } from '../../pages/built-in-components';
import { PageComponents } from '../../pages/component-tags';
import { FreeName } from '../../pages/free-names';
import { PageInput } from '../page-rule';
import { RuleModule } from '../rule-module';
import { platformGives } from './platform-scope';

/**
 * Built-in components whose children are not rendered: each rendered with a child by @mintlify/components 1.0.19
 * (react-dom/server), which left the child out (test/pages/render-references.test.ts renders them again). Components
 * the platform wraps itself (`open` in the component table) are not listed: their renderer is not the package's.
 */
export const IGNORES_CHILDREN = ['Icon', 'Tree.File', 'Color.Item'];

/**
 * The findings of a page's free names (from its MDX verdict: the worker's parse gives them) that the platform does not
 * give. A name kept from an earlier text (the parse of this one is deferred) is reported only where the text still
 * reads it.
 */
export function checkUndefinedNames(page: () => SourceFile, text: string, names: readonly FreeName[]): Diagnostic[] {
  if (!names.length) return [];
  const components = builtInNames();
  const found: Diagnostic[] = [];
  let file: SourceFile | undefined;
  for (const reference of names) {
    if (found.length >= MAX_FINDINGS_PER_FILE) break;
    if (platformGives(reference.name, components)) continue;
    file ??= page();
    const offset = file.lines.offsetAt({ line: reference.line - 1, character: reference.column });
    if (text.slice(offset, offset + reference.name.length) !== reference.name || /[\p{ID_Continue}$]/u.test(text[offset + reference.name.length] ?? '')) continue;
    found.push(
      diagnostic(
        'undefined-identifier',
        { file, offset, length: reference.name.length },
        `\`${reference.name}\` is not defined: the page neither imports, exports nor defines it, and the platform does not give it, so rendering the page throws a ReferenceError. Define it (\`export const\`), import it from a snippet, or, if the braces are text, escape them (\`\\{\`) or put them in code.`,
      ),
    );
  }
  return found;
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
      const verdict = page.site.mdxVerdict(page.relative, page.text);
      if (verdict.error || /(?:^|\/)snippets\//.test(page.relative)) return;
      for (const found of checkUndefinedNames(page.file, page.text, verdict.names ?? [])) page.found.push(found);
      if (page.components) for (const found of checkIgnoredChildren(page.file, page.text, page.components)) page.found.push(found);
    },
  },
};
