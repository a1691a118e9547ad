// Completion in a page's front matter (issue 38): its documented keys at the start of a line, and the values of
// `mode`, `iconType`, `icon` (the site's icon library) and the booleans after `key:`. `openapi:` values are
// page-openapi.ts's.
import { CompletionItem, CompletionItemKind, CompletionList, Position, Range } from 'vscode-languageserver-types';
import { LineMap, pageIdOf, propertyOf } from '../../checker';
import { FRONT_MATTER_KEYS, ICON_TYPES, PAGE_MODES } from '../../checker/rules/front-matter/rule';
import { frontMatterBlock } from '../../checker/text/front-matter-block';
import { DocsProject } from '../../project/docs-project';
import { siteIconLibrary } from '../../checker/icons/icon-verdict';
import { NameLists } from '../../checker/icons/name-lists';

/** Most icon names listed at once; the list is asked for again as the writer types. */
const MAX_ICON_ITEMS = 200;

export function completeFrontMatter(project: DocsProject, file: string, position: Position, names: NameLists): CompletionList | null {
  const relative = project.relative(file);
  const text = relative === undefined || pageIdOf(relative) === undefined ? undefined : project.workspace.read(relative);
  const block = text === undefined ? undefined : (frontMatterBlock(text) ?? openedFrontMatter(text));
  if (!text || !block) return null;
  const lines = new LineMap(text);
  const offset = lines.offsetAt(position);
  if (offset < block.start || offset > block.end) return null;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = /^[^\r\n]*/.exec(text.slice(offset))![0].length + offset;
  const before = text.slice(lineStart, offset);
  const range = (start: number, end: number): Range => ({ start: lines.positionAt(start), end: lines.positionAt(end) });

  if (/^[A-Za-z]*$/.test(before)) {
    // Read line by line: the YAML parser gives up on the line being typed (`mo`), and with it on every key.
    const written = new Set([...text.slice(block.start, block.end).matchAll(/^([A-Za-z]+)[ \t]*:/gm)].map((m) => m[1]));
    const wordEnd = offset + /^[A-Za-z]*/.exec(text.slice(offset))![0].length;
    const keyOnly = text[wordEnd] === ':';
    const items = Object.keys(FRONT_MATTER_KEYS)
      .filter((key) => !written.has(key) || text.slice(lineStart, wordEnd) === key)
      .map((key): CompletionItem => ({ label: key, kind: CompletionItemKind.Property, textEdit: { range: range(lineStart, wordEnd), newText: keyOnly ? key : `${key}: ` } }));
    return { isIncomplete: false, items };
  }

  const entry = /^([A-Za-z]+):([ \t]*)(["']?)(\S[^"'\r\n]*)?$/.exec(before);
  if (!entry) return null;
  const [, key, space, quote, typed = ''] = entry;
  const valueStart = lineStart + key.length + 1 + space.length + quote.length;
  const after = text.slice(offset, lineEnd);
  const valueEnd = offset + (quote && after.includes(quote) ? after.indexOf(quote) : after.trimEnd().length);
  const lead = space ? '' : ' ';
  const values = (list: readonly string[], kind: CompletionItemKind, detail: string): CompletionList => ({
    isIncomplete: false,
    items: list.map((value) => ({ label: value, kind, detail, filterText: value, textEdit: { range: range(valueStart, valueEnd), newText: `${lead}${value}` } })),
  });
  if (key === 'mode') return values(PAGE_MODES, CompletionItemKind.EnumMember, 'page layout');
  if (key === 'iconType') return values(ICON_TYPES, CompletionItemKind.EnumMember, 'Font Awesome style');
  if (key === 'hidden' || key === 'noindex') return quote ? null : values(['true', 'false'], CompletionItemKind.Value, key);
  if (key !== 'icon') return null;
  return iconNameItems(project, names, typed, range(valueStart, valueEnd), lead);
}

/**
 * The names of the site's icon library that hold `typed` (those starting with it first), at most MAX_ICON_ITEMS
 * (the list is asked for again as the writer types), each replacing `range`: in front matter and in `icon="…"`.
 */
export function iconNameItems(project: DocsProject, names: NameLists, typed: string, range: Range, lead = ''): CompletionList {
  const library = siteIconLibrary(project.model().root);
  const needle = typed.toLowerCase();
  const matched = names.names(library).filter((name) => name.toLowerCase().includes(needle));
  matched.sort((a, b) => Number(!a.toLowerCase().startsWith(needle)) - Number(!b.toLowerCase().startsWith(needle)));
  const detail = `${library} icon`;
  const items = matched.slice(0, MAX_ICON_ITEMS).map((value): CompletionItem => ({ label: value, kind: CompletionItemKind.Value, detail, filterText: value, textEdit: { range, newText: `${lead}${value}` } }));
  return { isIncomplete: matched.length > MAX_ICON_ITEMS, items };
}

/**
 * Front matter opened by a `---` line and not closed yet (a new page, as the writer types it): its lines up to the
 * first that is not a `key: value` line nor a key being typed. Its keys are offered before the closing `---`.
 */
function openedFrontMatter(text: string): { start: number; end: number } | undefined {
  const opening = /^\uFEFF?---[ \t]*\r?\n/.exec(text);
  if (!opening) return undefined;
  const start = opening[0].length;
  let end = start;
  for (const line of text.slice(start).split('\n')) {
    // Up to the end of the last such line: not at the start of the page's first line of content.
    if (!/^([A-Za-z]+[ \t]*:.*|[A-Za-z]*)\r?$/.test(line)) return { start, end: end - 1 };
    end += line.length + 1;
  }
  return { start, end: text.length };
}
