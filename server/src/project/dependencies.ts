import { DocsModel, localSpecPath, openApiSources, propertyOf, toRelative, valueOf } from '../checker';
import { pushAll } from '../checker/text/push-all';

/** Files (relative) a model read besides docs.json, or looked for: `$ref` parts and local OpenAPI specs. */
export function dependenciesOf(model: DocsModel, folder: string): Set<string> {
  const files = new Set<string>();
  for (const source of model.sources.slice(1)) {
    const relative = toRelative(folder, source.path);
    if (relative !== undefined) files.add(relative);
  }
  for (const link of model.refLinks) if (link.target !== undefined) files.add(link.target);
  const specs = [...openApiSources(propertyOf(valueOf(model.root, 'api'), 'openapi'))];
  for (const element of model.elements) {
    if (element.node.type === 'object') pushAll(specs, openApiSources(propertyOf(element.node, 'openapi')));
  }
  for (const spec of specs) {
    const relative = localSpecPath(spec);
    if (relative !== undefined) files.add(relative);
  }
  return files;
}
