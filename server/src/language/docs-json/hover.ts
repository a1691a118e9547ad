import { Hover, MarkupKind } from 'vscode-languageserver-types';
import {
  contrastPairs,
  contrastText,
  findEndpoint,
  neededText,
  JString,
  KIND_TITLE,
  nodePathAt,
  PathStep,
  propertyKeyAt,
  resolveDocsPath,
  SourceFile,
  specsForEndpoint,
  SpecEndpoint,
} from '../../checker';
import { DocsContext } from '../base/docs-context';
import { readFrontMatter } from '../pages/front-matter';
import { rangeIn, rangeOfNode } from '../base/ranges';
import { propertySchema, schemaAtPath } from '../../checker/json/schema-lookup';
import { pushAll } from '../../checker/text/push-all';

/** Hover at `offset`: a page's front matter, an endpoint's operation, or a key's schema description. */
export function hoverAt(ctx: DocsContext, file: SourceFile, offset: number): Hover | null {
  let path = nodePathAt(ctx.model.root, file.path, offset);
  // On a string's opening quote, as inside it: the range a hover, a link or a diagnostic reports starts there.
  if (path[path.length - 1]?.node.type !== 'string' && file.text.charCodeAt(offset) === 34 /* " */) {
    const inside = nodePathAt(ctx.model.root, file.path, offset + 1);
    if (inside[inside.length - 1]?.node.type === 'string') path = inside;
  }
  const deepest = path[path.length - 1];
  if (!deepest) return null;
  const element = ctx.model.byNode.get(deepest.node);
  if (element?.kind === 'page' && deepest.node.type === 'string') return pageHover(ctx, deepest.node);
  if (element?.kind === 'endpoint' && element.endpoint) {
    const entry = element.endpoint;
    const lines = [`**${entry.method}** \`${entry.path}\``];
    const found = specsForEndpoint(element, entry, ctx.workspace);
    const match = found.status === 'ok' ? findEndpoint(found.specs, entry.key) : undefined;
    if (match) {
      pushAll(lines, operationLines(match.endpoint, match.spec.file));
    } else {
      lines.push(
        found.status === 'ok'
          ? 'Not in the inherited OpenAPI spec.'
          : found.status === 'loading'
            ? 'The inherited OpenAPI spec is still loading.'
            : 'The inherited OpenAPI spec cannot be read here.',
      );
    }
    return { contents: { kind: MarkupKind.Markdown, value: lines.join('\n\n') }, range: rangeOfNode(deepest.node) };
  }
  const key = propertyKeyAt(deepest.node, file.path, offset);
  if (key) {
    const schema = propertySchema(schemaAtPath(path), key.key);
    const owner = ctx.model.byNode.get(deepest.node);
    if (!schema?.description) return null;
    const heading = owner ? `\`${key.key}\` (${KIND_TITLE[owner.kind]})` : `\`${key.key}\``;
    return { contents: { kind: MarkupKind.Markdown, value: `${heading}\n\n${schema.description}` }, range: rangeIn(key.file, key.keyOffset, key.keyLength) };
  }
  return contrastHover(ctx, deepest.node) ?? valueHover(path);
}

/** A theme color or background of docs.json: its contrast ratios as `mint a11y` measures them (issue 26). */
function contrastHover(ctx: DocsContext, node: PathStep['node']): Hover | null {
  if (node.type !== 'string') return null;
  const pairs = contrastPairs(ctx.model.root).filter((pair) => pair.node === node || pair.background.node === node);
  if (!pairs.length) return null;
  const lines = pairs.map((pair) => {
    const verdict = pair.ratio >= pair.needed ? 'passes' : '**fails**';
    return `${pair.node === node ? '' : `\`${pair.label}\` ${pair.node.plain}: `}Contrast ${contrastText(pair)}: ${verdict} WCAG AA (${neededText(pair).replace('WCAG AA needs ', '')})`;
  });
  return { contents: { kind: MarkupKind.Markdown, value: lines.join('\n\n') }, range: rangeOfNode(node) };
}

/** A value of an enum setting: what the value means (its own text), then what the key means. Free text (a label) has none. */
function valueHover(path: PathStep[]): Hover | null {
  const { node, key } = path[path.length - 1];
  if (typeof key !== 'string' || node.type !== 'string') return null;
  const schema = schemaAtPath(path);
  const index = schema?.enum?.indexOf(node.plain) ?? -1;
  if (index < 0) return null;
  const meaning = schema?.enumDescriptions?.[index];
  const lines = [`\`${key}\`: \`${JSON.stringify(node.plain)}\``, meaning, schema?.description].filter(Boolean);
  return { contents: { kind: MarkupKind.Markdown, value: lines.join('\n\n') }, range: rangeOfNode(node) };
}

function pageHover(ctx: DocsContext, node: JString): Hover {
  const resolved = resolveDocsPath(node.plain);
  const pageFile = resolved.inside ? ctx.workspace.files.pageFile(resolved.relative) : undefined;
  const range = rangeOfNode(node);
  if (pageFile === undefined) return { contents: { kind: MarkupKind.Markdown, value: `No page file for \`${node.plain}\`` }, range };
  const text = ctx.workspace.read(pageFile); // through the workspace: it refuses links that leave the folder
  const { title, description } = text === undefined ? {} : readFrontMatter(text);
  const lines = [`**${title ?? node.plain}**`];
  if (description) lines.push(description);
  lines.push(`\`${pageFile}\``);
  return { contents: { kind: MarkupKind.Markdown, value: lines.join('\n\n') }, range };
}

/** What a hover says of an operation: its summary, operationId, description and spec file. */
export function operationLines(endpoint: SpecEndpoint, specFile: string): string[] {
  const lines: string[] = [];
  if (endpoint.summary) lines.push(endpoint.summary);
  if (endpoint.operationId) lines.push(`operationId: \`${endpoint.operationId}\``);
  if (endpoint.description && endpoint.description !== endpoint.summary) lines.push(endpoint.description);
  lines.push(`Spec: \`${specFile}\``);
  return lines;
}
