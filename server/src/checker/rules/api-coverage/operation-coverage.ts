// Per local spec the navigation uses, each operation and what gives it a page (issue 51): an endpoint entry, a
// generated group (an element naming the spec with nothing under it), a page with `openapi:` front matter, or
// nothing; with the page path the platform gives it. What the Docs view's API section shows; no finding.
import { DocsModel, NavElement } from '../../model/docs-model';
import { listedEndpointPagePath, operationPagePath } from '../../links/generated-pages';
import { localSpecPath } from '../../openapi/inherited-specs';
import { SpecEndpoint } from '../../openapi/openapi-spec';
import { pageFileCandidates } from '../../workspace/page-files';
import { DocsWorkspace } from '../../workspace/docs-workspace';
import { frontMatterOperation, specUses, SpecUse } from './spec-scope';

/** Pages whose front matter is read for `openapi:` per check, at most (each is a file read). */
export const MAX_FRONT_MATTER_READS = 2_000;

export interface OperationCoverage {
  endpoint: SpecEndpoint;
  /** What gives it a page; 'none' when nothing does (an `x-excluded` operation never has one). */
  coveredBy: 'entry' | 'generated' | 'page' | 'none';
  /** The entry that lists it (first in navigation order), or the page file whose `openapi:` names it. */
  entry?: NavElement;
  page?: string;
  /** The page path the platform gives it (or would, were it listed); none for an `x-excluded` operation. */
  pagePath?: string;
}

export interface SpecCoverage {
  /** The spec's path from the docs root. */
  file: string;
  /** Why its operations are not known: it is missing, invalid, or still being read. */
  unread?: string;
  operations: OperationCoverage[];
}

/** Every local spec docs.json names, in its order, with each operation's coverage in the spec's order. */
export function operationCoverage(model: DocsModel, workspace: DocsWorkspace): SpecCoverage[] {
  const coverage: SpecCoverage[] = [];
  for (const use of specUses(model, workspace).values()) {
    const spec = workspace.spec(use.file);
    if (!spec.ok) {
      coverage.push({ file: use.file, unread: spec.problem, operations: [] });
      continue;
    }
    const listed = new Map<string, NavElement>();
    for (const { element, endpoint } of use.listed) if (!listed.has(endpoint.key)) listed.set(endpoint.key, element);
    const pages = use.generatesAll ? new Map<string, string>() : frontMatterPages(use, model.elements, workspace);
    const operations: OperationCoverage[] = [];
    for (const endpoint of spec.endpoints.values()) {
      if (endpoint.excluded) {
        operations.push({ endpoint, coveredBy: 'none' });
        continue;
      }
      const entry = listed.get(endpoint.key);
      const page = pages.get(endpoint.key);
      if (entry) operations.push({ endpoint, coveredBy: 'entry', entry, pagePath: listedEndpointPagePath(entry, endpoint) });
      else if (use.generatesAll) operations.push({ endpoint, coveredBy: 'generated', pagePath: operationPagePath(endpoint, use.folder) });
      else if (page !== undefined) operations.push({ endpoint, coveredBy: 'page', page, pagePath: page.replace(/\.mdx?$/, '') });
      else operations.push({ endpoint, coveredBy: 'none', pagePath: operationPagePath(endpoint, use.folder) });
    }
    coverage.push({ file: use.file, operations });
  }
  return coverage;
}

/** The operations named by the `openapi:` front matter of the pages listed where the spec is inherited, with the page file naming each first. */
export function frontMatterPages(use: SpecUse, elements: readonly NavElement[], workspace: DocsWorkspace): Map<string, string> {
  const pages = new Map<string, string>();
  let reads = 0;
  for (const element of elements) {
    if (element.kind !== 'page' || element.label === undefined) continue;
    if (!element.openapi.some((source) => localSpecPath(source) === use.file)) continue;
    const page = element.label.replace(/^\/+/, '');
    const file = pageFileCandidates(page).find((candidate) => workspace.files.has(candidate));
    if (file === undefined) continue;
    if (++reads > MAX_FRONT_MATTER_READS) break;
    const key = workspace.fromText(file, 'openapi-operation', (text) => (text === undefined ? undefined : frontMatterOperation(text)));
    if (key && !pages.has(key)) pages.set(key, file);
  }
  return pages;
}
