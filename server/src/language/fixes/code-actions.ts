import { CodeAction, CodeActionKind, Diagnostic as LspDiagnostic, TextEdit } from 'vscode-languageserver-types';
import {
  CHILD_KEYS,
  Diagnostic,
  docsRelativePath,
  JObject,
  JProperty,
  JValue,
  KIND_TITLE,
  nodePathAt,
  SourceFile,
  suggestPage,
} from '../../checker';
import { plainText } from '../findings/diagnostics';
import { CheckedContext, elementOnPath } from '../base/docs-context';
import { createPageFile } from '../pages/new-page-file';
import { appendProperty, FileEdit, removeProperty, replaceNode, toChanges } from '../base/json-edits';
import { rangeIn } from '../base/ranges';
import { propertySchema, schemaAtPath, validValueOf } from '../docs-json/schema-lookup';
import { translationMissingFixes } from './translation-actions';
import { acceptLanguageCode, mergeLegacyKey, removeDuplicateRedirect, replaceWithSuggestion, rewriteLegacyKey } from './settings-actions';
import { ruleFixes } from '../../checker/rules/rule-fixes';
import { FixEdit } from '../../checker/rules/rule-module';
import { isSyntaxError } from '../../checker/model/syntax-diagnostics';
import { redirectsOf, RedirectTable } from '../../checker/links/redirects';

export interface CodeActionOptions {
  /** The client can create files through a workspace edit. */
  createFiles: boolean;
  /** The commands of client-commands.ts the client runs. */
  commands: readonly string[];
  /** The published form of a checker diagnostic, to attach to its fixes (undefined when it is hidden). */
  published(d: Diagnostic): LspDiagnostic | undefined;
  /** The `#anchors` the site's page links ask of a missing page, for the page a fix creates (see new-page-file.ts). */
  anchorsLinkedTo?(page: string): string[];
}

/** Quick fixes for the checker's diagnostics in `file` that touch [start, end]. */
export function codeActions(ctx: CheckedContext, file: SourceFile, start: number, end: number, options: CodeActionOptions): CodeAction[] {
  const actions: CodeAction[] = [];
  const safe = editsBeforeSyntaxErrors(ctx);
  for (const d of ctx.diagnostics) {
    if (d.file.path !== file.path || d.offset > end || d.offset + d.length < start) continue;
    const published = options.published(d);
    if (!published) continue;
    for (const fix of fixesFor(ctx, d, options)) {
      if (!isSyntaxError(d) && !safe(fix)) continue;
      actions.push({ ...fix, title: plainText(fix.title), kind: CodeActionKind.QuickFix, diagnostics: [published] });
    }
  }
  return actions;
}

/**
 * Whether a fix's edits all end before the first syntax error of the JSON file they change. From that error on, the
 * parser's tree is a guess: a fix there (an unterminated string replaced, a key added to an object cut short) traded
 * one syntax error for others on 13 of 40 seeded faults.
 */
function editsBeforeSyntaxErrors(ctx: CheckedContext): (fix: Fix) => boolean {
  const firstError = new Map<string, number>();
  for (const d of ctx.diagnostics) {
    if (!isSyntaxError(d)) continue;
    const uri = ctx.uriOf(d.file.path);
    firstError.set(uri, Math.min(firstError.get(uri) ?? Infinity, d.offset));
  }
  if (!firstError.size) return () => true;
  const sources = new Map(ctx.model.sources.map((source) => [ctx.uriOf(source.path), source]));
  return (fix) =>
    Object.entries(fix.edit?.changes ?? {}).every(([uri, edits]) => {
      const limit = firstError.get(uri);
      const source = sources.get(uri);
      return limit === undefined || (source !== undefined && edits.every((e) => source.lines.offsetAt(e.range.end) < limit));
    });
}

type Fix = Pick<CodeAction, 'title' | 'edit' | 'isPreferred' | 'command'>;

/** Longer paths are not file names a system accepts: no file is offered for them. */
const MAX_NEW_PAGE_PATH = 1024;

type MakeFix = (title: string, edits: FileEdit[], isPreferred?: boolean) => Fix[];

function fixesFor(ctx: CheckedContext, d: Diagnostic, options: CodeActionOptions): Fix[] {
  // The fixes of the rule's own folder (plain offset edits), where it has them.
  const own = ruleFixes(d, { model: ctx.model, diagnostics: ctx.diagnostics, files: ctx.workspace.files, pageIds: ctx.catalog.pageIds });
  if (own) return own.map((fix) => ({ title: fix.title, isPreferred: fix.preferred ?? false, edit: { changes: toChanges(fix.edits.map(fileEdit), ctx.uriOf) } }));
  const node = nodeUnder(ctx, d);
  const edit: MakeFix = (title, edits, isPreferred = false) =>
    edits.length ? [{ title, isPreferred, edit: { changes: toChanges(edits, ctx.uriOf) } }] : [];
  switch (d.code) {
    case 'missing-page': {
      const page = d.data?.page;
      if (page === undefined || node?.type !== 'string') return [];
      const given = d.data?.suggestion;
      const listed = pagesBeside(ctx, node);
      let suggestion = given !== undefined ? { page: given, close: true } : page ? suggestPage(ctx.workspace.files, ctx.catalog.pageIds, page) : undefined;
      // A page its section lists already would be listed twice (a duplicate-page): the nearest other page, or none.
      if (suggestion && listed.has(suggestion.page)) {
        suggestion = page ? suggestPage(ctx.workspace.files, ctx.catalog.pageIds.filter((id) => !listed.has(id)), page) : undefined;
        if (suggestion && listed.has(suggestion.page)) suggestion = undefined;
      }
      const replace = (preferred: boolean) =>
        suggestion ? edit(`Replace with '${suggestion.page}'`, [replaceNode(node, JSON.stringify(suggestion.page))], preferred) : [];
      // A file `.mintignore` leaves out is no page: creating it (or writing into the one there) fixes nothing; nor does
      // one at a URL the site redirects (polar's `merchant-of-record/acceptable-use`): page and redirect would claim it.
      const redirected = page ? new RedirectTable(redirectsOf(ctx.model.root)).destinationOf(page) !== undefined : false;
      const create = page && page.length <= MAX_NEW_PAGE_PATH && options.createFiles && !redirected && !ctx.workspace.ignore.ignores(`${page}.mdx`) ? [createPage(ctx, page, options)] : [];
      // A far match (a whole path segment replaced: C# for C++) comes after creating the page the entry names.
      return suggestion?.close ? [...replace(true), ...create] : [...create.map((fix) => ({ ...fix, isPreferred: true })), ...replace(false)];
    }
    case 'missing-key': {
      const key = d.data?.key;
      const path = nodePathAt(ctx.model.root, d.file.path, d.offset + 1);
      const object = path[path.length - 1]?.node;
      if (!key || object?.type !== 'object') return [];
      const element = ctx.model.byNode.get(object);
      const what = element ? `the ${KIND_TITLE[element.kind]}` : 'the object';
      const value = defaultValue(key, propertySchema(schemaAtPath(path), key));
      return value === undefined ? [] : edit(`Add \`${key}\` to ${what}`, appendProperty(ctx.model.root, object, key, value));
    }
    case 'unknown-key':
    case 'legacy-key':
    case 'ignored-key': {
      const key = d.data?.key;
      const path = nodePathAt(ctx.model.root, d.file.path, d.offset + 1);
      const object = path[path.length - 1]?.node;
      const property = object?.type === 'object' ? object.props.find((p) => p.key === key && p.keyOffset === d.offset) : undefined;
      if (object?.type !== 'object' || !property) return [];
      const remove = edit(`Remove \`${key}\``, property.file === object.file ? removeProperty(ctx.model.root, object, property.key) : []);
      // A misspelt key (`expand` for `expanded`): renamed, its value kept.
      const suggestion = d.data?.suggestion;
      const rename = suggestion && !object.props.some((p) => p.key === suggestion) ? edit(`Rename to \`${suggestion}\``, [{ file: property.file, edit: TextEdit.replace(rangeIn(property.file, property.keyOffset, property.keyLength), JSON.stringify(suggestion)) }], true) : [];
      return [...rename, ...rewriteLegacyKey(ctx.model.root, d, edit), ...mergeLegacyKey(ctx.model.root, d, edit), ...remove];
    }
    case 'platform-language-code': {
      // The site works with its code: accepting it comes first; changing it (its URLs with it) is never preferred.
      const accept = acceptLanguageCode(d, ctx.uriOf(ctx.workspace.root), options.commands).map((fix) => ({ ...fix, isPreferred: true }));
      const replace = replaceWithSuggestion(d, node, edit, ", the specification's code").map((fix) => ({ ...fix, isPreferred: false }));
      return [...accept, ...replace];
    }
    case 'duplicate-redirect':
      return removeDuplicateRedirect(ctx.model.root, d, edit);
    case 'mixed-children':
      return mixedChildrenFixes(ctx, d);
    case 'translation-missing':
      return translationMissingFixes(ctx, d, options.createFiles);
    default:
      return [];
  }
}

/** A rule's plain edit as a text edit of its file. */
function fileEdit(edit: FixEdit): FileEdit {
  return { file: edit.file, edit: TextEdit.replace(rangeIn(edit.file, edit.offset, edit.length), edit.text) };
}

/** The node a diagnostic covers (a string, a value), found through its middle. */
function nodeUnder(ctx: CheckedContext, d: Diagnostic): JValue | undefined {
  const path = nodePathAt(ctx.model.root, d.file.path, d.offset + Math.floor(d.length / 2));
  const node = path[path.length - 1]?.node;
  return node && node.offset === d.offset && node.length === d.length ? node : undefined;
}

/** The value a missing key is added with (undefined: none that would not be a finding itself, as `colors.primary`). */
function defaultValue(key: string, schema: ReturnType<typeof propertySchema>): unknown {
  if (key === 'href') return 'https://';
  // The navigation needs a primary pattern (root-pattern), which the schema does not say.
  return key === 'navigation' ? { pages: [] } : validValueOf(schema);
}

/** The pages (as docs paths) listed in the section of the page entry `node`, but for `node` itself. */
function pagesBeside(ctx: CheckedContext, node: JValue | undefined): Set<string> {
  const element = node && ctx.model.byNode.get(node);
  const listed = new Set<string>();
  if (!element) return listed;
  for (const other of ctx.model.elements) {
    if (other !== element && other.kind === 'page' && other.section === element.section && other.node.type === 'string') {
      const id = docsRelativePath(other.node.plain);
      if (id !== undefined) listed.add(id);
    }
  }
  return listed;
}

function createPage(ctx: CheckedContext, page: string, options: CodeActionOptions): Fix {
  return createPageFile(ctx.uriOf, ctx.workspace.root, page, options.anchorsLinkedTo?.(page));
}

/**
 * An element with two child types on one level: split it into copies that each hold one type (the other
 * keys copied to each), and, for `pages` beside `groups`, move the groups into `pages` (which may hold groups).
 */
function mixedChildrenFixes(ctx: CheckedContext, d: Diagnostic): Fix[] {
  const element = elementOnPath(ctx.model, nodePathAt(ctx.model.root, d.file.path, d.offset + 1));
  const object = element?.node;
  if (!element || object?.type !== 'object' || !element.parent) return [];
  const file = object.file;
  const props = object.props.filter((p) => p.file === file && p.value.file === file).sort((a, b) => a.keyOffset - b.keyOffset);
  if (props.length !== object.props.length) return [];
  const childProps = props.filter((p) => CHILD_KEYS.includes(p.key) && p.value.type === 'array');
  if (childProps.length < 2) return [];
  const layout = objectLayout(file, object, props);
  const slice = (p: JProperty) => file.text.slice(p.keyOffset, p.value.offset + p.value.length);
  const others = props.filter((p) => !childProps.includes(p));
  const fixes: Fix[] = [];
  const copies = childProps.map((child) => layout.object(props.filter((p) => others.includes(p) || p === child).map(slice)));
  const title = `Split the ${KIND_TITLE[element.kind]} into ${copies.length}, one for each of ${childProps.map((p) => `\`${p.key}\``).join(', ')}`;
  fixes.push({ title, edit: { changes: toChanges([replaceNode(object, copies.join(layout.multiline ? `,\n${layout.outer}` : ', '))], ctx.uriOf) } });

  const keys = childProps.map((p) => p.key).sort();
  if (keys.length === 2 && keys[0] === 'groups' && keys[1] === 'pages') {
    const items = childProps.flatMap((p) => (p.value.type === 'array' ? p.value.items : []));
    if (items.every((item) => item.file === file)) {
      const itemIndent = `${layout.inner}  `;
      const list = items.map((item) => file.text.slice(item.offset, item.offset + item.length));
      const pages = layout.multiline ? `[\n${itemIndent}${list.join(`,\n${itemIndent}`)}\n${layout.inner}]` : `[${list.join(', ')}]`;
      const kept = props.filter((p) => p === childProps[0] || others.includes(p)).map((p) => (p === childProps[0] ? `"pages": ${pages}` : slice(p)));
      fixes.push({
        title: 'Move the groups into `pages` (a `pages` list may hold groups)',
        isPreferred: true,
        edit: { changes: toChanges([replaceNode(object, layout.object(kept))], ctx.uriOf) },
      });
    }
  }
  return fixes;
}

/** How an object is laid out, to write new objects the same way. */
function objectLayout(file: SourceFile, object: JObject, props: JProperty[]) {
  const text = file.text;
  const indentAt = (offset: number) => /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset))![0];
  const multiline = text.slice(object.offset, object.offset + object.length).includes('\n');
  const outer = indentAt(object.offset);
  const inner = props.length ? indentAt(props[0].keyOffset) : `${outer}  `;
  return {
    multiline,
    outer,
    inner,
    object: (parts: string[]) => (multiline ? `{\n${inner}${parts.join(`,\n${inner}`)}\n${outer}}` : `{ ${parts.join(', ')} }`),
  };
}
