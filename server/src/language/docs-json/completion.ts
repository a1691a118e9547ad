import {
  CompletionItemKind,
  CompletionList,
  InsertTextFormat,
  MarkupContent,
  MarkupKind,
  Position,
  Range,
  TextEdit,
} from 'vscode-languageserver-types';
import {
  CHILD_KEYS,
  CursorContext,
  cursorContext,
  CursorToken,
  fileSettingAt,
  FileSetting,
  fileSettingValues,
  isLinkSetting,
  JObject,
  keysOf,
  propertyOf,
  safeLanguageCodes,
  LoadedSpec,
  localSpecPath,
  NavElement,
  ROOT_PATTERNS,
  settingFilePath,
  SourceFile,
  SpecEndpoint,
  DocsWorkspace,
} from '../../checker';
import { resolveLink } from '../../checker/links/resolve-link';
import { TypedText } from '../../project/typed-text';
import { anchorItems } from '../pages/page-features';
import { DocsContext, elementOnPath } from '../base/docs-context';
import { rangeIn } from '../base/ranges';
import { entryFollows, keysWrittenIn } from './written-keys';
import { IconLibrary, NameLists } from '../../checker/icons/name-lists';
import { iconLibraryOf, LIBRARY_TITLE, siteIconLibrary } from '../../checker/icons/icon-verdict';
import { emptyValueOf, propertySchema, requiredKeys, schemaAtPath, SchemaNode, typesOf } from '../../checker/json/schema-lookup';

export interface CompletionOptions {
  /** The client accepts snippets (`$1` placeholders). */
  snippets: boolean;
  extraLanguageCodes?: string[];
  /** At most this many page items; the list is marked incomplete beyond it. */
  maxPages?: number;
  /** Icon names and font families. */
  names?: NameLists;
}

const DEFAULT_MAX_PAGES = 200;
/**
 * A spec with more operations lists those holding what is typed, this many at most, and the list is asked for
 * again on the next key: all 35k operations of a 20 MB spec took 0.9 s per answer over the protocol (10 MB of JSON).
 */
export const MAX_ENDPOINT_ITEMS = 1000;
const MAX_TYPED = 1024;

/** Completion at `offset` of `file` (docs.json or a `$ref` file of the model). */
export function completeAt(ctx: DocsContext, file: SourceFile, offset: number, options: CompletionOptions): CompletionList {
  return completeFor(ctx, file, offset, cursorContext(ctx.model.root, file.path, offset), options);
}

/**
 * Completion inside a string value while the user types, answered from the model before the edits: they left
 * its structure as it was, and only the strings' places and contents (read from the current text) differ.
 * Undefined when the cursor is not inside a string value.
 */
export function completeInTypedText(ctx: DocsContext, typed: TypedText, position: Position, options: CompletionOptions): CompletionList | undefined {
  const { file } = typed;
  const offset = file.lines.offsetAt(position);
  const string = typed.stringAt(offset);
  if (!string || offset <= string.offset || offset > string.offset + string.length - 1) return undefined;
  const cursor = cursorContext(ctx.model.root, string.node.file.path, string.node.offset + 1);
  if ((cursor.kind !== 'item' && cursor.kind !== 'value') || cursor.token?.offset !== string.node.offset) return undefined;
  const token: CursorToken = {
    offset: string.offset,
    length: string.length,
    value: file.text.slice(string.offset + 1, string.offset + string.length - 1),
    isString: true,
    terminated: true,
  };
  return completeFor(ctx, file, offset, { ...cursor, token }, options);
}

function completeFor(ctx: DocsContext, file: SourceFile, offset: number, cursor: CursorContext, options: CompletionOptions): CompletionList {
  const list: CompletionList = { isIncomplete: false, items: [] };
  switch (cursor.kind) {
    case 'item': {
      const holder = cursor.path[cursor.path.length - 1];
      const owner = cursor.path[cursor.path.length - 2]?.node;
      if (holder?.key === 'pages') {
        const element = owner ? ctx.model.byNode.get(owner) : undefined;
        const inherited = element ?? elementOnPath(ctx.model, cursor.path);
        addEndpoints(ctx, list, inherited, cursor, file, offset);
        addPages(ctx, list, cursor, file, offset, options);
      } else if (holder?.key === 'openapi') {
        addStrings(list, ctx.catalog.specFiles, CompletionItemKind.File, cursor, file, offset, 'OpenAPI spec');
      } else {
        const setting = fileSettingAt([...keysOf(cursor.path), 0]);
        if (setting) addFiles(ctx, list, setting, cursor, file, offset, options);
      }
      break;
    }
    case 'value':
      completeValue(ctx, list, cursor, file, offset, options);
      break;
    case 'key':
      completeKey(list, cursor, file, offset, options);
      break;
  }
  return list;
}

type Positioned = Exclude<CursorContext, { kind: 'none' }>;

/** The range a string completion replaces: a string's content, another token whole, or nothing at the cursor. */
function replacement(cursor: Positioned, file: SourceFile, offset: number, quoted: (text: string) => string) {
  const token = cursor.token;
  if (token?.isString) {
    const start = token.offset + 1;
    const end = token.offset + token.length - (token.terminated ? 1 : 0);
    return { range: rangeIn(file, start, end - start), text: (value: string) => escapeJson(value), typed: token.value.slice(0, offset - start) };
  }
  const range = token ? rangeIn(file, token.offset, token.length) : rangeIn(file, offset, 0);
  return { range, text: quoted, typed: token ? token.value.replace(/^"/, '').slice(0, offset - token.offset) : '' };
}

function commaEdit(cursor: Positioned, file: SourceFile): TextEdit[] | undefined {
  return cursor.commaBefore && cursor.valueEnd !== undefined ? [TextEdit.insert(file.lines.positionAt(cursor.valueEnd), ',')] : undefined;
}

/**
 * Page ids for a navigation entry (pages not in the navigation yet first), or, for a link (`asLink`), site paths
 * (`/id`, pages in the navigation first).
 */
function addPages(ctx: DocsContext, list: CompletionList, cursor: Positioned, file: SourceFile, offset: number, options: CompletionOptions, asLink = false): void {
  const { range, text, typed } = replacement(cursor, file, offset, (v) => JSON.stringify(v));
  // No page path is this long: a huge string is not matched against every page.
  if (typed.length > MAX_TYPED) return;
  if (asLink && typed.includes('#')) return addAnchors(ctx, list, cursor, file, offset, typed);
  const needle = typed.replace(/^\/+/, '').toLowerCase();
  const limit = options.maxPages ?? DEFAULT_MAX_PAGES;
  const additionalTextEdits = commaEdit(cursor, file);
  let index = 0;
  const { catalog } = ctx;
  const add = (id: string, reached: boolean): boolean => {
    if (index === limit) {
      list.isIncomplete = true;
      return false;
    }
    const label = asLink ? `/${id}` : id;
    list.items.push({
      label,
      kind: CompletionItemKind.File,
      detail: reached ? 'page' : 'page, not in the navigation yet',
      sortText: `${reached === asLink ? 1 : 2}${String(index++).padStart(7, '0')}`,
      filterText: filterTextOf(label, typed, cursor),
      textEdit: { range, newText: text(label) },
      additionalTextEdits,
    });
    return true;
  };
  const folder = folderIndexForm(ctx, typed);
  if (folder !== undefined) add(`${folder}/index`, ctx.reached.hasId(ctx.workspace.files.pageFileId(folder)));
  const { order, firstReached } = catalog.orderedIds(ctx.reached);
  const marks = needle ? catalog.matching(needle) : undefined;
  for (let k = 0; k < order.length; k++) {
    const i = asLink ? (k + firstReached) % order.length : k;
    if (marks && !marks[order[i]]) continue;
    if (!add(catalog.idAt(order[i]), i >= firstReached)) break;
  }
}

/** After `/page#` in a link of docs.json: the ids (headings) of that page, replacing what follows the `#`. */
function addAnchors(ctx: DocsContext, list: CompletionList, cursor: Positioned, file: SourceFile, offset: number, typed: string): void {
  const hash = typed.indexOf('#');
  const landed = resolveLink(typed.slice(0, hash), ctx.project.pageLinks.targets(ctx.model));
  if (typed.includes(':') || hash === 0 || landed.kind !== 'page') return;
  const token = cursor.token;
  const end = token?.isString ? token.offset + token.length - (token.terminated ? 1 : 0) : offset;
  const range = rangeIn(file, offset - (typed.length - hash - 1), end - (offset - (typed.length - hash - 1)));
  for (const item of anchorItems(ctx.project.pageLinks.idsOf(landed.file), range, escapeJson)) list.items.push(item);
}

/**
 * The files of a file setting's kind, as the site writes them: from the root (`/logo.svg`) when what is typed
 * starts so, or, with nothing typed, when another file setting of docs.json is written so.
 */
function addFiles(ctx: DocsContext, list: CompletionList, setting: FileSetting, cursor: Positioned, file: SourceFile, offset: number, options: CompletionOptions): void {
  const { range, text, typed } = replacement(cursor, file, offset, (v) => JSON.stringify(v));
  if (typed.length > MAX_TYPED) return;
  const fromRoot = typed ? typed.startsWith('/') : writesFromRoot(ctx);
  const needle = typed.replace(/^\/+/, '').toLowerCase();
  const limit = options.maxPages ?? DEFAULT_MAX_PAGES;
  const additionalTextEdits = commaEdit(cursor, file);
  for (const name of ctx.catalog.filesOfKind(setting.kind)) {
    if (needle && !isSubsequence(needle, name.toLowerCase())) continue;
    if (list.items.length === limit) {
      list.isIncomplete = true;
      break;
    }
    const label = fromRoot ? `/${name}` : name;
    list.items.push({
      label,
      kind: CompletionItemKind.File,
      detail: setting.what,
      sortText: String(list.items.length).padStart(7, '0'),
      filterText: filterTextOf(label, typed, cursor),
      textEdit: { range, newText: text(label) },
      additionalTextEdits,
    });
  }
}

function writesFromRoot(ctx: DocsContext): boolean {
  for (const { value } of fileSettingValues(ctx.model.root)) {
    if (value.type === 'string' && value.plain.startsWith('/') && settingFilePath(value.plain) !== undefined) return true;
  }
  return false;
}

/** What the editor matches what is typed against: a path from the root matches what is typed without its `/` too. */
function filterTextOf(label: string, typed: string, cursor: Positioned): string {
  const matched = label.startsWith('/') && typed && !typed.startsWith('/') ? label.slice(1) : label;
  return cursor.token?.isString ? matched : JSON.stringify(matched);
}

function isSubsequence(needle: string, text: string): boolean {
  let at = 0;
  for (let i = 0; i < text.length && at < needle.length; i++) if (text[i] === needle[at]) at++;
  return at === needle.length;
}

/**
 * A folder's page is `a/b/index.mdx`, and its id `a/b`; some sites write the entry `a/b/index`. When what is typed
 * ends in a beginning of `/index` (`a/b/ind`) after a folder that has an index page, that page is offered in the
 * form being typed, which matching the ids alone never finds.
 */
function folderIndexForm(ctx: DocsContext, typed: string): string | undefined {
  const folder = /^\/*([^/].*)\/i(?:n(?:d(?:e(?:x)?)?)?)?$/.exec(typed)?.[1];
  if (folder === undefined) return undefined;
  return /\/index\.mdx?$/.test(ctx.workspace.files.pageFile(folder) ?? '') ? folder : undefined;
}

function addEndpoints(
  ctx: DocsContext,
  list: CompletionList,
  element: NavElement | undefined,
  cursor: Positioned,
  file: SourceFile,
  offset: number,
): void {
  if (!element?.openapi.length) return;
  const { range, text, typed } = replacement(cursor, file, offset, (v) => JSON.stringify(v));
  const additionalTextEdits = commaEdit(cursor, file);
  let index = 0;
  const quoted = !cursor.token?.isString;
  const needle = typed.trim().toLowerCase();
  for (const source of element.openapi) {
    const relative = localSpecPath(source);
    const spec = relative === undefined ? undefined : ctx.workspace.spec(relative);
    if (spec && !spec.ok && spec.problem === 'loading') {
      // Said, not offered: the item leaves the text as it is, and the list is asked for again on the next key.
      list.isIncomplete = true;
      list.items.push({
        label: `Loading the endpoints of ${spec.file}…`,
        kind: CompletionItemKind.Text,
        sortText: '0',
        filterText: typed,
        textEdit: { range, newText: file.text.slice(file.lines.offsetAt(range.start), file.lines.offsetAt(range.end)) },
      });
      continue;
    }
    if (!spec?.ok) continue;
    for (const endpoint of endpointItemsFor(ctx.workspace, spec, needle)) {
      if (index === MAX_ENDPOINT_ITEMS) {
        list.isIncomplete = true;
        break;
      }
      list.items.push({
        label: endpoint.label,
        kind: CompletionItemKind.Method,
        detail: endpoint.detail,
        documentation: endpoint.documentation,
        sortText: `0${String(index++).padStart(7, '0')}`,
        filterText: quoted ? endpoint.quoted : endpoint.label,
        textEdit: { range, newText: quoted ? endpoint.quoted : text(endpoint.label) },
        additionalTextEdits,
      });
    }
  }
}

type Spec = Extract<LoadedSpec, { ok: true }>;

/** What an endpoint's completion item shows, whatever the cursor. */
export interface EndpointItem {
  label: string;
  quoted: string;
  detail: string;
  documentation: MarkupContent;
}

/**
 * A spec's endpoint items. Of a spec of up to MAX_ENDPOINT_ITEMS operations, all of them, made on the first request
 * and kept by the project's workspace with the parsed spec (a changed spec file is a new object). Of a larger one,
 * those whose key holds `needle`, made as they are listed (the first answer on a 20 MB spec made all 35k: 350 ms).
 */
export function* endpointItemsFor(workspace: DocsWorkspace, spec: Spec, needle: string): Iterable<EndpointItem> {
  if (spec.endpoints.size <= MAX_ENDPOINT_ITEMS) {
    // Not an `x-excluded` operation: the platform gives it no page, and its entry is unknown-endpoint.
    yield* workspace.derived(spec, 'endpoint-completion-items', (s: Spec) => [...s.endpoints.values()].filter((e) => !e.excluded).map((e) => endpointItem(s, e)));
    return;
  }
  const lowerKeys = workspace.derived(spec, 'endpoint-lower-keys', (s: Spec) => [...s.endpoints.keys()].map((k) => k.toLowerCase()));
  let i = 0;
  for (const endpoint of spec.endpoints.values()) if (lowerKeys[i++].includes(needle) && !endpoint.excluded) yield endpointItem(spec, endpoint);
}

function endpointItem(spec: Spec, endpoint: SpecEndpoint): EndpointItem {
  const docs = [endpoint.operationId && `operationId: \`${endpoint.operationId}\``, endpoint.description, `Spec: ${spec.file}`];
  return {
    label: endpoint.key,
    quoted: JSON.stringify(endpoint.key),
    detail: endpoint.summary ?? spec.file,
    documentation: { kind: MarkupKind.Markdown, value: docs.filter(Boolean).join('\n\n') },
  };
}

function addStrings(
  list: CompletionList,
  values: Iterable<string>,
  kind: CompletionItemKind,
  cursor: Positioned,
  file: SourceFile,
  offset: number,
  detail: string,
  /** A text per value, in order (shown beside the item). */
  meanings?: string[],
): void {
  const { range, text } = replacement(cursor, file, offset, (v) => JSON.stringify(v));
  let index = 0;
  for (const value of values) {
    const meaning = meanings?.[index];
    list.items.push({
      label: value,
      kind,
      detail,
      documentation: meaning ? { kind: MarkupKind.Markdown, value: meaning } : undefined,
      sortText: String(index++).padStart(7, '0'),
      filterText: cursor.token?.isString ? value : JSON.stringify(value),
      textEdit: { range, newText: text(value) },
    });
  }
}

function completeValue(
  ctx: DocsContext,
  list: CompletionList,
  cursor: Extract<CursorContext, { kind: 'value' }>,
  file: SourceFile,
  offset: number,
  options: CompletionOptions,
): void {
  const element = ctx.model.byNode.get(cursor.object);
  const keys = [...keysOf(cursor.path), cursor.key];
  const fileSetting = fileSettingAt(keys);
  const objectSchema = schemaAtPath(cursor.path);
  const schema = propertySchema(objectSchema, cursor.key);
  if (cursor.key === 'language' && element?.kind === 'language') {
    addStrings(list, safeLanguageCodes(options.extraLanguageCodes ?? []), CompletionItemKind.EnumMember, cursor, file, offset, 'language code');
  } else if (cursor.key === 'openapi' || (cursor.key === 'source' && cursor.path[cursor.path.length - 1]?.key === 'openapi')) {
    addStrings(list, ctx.catalog.specFiles, CompletionItemKind.File, cursor, file, offset, 'OpenAPI spec');
  } else if (cursor.key === 'root' && element?.kind === 'group') {
    addPages(ctx, list, cursor, file, offset, options);
  } else if (fileSetting) {
    addFiles(ctx, list, fileSetting, cursor, file, offset, options);
  } else if (isLinkSetting(keys)) {
    addPages(ctx, list, cursor, file, offset, options, true);
  } else if (isIconName(keys) && options.names) {
    const library = iconLibrary(ctx, cursor);
    addNames(list, options.names.names(library), cursor, file, offset, `${LIBRARY_TITLE[library]} icon`);
  } else if (keys[keys.length - 1] === 'family' && keys.includes('fonts') && options.names) {
    addNames(list, options.names.names('fonts'), cursor, file, offset, 'Google Fonts family');
  } else if (schema?.enum) {
    addStrings(list, schema.enum.map(String), CompletionItemKind.EnumMember, cursor, file, offset, schema.description ?? '', schema.enumDescriptions);
  } else if (typesOf(schema).includes('boolean')) {
    const token = cursor.token;
    const range = token ? rangeIn(file, token.offset, token.length) : rangeIn(file, offset, 0);
    for (const value of ['true', 'false']) {
      list.items.push({ label: value, kind: CompletionItemKind.Value, detail: schema?.description, textEdit: { range, newText: value } });
    }
  }
}

function completeKey(
  list: CompletionList,
  cursor: Extract<CursorContext, { kind: 'key' }>,
  file: SourceFile,
  offset: number,
  options: CompletionOptions,
): void {
  const objectSchema = schemaAtPath(cursor.path);
  if (!objectSchema?.properties) return;
  const token = cursor.token;
  const present = new Set(cursor.object.props.filter((p) => !(token && p.file === file && p.keyOffset === token.offset)).map((p) => p.key));
  if (cursor.object.file === file) for (const key of keysWrittenIn(file.text, cursor.object.offset, token?.offset)) present.add(key);
  const excluded = exclusiveKeys(cursor.object, present, cursor.path.length === 2 && cursor.path[1].key === 'navigation');
  const required = new Set(requiredKeys(objectSchema, cursor.object));
  const keyOnly = token !== undefined && /^\s*:/.test(file.text.slice(token.offset + token.length));
  const range: Range = token ? rangeIn(file, token.offset, token.length) : rangeIn(file, offset, 0);
  const additionalTextEdits = commaEdit(cursor, file);
  const commaAfter = !keyOnly && entryFollows(file.text, token ? token.offset + token.length : offset) ? ',' : '';
  for (const [key, raw] of Object.entries(objectSchema.properties)) {
    if (present.has(key) || excluded.has(key)) continue;
    const schema = propertySchema(objectSchema, key);
    const snippet = options.snippets && !keyOnly;
    const newText = keyOnly ? JSON.stringify(key) : `${JSON.stringify(key)}: ${valueTemplate(schema ?? raw, snippet)}${commaAfter}`;
    list.items.push({
      label: key,
      kind: CompletionItemKind.Property,
      detail: required.has(key) ? 'required' : undefined,
      documentation: schema?.description ? { kind: MarkupKind.Markdown, value: schema.description } : undefined,
      sortText: `${required.has(key) ? 0 : 1}${key}`,
      filterText: token ? JSON.stringify(key) : key,
      insertTextFormat: snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
      textEdit: { range, newText },
      additionalTextEdits,
    });
  }
}

/** An element holds one type of child per level, and `navigation` one primary pattern: once one is there, not the others. */
function exclusiveKeys(object: JObject, present: Set<string>, isNavigation: boolean): Set<string> {
  const group = isNavigation ? ROOT_PATTERNS : CHILD_KEYS;
  const chosen = group.filter((k) => present.has(k) && object.props.some((p) => p.key === k && p.value.type === 'array'));
  return new Set(chosen.length ? group.filter((k) => !chosen.includes(k)) : []);
}

function valueTemplate(schema: SchemaNode | undefined, snippet: boolean): string {
  if (!snippet) return JSON.stringify(emptyValueOf(schema));
  switch (typesOf(schema)[0] ?? 'string') {
    case 'array':
      return '[$1]';
    case 'object':
      return '{$1}';
    case 'boolean':
      return '${1|true,false|}';
    case 'number':
      return '${1:0}';
    default:
      return schema?.enum ? `"\${1|${schema.enum.map(String).join(',')}|}"` : '"$1"';
  }
}

/** A value written inside JSON quotes. */
function escapeJson(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/** Names listed at most: the list is asked for again as more is typed. */
const MAX_NAME_ITEMS = 300;

/** `icon` as a name (`"icon": "rocket"`), or the `name` of an icon object. */
function isIconName(keys: (string | number)[]): boolean {
  const last = keys[keys.length - 1];
  return last === 'icon' || (last === 'name' && keys[keys.length - 2] === 'icon');
}

/** The icon object's own `library`, else the site's `icons.library`, else Font Awesome (the platform's default). */
function iconLibrary(ctx: DocsContext, cursor: Extract<CursorContext, { kind: 'value' }>): IconLibrary {
  return (cursor.key === 'name' ? iconLibraryOf(propertyOf(cursor.object, 'library')?.value) : undefined) ?? siteIconLibrary(ctx.model.root);
}

/** Names holding what is typed, those starting with it first. */
function addNames(list: CompletionList, names: string[], cursor: Positioned, file: SourceFile, offset: number, detail: string): void {
  const { range, text, typed } = replacement(cursor, file, offset, (v) => JSON.stringify(v));
  const needle = typed.trim().toLowerCase();
  const starting: string[] = [];
  const holding: string[] = [];
  for (const name of names) {
    const at = needle ? name.toLowerCase().indexOf(needle) : 0;
    if (at === 0) starting.push(name);
    else if (at > 0) holding.push(name);
  }
  const matched = [...starting, ...holding];
  list.isIncomplete = list.isIncomplete || matched.length > MAX_NAME_ITEMS;
  matched.slice(0, MAX_NAME_ITEMS).forEach((name, index) => {
    list.items.push({
      label: name,
      kind: CompletionItemKind.Value,
      detail,
      sortText: String(index).padStart(5, '0'),
      filterText: cursor.token?.isString ? name : JSON.stringify(name),
      textEdit: { range, newText: text(name) },
    });
  });
}
