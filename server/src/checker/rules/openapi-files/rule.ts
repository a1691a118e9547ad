// SPEC rule 12: each `openapi` names a readable OpenAPI specification file.
import { diagnostic } from '../../diagnostics';
import { propertyOf, valueOf } from '../../json/json-tree';
import { remoteSpecFolders } from '../../links/generated-pages';
import { DocsModel, OpenApiSource, openApiSources } from '../../model/docs-model';
import { resolveDocsPath } from '../../workspace/docs-paths';
import { RuleContext } from '../rule-context';
import { pushAll } from '../../text/push-all';
import { RuleModule } from '../rule-module';

/** Every `openapi` source docs.json writes: `api.openapi`, then each navigation element's, in order. */
export function writtenOpenApiSources(model: DocsModel): OpenApiSource[] {
  const sources: OpenApiSource[] = openApiSources(propertyOf(valueOf(model.root, 'api'), 'openapi'));
  for (const element of model.elements) {
    if (element.node.type === 'object') pushAll(sources, openApiSources(propertyOf(element.node, 'openapi')));
  }
  return sources;
}

export function checkOpenApiFiles({ model, workspace, report }: RuleContext): void {
  const sources = writtenOpenApiSources(model);
  const remoteSeen = new Set<string>();
  const folders = remoteSpecFolders(model);
  for (const source of sources) {
    if (source.remote) {
      if (remoteSeen.has(source.location)) continue;
      remoteSeen.add(source.location);
      report(diagnostic('remote-openapi', source.node, `Remote OpenAPI spec '${source.location}' is not fetched: its endpoints are not checked${pagesNotChecked(folders.get(source.location))}`));
      continue;
    }
    const resolved = resolveDocsPath(source.location);
    if (!resolved.inside) {
      report(diagnostic('page-outside-root', source.node, `'${source.location}' leaves the docs folder: it is not read`));
      continue;
    }
    const spec = workspace.spec(resolved.relative);
    if (spec.ok || spec.problem === 'loading') continue; // checked again once it is read
    if (spec.problem === 'missing') {
      report(diagnostic('missing-openapi', source.node, `OpenAPI file '${source.location}' was not found in the docs folder`));
    } else {
      report(diagnostic('invalid-openapi', source.node, `OpenAPI file '${source.location}' cannot be read: ${spec.message}`));
    }
  }
}

/** The words on the links into the pages a remote spec generates: said once, here, instead of a finding per link. */
function pagesNotChecked(folders: string[] | undefined): string {
  if (!folders) return '';
  const named = folders.slice(0, 3).map((folder) => `\`/${folder}/\``).join(', ');
  const more = folders.length > 3 ? ` and ${folders.length - 3} more folders` : '';
  return `, nor are links to the pages it generates (under ${named}${more}): a link one or two segments deeper is taken as one`;
}

export const rule: RuleModule = {
  folder: 'openapi-files',
  codes: { 'missing-openapi': 'error', 'invalid-openapi': 'error', 'remote-openapi': 'info' },
  check: checkOpenApiFiles,
};
