// Editing help for built-in components in `.mdx` pages (issue 36): completion of component names after `<`, of
// props inside a tag and of enum values inside quotes; hover with a prop's type and meaning; the nearest name or
// value as quick fix. Off with the component rules (`docsJson.components`).
import { CompletionItem, CompletionItemKind, CompletionList, Hover, InsertTextFormat, Position, Range, TextEdit } from 'vscode-languageserver-types';
import { LineMap } from '../../checker';
import { ComponentSpec, PropSpec } from '../../checker/pages/component-spec';
import { builtInNames, componentTable } from '../../checker/pages/built-in-components';
import { scanComponentTags } from '../../checker/pages/component-tags';
import { builtInComponent, writerProps } from '../../checker/rules/components/rule';
import { DocsProject } from '../../project/docs-project';

/** How far back from the cursor an open tag is looked for (a tag's props rarely span more). */
const MAX_TAG_LOOKBACK = 4_000;

interface Page {
  text: string;
  lines: LineMap;
}

function mdxPage(project: DocsProject, file: string): Page | undefined {
  if (project.settings.components === 'off' || !file.endsWith('.mdx')) return undefined;
  const relative = project.relative(file);
  const text = relative === undefined ? undefined : project.workspace.read(relative);
  return text === undefined ? undefined : { text, lines: new LineMap(text) };
}

/** The tag open before `offset` (its `<` and name), or undefined when the cursor is outside one. */
function openTagBefore(text: string, offset: number): { start: number; name: string } | undefined {
  const from = Math.max(0, offset - MAX_TAG_LOOKBACK);
  for (let i = offset - 1; i >= from; i--) {
    const c = text.charCodeAt(i);
    if (c === 62 /* > */ && text.charCodeAt(i - 1) !== 61 /* => */) return undefined;
    if (c === 60 /* < */) {
      const name = /^<([A-Z][\w.]*)/.exec(text.slice(i, i + 100))?.[1];
      return name ? { start: i, name } : undefined;
    }
  }
  return undefined;
}

/** Where the run of name characters (letters, digits, `_`, `-`) that ends at `end` starts. */
function wordStart(text: string, end: number): number {
  let i = end;
  while (i > 0 && /[\w-]/.test(text[i - 1])) i--;
  return i;
}

/** A prop with its value's quotes: as a snippet the caret lands inside them (`icon="|"`). */
function propInsert(name: string, snippets: boolean): Pick<CompletionItem, 'insertText' | 'insertTextFormat'> {
  return snippets ? { insertText: `${name}="$1"`, insertTextFormat: InsertTextFormat.Snippet } : { insertText: `${name}=""` };
}

/**
 * A component after `<`, as a snippet: its required props (the caret in the first one's quotes) and its closing
 * tag, the caret between the tags after the props.
 */
function componentSnippet(name: string, spec: ComponentSpec | undefined): string {
  const required = spec ? writerProps(spec).filter((prop) => spec.props[prop].required && spec.props[prop].type !== 'boolean') : [];
  const props = required.map((prop, index) => ` ${prop}="$${index + 1}"`).join('');
  // Without children (`<Icon icon="…" />`, `<Tree.File name="…" />`): closed on itself.
  if (spec && !spec.open && required.length && !('children' in spec.props)) return `${name}${props} />`;
  return `${name}${props}>$0</${name}>`;
}

function propItem(name: string, prop: PropSpec, index: number, snippets: boolean): CompletionItem {
  const snippetless = prop.type === 'boolean';
  return {
    label: name,
    kind: CompletionItemKind.Property,
    detail: prop.type,
    documentation: prop.doc,
    ...(snippetless ? { insertText: name } : propInsert(name, snippets)),
    sortText: `${prop.required ? 0 : 1}${String(index).padStart(3, '0')}`,
    ...(prop.deprecated ? { tags: [1] } : {}),
  };
}

/**
 * Completion in an `.mdx` page: component names after `<` (with their required props and closing tag as a snippet
 * where the client takes snippets), props inside a tag (the caret inside the value's quotes), enum values and icon
 * names (`icon="…"`, of the site's library) inside a prop's quotes.
 */
export function completeComponent(project: DocsProject, file: string, position: Position, snippets = false, icons?: (typed: string, range: Range) => CompletionList): CompletionList | null {
  const page = mdxPage(project, file);
  if (!page) return null;
  const { text } = page;
  const offset = page.lines.offsetAt(position);
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const naming = /<([A-Z][\w.]*)?$/.exec(before);
  if (naming) {
    const scanned = scanComponentTags(text);
    const table = componentTable();
    const names = [...builtInNames(), ...[...scanned.local].filter((name) => /^[A-Z]/.test(name))];
    // A tag written on after the caret (a name changed, props or `>` after it) takes the name alone.
    const lineEnd = text.indexOf('\n', offset);
    const writtenOn = /^[\w.]|^\s*\/?>|^[ \t]+[A-Za-z]/.test(text.slice(offset, lineEnd < 0 ? undefined : lineEnd));
    const whole = snippets && !writtenOn;
    const nameStart = page.lines.positionAt(offset - (naming[1]?.length ?? 0));
    const items = names.map(
      (name): CompletionItem => ({
        label: name,
        kind: CompletionItemKind.Class,
        ...(whole ? { insertTextFormat: InsertTextFormat.Snippet, textEdit: TextEdit.replace({ start: nameStart, end: position }, componentSnippet(name, table[name])) } : {}),
        detail: table[name]?.deprecated ? `deprecated: use <${table[name].deprecated}>` : scanned.local.has(name) ? 'this page' : 'built-in component',
        ...(table[name]?.deprecated ? { tags: [1], sortText: `1${name}` } : { sortText: `0${name}` }),
      }),
    );
    return { isIncomplete: false, items };
  }
  const tag = openTagBefore(text, offset);
  if (!tag) return null;
  const spec = builtInComponent(tag.name);
  const inTag = text.slice(tag.start, offset);
  const quote = Math.max(inTag.lastIndexOf('"'), inTag.lastIndexOf("'"));
  // Inside a value's quotes: an odd count of that quote, the last one right after `name=`.
  if (quote > 0 && inTag[quote - 1] === '=' && inTag.split(inTag[quote]).length % 2 === 0) {
    const prop = inTag.slice(wordStart(inTag, quote - 1), quote - 1);
    const values = spec?.props[prop]?.values;
    const start = page.lines.positionAt(tag.start + quote + 1);
    // `icon`, `leadIcon`, `tailIcon`: the names of the site's icon library, as in front matter.
    if (icons && /^icon$|Icon$/.test(prop) && !values) return icons(inTag.slice(quote + 1), { start, end: position });
    if (!values || prop.startsWith('icon')) return null;
    return { isIncomplete: false, items: values.map((value, index) => ({ label: value, kind: CompletionItemKind.EnumMember, sortText: String(index).padStart(3, '0'), textEdit: TextEdit.replace({ start, end: position }, value) })) };
  }
  const typingStart = wordStart(inTag, inTag.length);
  if (typingStart === 0 || !/\s/.test(inTag[typingStart - 1])) return null;
  const scanned = scanComponentTags(text);
  // The props written in the tag, before and after the cursor (not the one being typed).
  const typing = inTag.slice(typingStart);
  const written = new Set(scanned.tags.find((t) => t.start === tag.start + 1)?.attributes.map((a) => a.name).filter((name) => name !== typing));
  if (spec) return { isIncomplete: false, items: writerProps(spec).filter((name) => !written.has(name)).map((name, index) => propItem(name, spec.props[name], index, snippets)) };
  const own = scanned.localProps.get(tag.name);
  return own ? { isIncomplete: false, items: own.filter((name) => !written.has(name)).map((name): CompletionItem => ({ label: name, kind: CompletionItemKind.Property, detail: `prop of ${tag.name}`, ...propInsert(name, snippets) })) } : null;
}

function componentDoc(name: string, spec: ComponentSpec): string {
  const props = writerProps(spec).map((prop) => `\`${prop}\`${spec.props[prop].required ? ' (required)' : ''}`);
  const deprecated = spec.deprecated ? `\n\nDeprecated: use \`<${spec.deprecated}>\`.` : '';
  return `**<${name}>** built-in component${deprecated}${props.length ? `\n\nProps: ${props.join(', ')}` : ''}${spec.open ? '\n\nOther props are accepted too.' : ''}`;
}

function propDoc(tag: string, name: string, prop: PropSpec): string {
  const values = prop.values ? `\n\nOne of: ${prop.values.map((v) => `\`"${v}"\``).join(', ')}` : '';
  const deprecated = prop.deprecated ? `\n\nDeprecated: ${prop.deprecated}` : '';
  return `**${name}** of \`<${tag}>\`${prop.required ? ' (required)' : ''}: \`${prop.type}\`${prop.doc ? `\n\n${prop.doc}` : ''}${values}${deprecated}`;
}

/** Hover on a built-in component's name or one of its props. */
export function hoverComponent(project: DocsProject, file: string, position: Position): Hover | null {
  const page = mdxPage(project, file);
  if (!page) return null;
  const offset = page.lines.offsetAt(position);
  const tag = scanComponentTags(page.text).tags.find((t) => t.start <= offset && offset < t.end);
  const spec = tag && builtInComponent(tag.name);
  if (!tag || !spec) return null;
  const range = (start: number, length: number) => ({ start: page.lines.positionAt(start), end: page.lines.positionAt(start + length) });
  if (offset <= tag.start + tag.name.length) return { contents: { kind: 'markdown', value: componentDoc(tag.name, spec) }, range: range(tag.start, tag.name.length) };
  const attribute = tag.attributes.find((a) => a.start <= offset && offset <= a.start + a.name.length);
  const prop = attribute && Object.prototype.hasOwnProperty.call(spec.props, attribute.name) ? spec.props[attribute.name] : undefined;
  return attribute && prop ? { contents: { kind: 'markdown', value: propDoc(tag.name, attribute.name, prop) }, range: range(attribute.start, attribute.name.length) } : null;
}
