// Editing help on a page's `openapi:` front matter: completion of `METHOD /path` from the site's specs, hover with
// the operation, go to definition into the spec, and the nearest operation as a quick fix.
import { CompletionItemKind, CompletionList, Hover, Location, MarkupKind, Position } from 'vscode-languageserver-types';
import { LineMap, pageIdOf, toAbsolute } from '../../checker';
import { FrontMatterEntry, readFrontMatterEntries } from '../../checker/pages/front-matter';
import { findPageOperation, PageOpenApi, pageOpenApi, specsNamed } from '../../checker/rules/front-matter-openapi/rule';
import { DocsProject } from '../../project/docs-project';
import { EndpointItem, endpointItemsFor, MAX_ENDPOINT_ITEMS } from '../docs-json/completion';
import { operationLines } from '../docs-json/hover';

interface OpenApiEntry {
  text: string;
  lines: LineMap;
  entry: FrontMatterEntry;
  offset: number;
}

/** The page's `openapi:` front matter entry when `position` is on its value (its end included). */
function openApiEntryAt(project: DocsProject, file: string, position: Position): OpenApiEntry | undefined {
  const relative = project.relative(file);
  if (relative === undefined || pageIdOf(relative) === undefined) return undefined;
  const text = project.workspace.read(relative);
  if (text === undefined || !/^\uFEFF?---/.test(text)) return undefined;
  const entry = readFrontMatterEntries(text)?.entries.find((e) => e.key === 'openapi');
  if (!entry) return undefined;
  const lines = new LineMap(text);
  const offset = lines.offsetAt(position);
  if (offset < entry.keyEnd || offset > Math.max(entry.valueEnd, lineEnd(text, entry.keyEnd))) return undefined;
  return { text, lines, entry, offset };
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : text[end - 1] === '\r' ? end - 1 : end;
}

/** The operation named, when the cursor is on `METHOD /path`. */
function operationAt(project: DocsProject, at: OpenApiEntry): { openapi: PageOpenApi; found: ReturnType<typeof findPageOperation> } | undefined {
  const openapi = pageOpenApi(at.text, at.entry);
  if (typeof openapi !== 'object' || at.offset < openapi.start || at.offset > openapi.end) return undefined;
  const specs = project.pageLinks.folderSpecs.specs(project.model());
  if (specs.status !== 'ok') return { openapi, found: undefined };
  return { openapi, found: findPageOperation(openapi, specsNamed(openapi.spec, specs.specs)) ?? findPageOperation(openapi, specs.specs) };
}

/** `METHOD /path` of the site's specs (of the spec named first, when one is), replacing what is typed after it. */
export function completePageOpenApi(project: DocsProject, file: string, position: Position): CompletionList | null {
  const at = openApiEntryAt(project, file, position);
  if (!at) return null;
  const specs = project.pageLinks.folderSpecs.specs(project.model());
  if (specs.status !== 'ok') return { isIncomplete: true, items: [] };
  const { text, entry } = at;
  const written = text.slice(entry.valueStart, Math.max(entry.valueEnd, at.offset));
  const quote = /^["']/.exec(written)?.[0] ?? '';
  const contentStart = entry.valueStart + quote.length;
  const contentEnd = quote && written.length > 1 && written.endsWith(quote) ? entry.valueStart + written.length - 1 : entry.valueStart + written.length;
  // A first word naming a spec file stays; what follows it is replaced.
  const words = /^(\S+)\s+/.exec(text.slice(contentStart, at.offset));
  const named = words && specsNamed(words[1], specs.specs) !== specs.specs ? words : null;
  const start = named ? contentStart + named[0].length : contentStart;
  if (at.offset < start) return null;
  const range = { start: at.lines.positionAt(start), end: at.lines.positionAt(Math.max(contentEnd, at.offset)) };
  const needle = text.slice(start, at.offset).trim().toLowerCase();
  const list: CompletionList = { isIncomplete: false, items: [] };
  const found: { spec: string; item: EndpointItem }[] = [];
  collect: for (const spec of named ? specsNamed(named[1], specs.specs) : specs.specs) {
    for (const item of endpointItemsFor(project.workspace, spec, needle)) {
      if (found.length === MAX_ENDPOINT_ITEMS) {
        list.isIncomplete = true;
        break collect;
      }
      found.push({ spec: spec.file, item });
    }
  }
  // One item per operation: where several specs have one, each item names its spec first (as the page then writes it).
  const specsOf = new Map<string, number>();
  for (const { item } of found) specsOf.set(item.label, (specsOf.get(item.label) ?? 0) + 1);
  for (const { spec, item } of found) {
    const label = !named && specsOf.get(item.label)! > 1 ? `${spec} ${item.label}` : item.label;
    list.items.push({ label, kind: CompletionItemKind.Method, detail: item.detail, documentation: item.documentation, filterText: label, textEdit: { range, newText: label } });
  }
  return list;
}

/** The operation's method, path, summary, operationId, description and spec. */
export function hoverPageOpenApi(project: DocsProject, file: string, position: Position): Hover | null {
  const at = openApiEntryAt(project, file, position);
  const named = at && operationAt(project, at);
  if (!at || !named) return null;
  const { openapi, found } = named;
  const lines = [`**${openapi.method.toUpperCase()}** \`${openapi.path}\``, ...(found ? operationLines(found.endpoint, found.spec.file) : ['Not in the OpenAPI specs of the docs folder.'])];
  return { contents: { kind: MarkupKind.Markdown, value: lines.join('\n\n') }, range: { start: at.lines.positionAt(openapi.start), end: at.lines.positionAt(openapi.end) } };
}

/** The operation in its spec file. */
export function definitionPageOpenApi(project: DocsProject, file: string, position: Position, uriOf: (file: string) => string): Location[] | null {
  const at = openApiEntryAt(project, file, position);
  const found = at && operationAt(project, at)?.found;
  if (!found) return null;
  const where = { line: found.endpoint.line, character: found.endpoint.character };
  return [{ uri: uriOf(toAbsolute(project.folder, found.spec.file)), range: { start: where, end: where } }];
}
