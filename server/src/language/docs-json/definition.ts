import { DocumentLink, Location, Range } from 'vscode-languageserver-types';
import {
  fileSettingValues,
  findEndpoint,
  JString,
  linkSettingValues,
  markdownSettingLinks,
  localSpecPath,
  NavElement,
  openApiSources,
  propertyOf,
  resolveDocsPath,
  settingFilePath,
  SourceFile,
  specsForEndpoint,
  toAbsolute,
  valueOf,
} from '../../checker';
import { resolveLink } from '../../checker/links/resolve-link';
import { landedFile } from '../../project/page-links';
import { DocsContext } from '../base/docs-context';
import { rangeOfNode, START_OF_FILE } from '../base/ranges';

/**
 * A string of the model that leads somewhere: a page file, an operation in a spec, a spec or `$ref` file, the file
 * of a file setting (`logo`, `favicon`...), the page or file a setting's link or a redirect destination lands on.
 */
interface Candidate {
  node: JString;
  resolve(): { path: string; range: Range } | undefined;
}

/** Go to definition at `offset`. */
export function definitionAt(ctx: DocsContext, file: SourceFile, offset: number): Location[] {
  const candidate = candidatesIn(ctx, file).find((c) => c.node.offset <= offset && offset < c.node.offset + c.node.length);
  const target = candidate?.resolve();
  return target ? [{ uri: ctx.uriOf(target.path), range: target.range }] : [];
}

/** Every link of a file of the model: pages, endpoints, `openapi` and `$ref` paths, settings' files and links written in it. */
export function documentLinks(ctx: DocsContext, file: SourceFile): DocumentLink[] {
  const links: DocumentLink[] = [];
  for (const candidate of candidatesIn(ctx, file)) {
    const target = candidate.resolve();
    if (!target) continue;
    const uri = ctx.uriOf(target.path);
    const { line, character } = target.range.start;
    links.push({ range: rangeOfNode(candidate.node), target: line > 0 ? `${uri}#L${line + 1},${character + 1}` : uri });
  }
  return links;
}

/** The page file an element names, as a path inside the docs folder. */
export function pageFileOf(ctx: DocsContext, node: JString): string | undefined {
  const resolved = resolveDocsPath(node.plain);
  return resolved.inside ? ctx.workspace.files.pageFile(resolved.relative) : undefined;
}

/** The spec file and position of an endpoint element's operation. */
export function endpointTarget(ctx: DocsContext, element: NavElement): { path: string; range: Range } | undefined {
  if (!element.endpoint) return undefined;
  const found = specsForEndpoint(element, element.endpoint, ctx.workspace);
  if (found.status !== 'ok') return undefined;
  const match = findEndpoint(found.specs, element.endpoint.key);
  if (!match) return undefined;
  const position = { line: match.endpoint.line, character: match.endpoint.character };
  return { path: toAbsolute(ctx.workspace.root, match.spec.file), range: { start: position, end: position } };
}

function candidatesIn(ctx: DocsContext, file: SourceFile): Candidate[] {
  const candidates: Candidate[] = [];
  const root = ctx.workspace.root;
  const inFile = (node: { file: SourceFile }) => node.file.path === file.path;
  const toFile = (node: JString, relative: () => string | undefined): Candidate => ({
    node,
    resolve: () => {
      const target = relative();
      return target !== undefined && ctx.workspace.files.has(target) ? { path: toAbsolute(root, target), range: START_OF_FILE } : undefined;
    },
  });
  const addSpecs = (sources: ReturnType<typeof openApiSources>) => {
    for (const source of sources) if (inFile(source.node)) candidates.push(toFile(source.node, () => localSpecPath(source)));
  };
  for (const element of ctx.model.elements) {
    const node = element.node;
    if (node.type === 'string') {
      if (!inFile(node)) continue;
      if (element.kind === 'page') candidates.push(toFile(node, () => pageFileOf(ctx, node)));
      else if (element.kind === 'endpoint') candidates.push({ node, resolve: () => endpointTarget(ctx, element) });
    } else if (node.type === 'object') {
      addSpecs(openApiSources(propertyOf(node, 'openapi')));
      const rootPage = valueOf(node, 'root');
      if (element.kind === 'group' && rootPage?.type === 'string' && inFile(rootPage)) candidates.push(toFile(rootPage, () => pageFileOf(ctx, rootPage)));
    }
  }
  addSpecs(openApiSources(propertyOf(valueOf(ctx.model.root, 'api'), 'openapi')));
  for (const link of ctx.model.refLinks) {
    const node = link.node;
    if (node.type === 'string' && inFile(node)) candidates.push(toFile(node, () => link.target));
  }
  for (const { value } of fileSettingValues(ctx.model.root)) {
    if (value.type === 'string' && inFile(value)) candidates.push(toFile(value, () => settingFilePath(value.plain)));
  }
  for (const value of linkSettingValues(ctx.model.root)) {
    if (value.type === 'string' && inFile(value)) {
      candidates.push(toFile(value, () => landedFile(resolveLink(value.plain, ctx.project.pageLinks.targets(ctx.model)))));
    }
  }
  // A Markdown link inside `banner.content` or `errors.404.description`: the link's target alone leads on.
  for (const { href, range } of markdownSettingLinks(ctx.model.root)) {
    if (!inFile(range)) continue;
    const target: JString = { type: 'string', file: range.file, offset: range.offset, length: range.length, plain: href };
    candidates.push(toFile(target, () => landedFile(resolveLink(href, ctx.project.pageLinks.targets(ctx.model)))));
  }
  return candidates;
}
